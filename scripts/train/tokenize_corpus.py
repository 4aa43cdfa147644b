#!/usr/bin/env python3
"""Tokenize the whole corpus once, in parallel, into one uint16 WordPiece stream for MLM
pre-training (documents shuffled, [SEP] between them). train.py --mlm-npy reads it.

  tokenize_corpus.py --corpus docs.jsonl.gz --vocab vocab.txt --out mlm_tokens.npy --procs 8
"""
import argparse, gzip, json, os, random, sys
from multiprocessing import Pool

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wp import WordPiece, split_words

TOK = None


def init(vocab):
    global TOK
    TOK = WordPiece.load(vocab)


def encode_doc(line):
    d = json.loads(line)
    out = []
    for k, t in d["items"]:
        for w in split_words((k + "\n" + t) if k else t):
            out.extend(TOK.word_ids(w))
    out.append(TOK.sep)
    return np.asarray(out, np.uint16)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--procs", type=int, default=os.cpu_count())
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    lines = list(gzip.open(a.corpus, "rt"))
    random.Random(a.seed).shuffle(lines)
    with Pool(a.procs, initializer=init, initargs=(a.vocab,)) as pool:
        parts = pool.map(encode_doc, lines, chunksize=16)
    stream = np.concatenate(parts)
    np.save(a.out, stream)
    print(f"{len(lines)} docs -> {len(stream)} tokens -> {a.out}", flush=True)


if __name__ == "__main__":
    main()
