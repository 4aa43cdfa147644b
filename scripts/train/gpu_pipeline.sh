#!/usr/bin/env bash
# One GPU-machine run (about 9 minutes on one H100): tokenize the corpus, generate labels on every
# CPU core while both encoders pre-train (MLM) on the GPU, then fine-tune latte_v1, latte_v2 and
# espresso_v1 side by side, and pack the weights for the trip back (ckpt_parts.py).
#
# Input (GPU_DATA, carried; build it with scripts/train/gpu_data.sh): docs.jsonl.xz, wn.tar.xz, vocab.txt
# Output: $OUT/<id>.partK.pt (unpack with ckpt_parts.py unpack) and $OUT/logs.tgz
# Work dir $WORK keeps checkpoints, so later runs on the same (still warm) machine go on from them:
#   STAGE=refine1, then STAGE=refine2 (about 5 minutes each): more latte_v1 fine-tuning, and latte_v2
#   distilled from latte_v1 (the first bundle: latte_v1_r2 and espresso_v1).
# A later session on a fresh machine: STAGE=distill rebuilds checkpoints from the bundled ONNX files
#   (onnx_to_ckpt.py) and distils students from the bundled latte_v1; the bundled latte_v1 and
#   latte_v2 come from these runs (README.md, "Bundled models").
# Back here: ckpt_parts.py unpack, then export_onnx.py (see README.md, "GPU run").
# Knobs (minutes): MLM_MIN, LABEL_MIN, FT_MIN; presets P1 (latte_v1), P2 (latte_v2, espresso_v1); label
# recipe: BRIDGE, SYNONYMS and KEEP (make_labels.py --bridge / --synonyms / --keep).
set -euo pipefail
export PYTHONUNBUFFERED=1
T=$(cd "$(dirname "$0")" && pwd)
PY=${PY:-python3}
G=${GPU_DATA:-.gpu}
W=${WORK:-/tmp/crema}
OUT=${OUT:-$W/out}
P1=${P1:-medium}; P2=${P2:-base}
MLM_MIN=${MLM_MIN:-3.2}; LABEL_MIN=${LABEL_MIN:-1.5}; FT_MIN=${FT_MIN:-3.2}; EVAL_SECS=${EVAL_SECS:-75}
MLM_BATCH=${MLM_BATCH:-128}; FT_BATCH=${FT_BATCH:-64}; SEQ=${SEQ:-512}
SHARDS=${SHARDS:-13}; ESP_SHARDS=${ESP_SHARDS:-2}
STAGE=${STAGE:-all}
mkdir -p "$W/labels" "$W/ckpt" "$W/logs" "$OUT"
VOCAB=$G/vocab.txt
log() { echo "[$(date +%T)] $*"; }
trap 'tar -czf "$OUT/logs.tgz" -C "$W" logs 2>/dev/null || true' EXIT
watch_start() { # fail fast: every pid must still run (or have finished cleanly) after $1 seconds
  sleep "$1"; shift
  for p in "$@"; do
    kill -0 "$p" 2>/dev/null || wait "$p" || { echo "a training process died early"; tail -30 "$W"/logs/*.log; exit 1; }
  done
}
train() { # name, args... (background; log in $W/logs/<name>.log)
  local name=$1; shift
  $PY "$T/train.py" --vocab "$VOCAB" --out "$W/ckpt/$name" --threads 1 "$@" > "$W/logs/$name.log" 2>&1
}

unpack() { # corpus, WordNet, token stream for MLM (NO_MLM=1 skips it)
  log "unpack"
  xz -dc "$G/docs.jsonl.xz" | gzip -1 > "$W/docs.jsonl.gz"
  tar -xJf "$G/wn.tar.xz" -C "$W"
  [ -n "${NO_MLM:-}" ] || $PY "$T/tokenize_corpus.py" --corpus "$W/docs.jsonl.gz" --vocab "$VOCAB" --out "$W/mlm.npy" --procs "$(nproc)"
}
start_labels() { # background label shards on every core; their pids in lab_pids
  log "labels ($SHARDS latte + $ESP_SHARDS espresso shards, $LABEL_MIN min)"
  LAB=("$PY" "$T/make_labels.py" --corpus "$W/docs.jsonl.gz" --vocab "$VOCAB" --wordnet "$W/dict" --out "$W/labels"
       --encode "$SEQ" --max-len "$SEQ" --minutes "$LABEL_MIN" --bridge "${BRIDGE:-0}" --synonyms "${SYNONYMS:-0.15}" --keep "${KEEP:-0.45,0.85}")
  lab_pids=()
  "${LAB[@]}" --shard 0 --splits val --latte 20000 --espresso 10000 > "$W/logs/labels0.log" 2>&1 & lab_pids+=($!)
  for k in $(seq 1 "$SHARDS"); do
    "${LAB[@]}" --shard "$k" --splits train --latte 100000 --espresso 0 > "$W/logs/labels$k.log" 2>&1 & lab_pids+=($!)
  done
  for k in $(seq $((SHARDS + 1)) $((SHARDS + ESP_SHARDS))); do
    "${LAB[@]}" --shard "$k" --splits train --latte 0 --espresso 100000 > "$W/logs/labels$k.log" 2>&1 & lab_pids+=($!)
  done
}
MLM=(--task mlm --mlm-npy "$W/mlm.npy" --seq "$SEQ" --batch "$MLM_BATCH" --steps 1000000 --minutes "$MLM_MIN")
FT=(--labels "$W/labels" --seq "$SEQ" --batch "$FT_BATCH" --steps 1000000 --minutes "$FT_MIN" --pos-weight 2)

if [ "$STAGE" = all ]; then
  unpack
  start_labels
  log "MLM ($MLM_MIN min)"
  train "mlm_$P1" --preset "$P1" --lr 5e-4 "${MLM[@]}" & m1=$!
  m2=$m1; [ "$P2" = "$P1" ] || { train "mlm_$P2" --preset "$P2" --lr 7e-4 "${MLM[@]}" & m2=$!; }
  watch_start 45 $m1 $m2; { grep -h "^step" "$W"/logs/mlm_*.log | tail -2; } || true
  wait $m1 || true; wait
  grep -h "^final" "$W"/logs/mlm_*.log || { tail -20 "$W"/logs/mlm_*.log; exit 1; }
  log "labels"; grep -h "latte train\|espresso train\|latte val\|espresso val" "$W"/logs/labels*.log | sort | uniq -c | head -40 || true

  log "fine-tune ($FT_MIN min)"
  train latte_v1 --task latte --preset "$P1" --init "$W/ckpt/mlm_$P1/model.pt" --lr 2e-4 "${FT[@]}" & f1=$!
  train latte_v2 --task latte --preset "$P2" --init "$W/ckpt/mlm_$P2/model.pt" --lr 3e-4 "${FT[@]}" & f2=$!
  train espresso_v1 --task espresso --preset "$P2" --init "$W/ckpt/mlm_$P2/model.pt" --lr 3e-4 "${FT[@]}" & f3=$!
  watch_start 45 $f1 $f2 $f3; { grep -h "^step" "$W"/logs/latte_*.log | tail -2; } || true
  wait
  IDS="latte_v1 latte_v2 espresso_v1"
elif [ "$STAGE" = refine1 ] || [ "$STAGE" = refine2 ]; then
  # refine1: latte_v1 trains on (lr 1e-4); latte_v2 restarts from its MLM weights with latte_v1's soft labels.
  # refine2: both go on at a lower rate with a new seed (new batch order); latte_v2 learns from refine1's v1.
  FT=(--task latte "${FT[@]}")
  if [ "$STAGE" = refine1 ]; then
    V1_FROM=latte_v1; V1_ARGS=(--lr 1e-4 --seed 1); V2_FROM=mlm_$P2; TEACHER=latte_v1; V2_ARGS=(--lr 3e-4 --seed 1); R=r1
  else
    V1_FROM=latte_v1_r1; V1_ARGS=(--lr 6e-5 --seed 5); V2_FROM=latte_v2_r1; TEACHER=latte_v1_r1; V2_ARGS=(--lr 1.5e-4 --seed 5); R=r2
  fi
  log "$STAGE ($FT_MIN min)"
  train latte_v1_$R --preset "$P1" --init "$W/ckpt/$V1_FROM/model.pt" "${V1_ARGS[@]}" "${FT[@]}" &
  train latte_v2_$R --preset "$P2" --init "$W/ckpt/$V2_FROM/model.pt" --teacher "$W/ckpt/$TEACHER/model.pt" --distill 0.7 \
    "${V2_ARGS[@]}" "${FT[@]}" &
  wait
  IDS="latte_v1_$R latte_v2_$R"
elif [ "$STAGE" = distill ]; then
  # A fresh machine, no checkpoints: the bundled models become checkpoints again (onnx_to_ckpt.py,
  # int8 weights dequantized) and the bundled latte_v1 teaches two students on fresh labels:
  # STUDENT1 (default latte_v2: the bundled weights, or FROM1, a checkpoint carried in GPU_DATA) and
  # STUDENT2 (default latte_v2; latte_v1 = the teacher's own weights go on, self-distillation).
  [ -n "${SKIP_LABELS:-}" ] || { unpack; start_labels; }
  for id in latte_v1 latte_v2; do $PY "$T/onnx_to_ckpt.py" --model "$T/../../models/$id" --out "$W/ckpt/bundled_$id/model.pt"; done
  wait
  log "labels"; grep -h "latte train\|latte val" "$W"/logs/labels*.log | sort | uniq -c | head -20 || true
  log "distill ($FT_MIN min, teacher weight ${DISTILL:-0.7} / ${DISTILL2:-1.0})"
  preset_of() { [ "$1" = latte_v1 ] && echo "$P1" || echo "${P2_DISTILL:-small}"; }
  S1=${STUDENT1:-latte_v2}; S2=${STUDENT2:-latte_v2}
  INIT1=${FROM1:+$G/$FROM1}; INIT1=${INIT1:-$W/ckpt/bundled_$S1/model.pt}
  KD=(--task latte --teacher "$W/ckpt/bundled_latte_v1/model.pt" "${FT[@]}")
  train ${S1}_d --preset "$(preset_of "$S1")" --init "$INIT1" --distill "${DISTILL:-0.7}" --lr "${LR1:-1.5e-4}" "${KD[@]}" & f1=$!
  train ${S2}_d2 --preset "$(preset_of "$S2")" --init "$W/ckpt/bundled_$S2/model.pt" --distill "${DISTILL2:-1.0}" --lr "${LR2:-3e-4}" \
    --seed 3 "${KD[@]}" & f2=$!
  watch_start 60 $f1 $f2; { grep -h "^step" "$W"/logs/*_d*.log | tail -2; } || true
  wait
  IDS="${S1}_d ${S2}_d2"
fi

grep -h "^final" "$W"/logs/latte_*.log "$W"/logs/espresso_*.log 2>/dev/null || true
log "pack"
for id in $IDS; do
  [ -f "$W/ckpt/$id/model.pt" ] || { echo "missing $id"; tail -20 "$W/logs/$id.log"; continue; }
  $PY "$T/ckpt_parts.py" pack --ckpt "$W/ckpt/$id/model.pt" --out "$OUT/$id"
done
# validation only (SQuAD subset carried in GPU_DATA, never trained on): retention at 19 distractors
if [ -f "$G/squad.json" ]; then
  log "eval"
  EV=(); for id in $IDS; do case $id in latte*) EV+=(--model "$id=$W/ckpt/$id/model.pt");; esac; done
  [ ${#EV[@]} = 0 ] || timeout "$EVAL_SECS" $PY "$T/eval_squad.py" --squad "$G/squad.json" --vocab "$VOCAB" "${EV[@]}" \
    --ratios 2,4,10,20,50 --limit "${EVAL_LIMIT:-300}" --out "$OUT/eval.json" 2>&1 | grep -v "^[0-9]*/" || echo "eval cut at ${EVAL_SECS}s"
fi
ls -la "$OUT"; log "done"
