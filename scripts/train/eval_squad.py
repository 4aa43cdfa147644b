#!/usr/bin/env python3
"""Validation-only benchmark on ../shared/data/squad2-dev-subset.json (never used for training).

For each answerable question: context = gold paragraph + K distractor paragraphs (other paragraphs
of the file, gold position varied, fixed seed). Sentence-level selection keeps the best sentences
until the word budget (ratio x context words) is reached (sentences that do not fit are skipped),
kept sentences stay in original order. Metric: answer retention = any SQuAD-normalised gold answer
is a substring of the normalised kept text; achieved ratio = context words / kept words.

Methods: first-N words, random sentences, BM25 sentence selection, and each model checkpoint
(sentence score = mean or max of its words' KEEP probabilities, cmean = mean over content words
(not stop words / punctuation); a word's probability is the mean
over its pieces, averaged over overlapping windows), plus a hybrid "mean+bm25" (sum of the
min-max-normalised model mean and BM25 sentence scores).
usage: eval_squad.py --squad squad2-dev-subset.json --vocab vocab.txt --model latte_v1=ckpt/latte_v1/model.pt ...
"""
import argparse, collections, json, math, os, random, re, string, sys, time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Bert
from train import MAX_Q, tload
from wp import WordPiece, match_key, split_words

SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
STOP = set("a an the of to in on at by for with from and or is are was were be been what which who whom when where why how "
           "did do does that this it its as".split())


def squad_norm(s):
    s = s.lower()
    s = "".join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r"\b(a|an|the)\b", " ", s)
    return " ".join(s.split())


def bm25_scores(query, sents, k1=1.2, b=0.75):
    toks = [[w for w in re.findall(r"\w+", s.lower())] for s in sents]
    q = [w for w in re.findall(r"\w+", query.lower()) if w not in STOP]
    N = len(toks); avg = sum(map(len, toks)) / max(1, N)
    df = collections.Counter(w for t in toks for w in set(t))
    out = []
    for t in toks:
        tf = collections.Counter(t); s = 0.0
        for w in q:
            if tf[w]:
                idf = math.log(1 + (N - df[w] + 0.5) / (df[w] + 0.5))
                s += idf * tf[w] * (k1 + 1) / (tf[w] + k1 * (1 - b + b * len(t) / avg))
        out.append(s)
    return out


def select(scores, lens, budget):
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    keep, used = [], 0
    for i in order:
        if used + lens[i] <= budget:
            keep.append(i); used += lens[i]
    if not keep:
        keep = [order[0]]
    return sorted(keep)


