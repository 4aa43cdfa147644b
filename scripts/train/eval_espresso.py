#!/usr/bin/env python3
"""Validation-only check of the query-agnostic model on the SQuAD subset paragraphs.
Word-level compression to keep 1/ratio of the words (top espresso KEEP probability, original order),
versus random words. Reports number retention (words with a digit), entity retention (capitalised
words not at sentence start, a proxy) and answer retention (every word of some gold answer kept).
usage: eval_espresso.py --vocab vocab.txt --model ckpt/espresso_v1/model.pt [--ratio 2]"""
import argparse, json, os, random, re, sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eval_squad import Scorer
from wp import WordPiece, split_words


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--squad", default="/work/shared/data/squad2-dev-subset.json")
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--ratio", type=float, default=2.0)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    tok = WordPiece.load(a.vocab)
    sc = Scorer(a.model, tok, a.threads)
    rng = random.Random(3)
    data = json.load(open(a.squad))["data"]
    agg = {m: {"num": [0, 0], "ent": [0, 0], "ans": [0, 0], "kept": [0, 0]} for m in ("espresso", "random")}
    for art in data:
        for p in art["paragraphs"]:
            words = split_words(p["context"])
            probs = sc.word_probs(None, words)
            k = max(1, int(round(len(words) / a.ratio)))
            keep = {"espresso": set(np.argsort(-probs, kind="stable")[:k].tolist()), "random": set(rng.sample(range(len(words)), k))}
            is_num = [any(c.isdigit() for c in w) for w in words]
            is_ent = [w[:1].isupper() and i > 0 and words[i - 1] not in ".!?" for i, w in enumerate(words)]
            answers = [split_words(x["text"]) for q in p["qas"] if not q.get("is_impossible") for x in q["answers"][:1]]
            for m, ks in keep.items():
                st = agg[m]
                st["kept"][0] += len(ks); st["kept"][1] += len(words)
                for i in range(len(words)):
                    if is_num[i]:
                        st["num"][0] += i in ks; st["num"][1] += 1
                    if is_ent[i]:
                        st["ent"][0] += i in ks; st["ent"][1] += 1
                kept_words = [words[i] for i in sorted(ks)]
                kept_text = " " + " ".join(kept_words) + " "
                for ans in answers:
                    st["ans"][0] += (" " + " ".join(ans) + " ") in kept_text or all(w in kept_words for w in ans)
                    st["ans"][1] += 1
    print(f"query-agnostic word-level compression at {a.ratio:g}x on {sum(len(x['paragraphs']) for x in data)} SQuAD paragraphs")
    for m, st in agg.items():
        f = lambda k: 100.0 * st[k][0] / max(1, st[k][1])
        print(f"{m:10s} kept {f('kept'):.1f}% of words | numbers {f('num'):.1f}% | entities {f('ent'):.1f}% | answer words all kept {f('ans'):.1f}%")


if __name__ == "__main__":
    main()