class Scorer:
    def __init__(self, ckpt, tok, threads, window=512, stride_frac=0.75, batch=16, int8=False):
        st = tload(ckpt)
        self.m = Bert(st["config"]); self.m.load_state_dict(st["model"]); self.m.eval()
        self.dev = "cuda" if torch.cuda.is_available() and not int8 else "cpu"
        if int8:  # simulate export_onnx.quantize_weights: symmetric int8 per output channel / per embedding row
            with torch.no_grad():
                for name, p in self.m.named_parameters():
                    if p.dim() == 2 and p.numel() >= 4096 and (name.startswith("layers") or name.startswith("cls") or name in ("word.weight", "pos.weight")):
                        s = p.abs().amax(dim=1, keepdim=True).clamp_min(1e-12) / 127.0
                        p.copy_(torch.clamp(torch.round(p / s), -127, 127) * s)

            def act_q(mod, inp):  # DynamicQuantizeLinear: per-tensor asymmetric uint8 of the MatMul input
                x = inp[0]
                lo, hi = min(0.0, float(x.min())), max(0.0, float(x.max()))
                sc = (hi - lo) / 255.0 or 1.0
                zp = round(-lo / sc)
                return ((torch.clamp(torch.round(x / sc) + zp, 0, 255) - zp) * sc,)
            for l in self.m.layers:
                for lin in (l.qkv, l.attn_out, l.ff1, l.ff2):
                    lin.register_forward_pre_hook(act_q)
        self.m.to(self.dev)
        self.with_q = st.get("task", "latte") == "latte"
        self.tok, self.window, self.stride_frac, self.batch = tok, window, stride_frac, batch
        self.secs, self.tokens = 0.0, 0

    def word_probs(self, query, words):
        tok = self.tok
        qids, keys = [], set()
        if self.with_q:
            qw = split_words(query)
            qids = [i for w in qw for i in tok.word_ids(w)][:MAX_Q]
            keys = {k for k in (match_key(w) for w in qw) if k}
        head = [tok.cls] + (qids + [tok.sep] if self.with_q else [])
        htypes = [0] * len(head)
        budget = self.window - len(head) - 1
        pieces, owner, ptypes = [], [], []
        for wi, w in enumerate(words):
            p = tok.word_ids(w)
            t = 2 if (keys and match_key(w) in keys) else (1 if self.with_q else 0)
            pieces += p; owner += [wi] * len(p); ptypes += [t] * len(p)
        # windows over pieces, aligned to word starts
        starts, s = [], 0
        stride = max(1, int(budget * self.stride_frac))
        while True:
            while s > 0 and s < len(owner) and owner[s] == owner[s - 1]:
                s -= 1
            starts.append(s)
            if s + budget >= len(pieces):
                break
            s += stride
        wins = []
        for s in starts:
            e = min(len(pieces), s + budget)
            while e < len(pieces) and e > s and owner[e] == owner[e - 1]:
                e -= 1  # do not cut a word
            wins.append((s, e))
        psum = np.zeros(len(pieces)); pcnt = np.zeros(len(pieces))
        t0 = time.time()
        for b in range(0, len(wins), self.batch):
            chunk = wins[b:b + self.batch]
            T = max(len(head) + (e - s) + 1 for s, e in chunk)
            ids = np.zeros((len(chunk), T), np.int64); tt = np.zeros_like(ids); am = np.zeros_like(ids)
            for r, (s, e) in enumerate(chunk):
                row = head + pieces[s:e] + [tok.sep]
                ty = htypes + ptypes[s:e] + [1 if self.with_q else 0]
                ids[r, :len(row)] = row; tt[r, :len(row)] = ty; am[r, :len(row)] = 1
            with torch.no_grad():
                x, m_, t_ = (torch.from_numpy(v).to(self.dev) for v in (ids, am, tt))
                pr = torch.softmax(self.m(x, m_, t_).float(), -1)[..., 1].cpu().numpy()
            self.tokens += int(am.sum())
            for r, (s, e) in enumerate(chunk):
                psum[s:e] += pr[r, len(head):len(head) + e - s]; pcnt[s:e] += 1
        self.secs += time.time() - t0
        pp = psum / np.maximum(pcnt, 1)
        wsum = np.zeros(len(words)); wcnt = np.zeros(len(words))
        np.add.at(wsum, owner, pp); np.add.at(wcnt, owner, 1)
        return wsum / np.maximum(wcnt, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--squad", default="/work/shared/data/squad2-dev-subset.json")
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--model", action="append", default=[], help="name=path/to/model.pt")
    ap.add_argument("--distractors", type=int, default=19)
    ap.add_argument("--ratios", default="10,20,50")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", default=None, help="write results JSON here")
    ap.add_argument("--int8", action="store_true", help="also score with simulated dynamic int8 (int8 weights + uint8 activations, as model_quantized.onnx)")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    tok = WordPiece.load(a.vocab)
    data = json.load(open(a.squad))["data"]
    paras, qs = [], []
    for art in data:
        for p in art["paragraphs"]:
            pi = len(paras); paras.append(p["context"])
            for q in p["qas"]:
                if not q.get("is_impossible") and q["answers"]:
                    qs.append((pi, q["question"], [x["text"] for x in q["answers"]]))
    rng = random.Random(a.seed)
    if a.limit:
        qs = rng.sample(qs, a.limit)
    ratios = [float(r) for r in a.ratios.split(",")]
    scorers = {}
    for spec in a.model:
        name, path = spec.split("=", 1)
        scorers[name] = Scorer(path, tok, a.threads)
        if a.int8:
            scorers[name + "-int8"] = Scorer(path, tok, a.threads, int8=True)
    methods = ["first-N", "random", "bm25"] + [f"{n}:{agg}" for n in scorers for agg in ("mean", "cmean", "max", "mean+bm25")]
    hits = {m: {r: 0 for r in ratios} for m in methods}
    achieved = {m: {r: [] for r in ratios} for m in methods}
    t0 = time.time()
    for qi, (gold, question, answers) in enumerate(qs):
        others = [i for i in range(len(paras)) if i != gold]
        ctx_ids = rng.sample(others, a.distractors)
        ctx_ids.insert(rng.randint(0, a.distractors), gold)
        sents = []
        for pi in ctx_ids:
            sents += [s for s in SENT.split(paras[pi]) if s.strip()]
        lens = [len(s.split()) for s in sents]
        total = sum(lens)
        gold_norm = [squad_norm(x) for x in answers]
        scores = {"bm25": bm25_scores(question, sents), "random": [rng.random() for _ in sents]}
        if scorers:
            words, owner = [], []
            for si, s in enumerate(sents):
                w = split_words(s); words += w; owner += [si] * len(w)
            owner = np.array(owner)
            for name, sc in scorers.items():
                wp = sc.word_probs(question, words)
                scores[f"{name}:mean"] = [float(wp[owner == si].mean()) if (owner == si).any() else 0.0 for si in range(len(sents))]
                cm = np.array([w.lower() not in STOP and any(c.isalnum() for c in w) for w in words])
                scores[f"{name}:cmean"] = [float(wp[(owner == si) & cm].mean()) if ((owner == si) & cm).any() else 0.0 for si in range(len(sents))]
                scores[f"{name}:max"] = [float(wp[owner == si].max()) if (owner == si).any() else 0.0 for si in range(len(sents))]
                # hybrid: min-max normalised model mean + min-max normalised BM25, equal weights
                mm = lambda v: (np.array(v) - min(v)) / (max(v) - min(v) + 1e-9)
                scores[f"{name}:mean+bm25"] = list(mm(scores[f"{name}:mean"]) + mm(scores["bm25"]))
        for r in ratios:
            budget = total / r
            for m in methods:
                if m == "first-N":
                    kept = " ".join(" ".join(sents).split()[: max(1, int(budget))])
                    kw = len(kept.split())
                else:
                    keep = select(scores[m], lens, budget)
                    kept = " ".join(sents[i] for i in keep); kw = sum(lens[i] for i in keep)
                kn = squad_norm(kept)
                hits[m][r] += any(g and g in kn for g in gold_norm)
                achieved[m][r].append(total / max(1, kw))
        if (qi + 1) % 100 == 0:
            print(f"{qi+1}/{len(qs)} {time.time()-t0:.0f}s", flush=True)
    n = len(qs)
    res = {"questions": n, "distractors": a.distractors, "results": {}}
    print(f"\nanswer retention, {n} answerable questions, gold + {a.distractors} distractors (achieved ratio in brackets)")
    print(f"{'method':22s}" + "".join(f"{f'{r:g}x':>18s}" for r in ratios))
    for m in methods:
        row = {f"{r:g}x": {"retention": round(100 * hits[m][r] / n, 2), "achieved_ratio": round(float(np.mean(achieved[m][r])), 2)} for r in ratios}
        res["results"][m] = row
        print(f"{m:22s}" + "".join(f"{row[f'{r:g}x']['retention']:>10.1f}% ({row[f'{r:g}x']['achieved_ratio']:4.1f}x)" for r in ratios))
    for name, sc in scorers.items():
        res.setdefault("speed", {})[name] = {"tokens": sc.tokens, "secs": round(sc.secs, 1), "tok_per_s": round(sc.tokens / max(1e-9, sc.secs))}
        print(f"speed {name}: {sc.tokens} tokens in {sc.secs:.1f}s = {sc.tokens/max(1e-9, sc.secs):.0f} tok/s (torch, {a.threads} threads)")
    if a.out:
        json.dump(res, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()
