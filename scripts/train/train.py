#!/usr/bin/env python3
"""Train crema's encoders on CPU (Debian python3-torch) or GPU.

  MLM pre-training:   train.py --task mlm --preset small --corpus docs.jsonl.gz --vocab vocab.txt --out ckpt/mlm_small
  fine-tuning:        train.py --task latte|espresso --preset small --labels labels/ --vocab vocab.txt \
                               --init ckpt/mlm_small/model.pt --out ckpt/latte_v2

Runs until --steps or the --minutes budget, whichever comes first; the learning rate warms up over
the first 5% and decays linearly to zero over that same span. Checkpoints every --ckpt-minutes
to <out>/ckpt.pt and resumes from it automatically (sessions end at 180 min). The final weights go
to <out>/model.pt with the config and training stats.
"""
import argparse, contextlib, glob, gzip, json, math, os, random, sys, time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Bert, count_params, make_config
from wp import WordPiece, match_key, split_words

MAX_Q = 48


def encode_pair(tok, q, words, labels, max_len, with_query=True):
    """Build (ids, types, labels-per-piece) for one example. Query tokens: type 0; context tokens
    type 1, or 2 when the word's match_key appears in the query. Labels -100 on query/specials."""
    ids, types, lab = [tok.cls], [0], [-100]
    keys = set()
    if with_query and q:
        qw = split_words(q)
        qids = [i for w in qw for i in tok.word_ids(w)][:MAX_Q]
        ids += qids + [tok.sep]; types += [0] * (len(qids) + 1); lab += [-100] * (len(qids) + 1)
        keys = {k for k in (match_key(w) for w in qw) if k}
    budget = max_len - 1 - len(ids)
    for w, y in zip(words, labels):
        p = tok.word_ids(w)
        if len(p) > budget:
            break
        t = 2 if (keys and match_key(w) in keys) else (1 if with_query else 0)
        ids += p; types += [t] * len(p); lab += [y] * len(p); budget -= len(p)
    ids.append(tok.sep); types.append(1 if with_query else 0); lab.append(-100)
    return ids, types, lab


def sentence_ranking_loss(logits, y, x, enders, scale=10.0):
    """Softmax cross-entropy over a window's context sentences (pieces up to and including a . ? or !),
    each scored by its mean KEEP probability (what the engine ranks sentences by), with the sentences
    holding KEEP labels as the answer. Windows without one (no evidence) are left out."""
    ctx = y >= 0
    end = torch.isin(x, enders) & ctx
    sid = torch.cumsum(end.long(), 1) - end.long()
    B, S = x.shape[0], int(sid.max()) + 1
    flat = (sid + torch.arange(B, device=x.device)[:, None] * S)[ctx]
    prob = torch.softmax(logits, -1)[..., 1][ctx]
    cnt = torch.zeros(B * S, device=x.device).index_add_(0, flat, torch.ones_like(prob))
    tot = torch.zeros(B * S, device=x.device).index_add_(0, flat, prob)
    pos = torch.zeros(B * S, device=x.device).index_add_(0, flat, (y[ctx] == 1).float())
    valid = (cnt > 0).view(B, S)
    score = (scale * tot / cnt.clamp(min=1)).view(B, S).masked_fill(~valid, float("-inf"))
    positive = (pos.view(B, S) > 0) & valid
    has = positive.any(1)
    if not bool(has.any()):
        return logits.sum() * 0
    loss = torch.logsumexp(score, 1) - torch.logsumexp(score.masked_fill(~positive, float("-inf")), 1)
    return loss[has].mean()


def tload(path):
    """torch.load across torch 1.13 (Debian) and >= 2.6 (weights_only by default)."""
    try:
        return torch.load(path, map_location="cpu", weights_only=False)
    except TypeError:
        return torch.load(path, map_location="cpu")


def encode_rows(rows_iter, tok, max_len, with_query):
    """Examples {q, w, y} -> padded arrays (ids int16, types int8, lab int8, lens int32)."""
    rows = [encode_pair(tok, ex["q"], ex["w"], ex["y"], max_len, with_query) for ex in rows_iter]
    n = len(rows)
    ids = np.zeros((n, max_len), np.int16); types = np.zeros((n, max_len), np.int8)
    lab = np.full((n, max_len), -100, np.int8); lens = np.zeros(n, np.int32)
    for i, (a, b, c) in enumerate(rows):
        L = len(a); ids[i, :L] = a; types[i, :L] = b; lab[i, :L] = c; lens[i] = L
    return ids, types, lab, lens


def load_labels(path, tok, max_len, with_query, cache):
    """Encoded label arrays; shards written by make_labels.py --encode (<task>_<split>_s*_<len>.npz)
    are concatenated when present."""
    shards = sorted(glob.glob(cache.replace(f"_{max_len}.npz", f"_s*_{max_len}.npz"))) if cache else []
    if shards:
        zs = [np.load(f) for f in shards]
        return tuple(np.concatenate([z[k] for z in zs]) for k in ("ids", "types", "lab", "lens"))
    if cache and os.path.exists(cache):
        z = np.load(cache)
        return z["ids"], z["types"], z["lab"], z["lens"]
    ids, types, lab, lens = encode_rows((json.loads(l) for l in gzip.open(path, "rt")), tok, max_len, with_query)
    if cache:
        np.savez(cache, ids=ids, types=types, lab=lab, lens=lens)
    return ids, types, lab, lens


def mlm_stream(corpus, tok, n_tokens, cache, seed=0, npy=None):
    if npy:  # pre-tokenized by tokenize_corpus.py
        return np.load(npy)
    if cache and os.path.exists(cache):
        return np.load(cache)
    docs = [json.loads(l) for l in gzip.open(corpus, "rt")]
    random.Random(seed).shuffle(docs)
    out = np.zeros(n_tokens, np.int16); n = 0
    for d in docs:
        for k, t in d["items"]:
            for w in split_words((k + "\n" + t) if k else t):
                for i in tok.word_ids(w):
                    out[n] = i; n += 1
                    if n >= n_tokens:
                        break
                if n >= n_tokens:
                    break
            if n >= n_tokens:
                break
        if n >= n_tokens:
            break
        out[n] = tok.sep; n += 1
        if n >= n_tokens:
            break
    out = out[:n]
    if cache:
        np.save(cache, out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--task", choices=["mlm", "latte", "espresso"], required=True)
    ap.add_argument("--preset", default="small")
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--corpus")
    ap.add_argument("--labels")
    ap.add_argument("--init")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seq", type=int, default=512)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--lr", type=float, default=5e-4)
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--minutes", type=float, default=1e9)
    ap.add_argument("--ckpt-minutes", type=float, default=5)
    ap.add_argument("--mlm-tokens", type=int, default=5_000_000)
    ap.add_argument("--max-examples", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pos-weight", type=float, default=1.0)
    ap.add_argument("--mlm-npy", help="pre-tokenized corpus (tokenize_corpus.py) instead of --corpus")
    ap.add_argument("--teacher", help="model.pt of a trained token classifier to distil from")
    ap.add_argument("--distill", type=float, default=0.5, help="weight of the teacher's soft labels")
    ap.add_argument("--listwise", type=float, default=0.0,
                    help="weight of a sentence ranking loss: a window's sentences (split at . ? !) ranked by their mean KEEP probability, the labelled one first")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed); np.random.seed(a.seed)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    if dev == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = True
    # bf16 autocast on GPU; CPU training stays fp32
    amp = (lambda: torch.autocast("cuda", dtype=torch.bfloat16)) if dev == "cuda" else contextlib.nullcontext
    os.makedirs(a.out, exist_ok=True)
    tok = WordPiece.load(a.vocab)
    cfg = make_config(a.preset, len(tok.vocab))
    model = Bert(cfg).to(dev)
    if a.init:
        sd = tload(a.init)["model"]
        missing = model.load_state_dict(sd, strict=False)
        print("init from", a.init, missing, flush=True)
    print(f"params (no MLM head) {count_params(model)/1e6:.2f}M  config {cfg}", flush=True)
    teacher = None
    if a.teacher:
        tst = tload(a.teacher)
        teacher = Bert(tst["config"]).to(dev).eval()
        teacher.load_state_dict(tst["model"])
        print("teacher", a.teacher, tst["config"]["preset"], flush=True)

    # ---- data
    if a.task == "mlm":
        stream = mlm_stream(a.corpus, tok, a.mlm_tokens, os.path.join(a.out, f"mlm_tokens_{a.mlm_tokens}.npy"), npy=a.mlm_npy)
        print(f"mlm stream {len(stream)} tokens", flush=True)
    else:
        wq = a.task == "latte"
        ids, types, lab, lens = load_labels(os.path.join(a.labels, f"{a.task}_train.jsonl.gz"), tok, a.seq, wq,
                                            os.path.join(a.labels, f"{a.task}_train_{a.seq}.npz"))
        vids, vtypes, vlab, vlens = load_labels(os.path.join(a.labels, f"{a.task}_val.jsonl.gz"), tok, a.seq, wq,
                                                os.path.join(a.labels, f"{a.task}_val_{a.seq}.npz"))
        if a.max_examples:
            ids, types, lab, lens = ids[: a.max_examples], types[: a.max_examples], lab[: a.max_examples], lens[: a.max_examples]
        train_set = (ids, types, lab, lens)
        print(f"{a.task}: {len(ids)} train / {len(vids)} val examples, mean len {lens.mean():.0f}, "
              f"pos rate {(lab == 1).sum() / max(1, (lab >= 0).sum()):.3f}", flush=True)

    def batch(arrays, rows):
        """Rows of encoded examples, cut to their longest length, as (ids, types, labels, mask) on dev."""
        ids_, types_, lab_, lens_ = arrays
        T = int(lens_[rows].max())
        as_t = lambda v: torch.from_numpy(v[rows, :T].astype(np.int64)).to(dev)
        am = (torch.arange(T)[None, :] < torch.from_numpy(lens_[rows])[:, None]).long().to(dev)
        return as_t(ids_), as_t(types_), as_t(lab_), am

    # Only the sentence ranking loss reads sentence ends.
    enders = torch.tensor([tok.ids[c] for c in ".?!" if c in tok.ids], device=dev) if a.listwise > 0 else None
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.01, betas=(0.9, 0.98), eps=1e-6)
    step, tokens_seen, train_secs = 0, 0, 0.0
    ck = os.path.join(a.out, "ckpt.pt")
    if os.path.exists(ck):
        st = tload(ck)
        model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"])
        step, tokens_seen, train_secs = st["step"], st["tokens_seen"], st["train_secs"]
        print(f"resumed from {ck} at step {step}", flush=True)

    def progress(elapsed):
        """Fraction of the run done: by steps or by the --minutes budget, whichever is further, so a
        time-capped run still warms up and decays its learning rate to zero."""
        return max(step / a.steps, (train_secs + elapsed) / (a.minutes * 60))

    def set_lr(p, warm=0.05):
        lr = a.lr * min(1.0, (p + 1e-9) / warm, max(0.0, (1 - p) / (1 - warm)))
        for g in opt.param_groups:
            g["lr"] = lr
        return lr
    rng = np.random.default_rng(a.seed + step)

    def save(path, final=False):
        st = {"model": model.state_dict(), "config": cfg, "step": step, "tokens_seen": tokens_seen,
              "train_secs": train_secs, "args": vars(a), "task": a.task}
        if not final:
            st.update(opt=opt.state_dict())
        torch.save(st, path + ".tmp"); os.replace(path + ".tmp", path)

    t0 = time.time(); last_ck = t0; log_t = t0; log_loss = []
    model.train()
    lr = set_lr(progress(0.0))
    while progress(time.time() - t0) < 1.0:
        if a.task == "mlm":
            L = a.seq - 1
            starts = rng.integers(0, len(stream) - L, a.batch)
            x = np.stack([np.concatenate([[tok.cls], stream[s:s + L]]) for s in starts]).astype(np.int64)
            x = torch.from_numpy(x).to(dev)
            labels = x.clone()
            prob = torch.rand(x.shape, device=dev)
            special = (x == tok.cls) | (x == tok.sep) | (x == tok.pad)
            m = (prob < 0.15) & ~special
            labels[~m] = -100
            r = torch.rand(x.shape, device=dev)
            x[m & (r < 0.8)] = tok.mask
            rnd = m & (r >= 0.8) & (r < 0.9)
            x[rnd] = torch.randint(5, len(tok.vocab), (int(rnd.sum()),), device=dev)
            am = torch.ones_like(x); tt = torch.zeros_like(x)
            with amp():
                h = model.encode(x, am, tt)
                sel = labels.view(-1) >= 0
                logits = model.mlm_logits(h.view(-1, h.shape[-1])[sel])
            loss = F.cross_entropy(logits.float(), labels.view(-1)[sel])
            ntok = x.numel()
        else:
            x, tt, y, am = batch(train_set, rng.integers(0, len(ids), a.batch))
            with amp():
                logits = model(x, am, tt).float()
            w = torch.tensor([1.0, a.pos_weight], device=dev)
            loss = F.cross_entropy(logits.view(-1, 2), y.view(-1), weight=w, ignore_index=-100)
            if teacher is not None:
                with torch.no_grad(), amp():
                    soft = torch.softmax(teacher(x, am, tt).float(), -1)
                sel = y.view(-1) >= 0
                kd = -(soft.view(-1, 2)[sel] * torch.log_softmax(logits.view(-1, 2)[sel], -1)).sum(-1).mean()
                loss = (1 - a.distill) * loss + a.distill * kd
            if a.listwise > 0:
                loss = loss + a.listwise * sentence_ranking_loss(logits, y, x, enders)
            ntok = int(am.sum())
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1; tokens_seen += ntok
        lr = set_lr(progress(time.time() - t0))
        log_loss.append(loss.detach())
        now = time.time()
        if now - log_t > 30 or step == a.steps:
            el = now - t0
            print(f"step {step}/{a.steps} loss {torch.stack(log_loss).mean().item():.4f} lr {lr:.2e} "
                  f"tok {tokens_seen/1e6:.2f}M {tokens_seen/(train_secs+el):.0f} tok/s elapsed {el/60:.1f}m", flush=True)
            log_loss, log_t = [], now
        if (now - last_ck) / 60 > a.ckpt_minutes:
            save(ck); last_ck = now
    train_secs += time.time() - t0
    # ---- validation
    stats = {"task": a.task, "preset": a.preset, "steps": step, "tokens_seen": tokens_seen, "train_secs": round(train_secs, 1),
             "params": count_params(model)}
    model.eval()
    with torch.no_grad():
        if a.task != "mlm":
            tot, n, tp, fp, fn = 0.0, 0, 0, 0, 0
            for s in range(0, len(vids), 16):
                x, tt, y, am = batch((vids, vtypes, vlab, vlens), slice(s, s + 16))
                with amp():
                    lg = model(x, am, tt).float()
                tot += F.cross_entropy(lg.view(-1, 2), y.view(-1), ignore_index=-100, reduction="sum").item()
                n += int((y >= 0).sum())
                pr = lg.argmax(-1)
                tp += int(((pr == 1) & (y == 1)).sum()); fp += int(((pr == 1) & (y == 0)).sum()); fn += int(((pr == 0) & (y == 1)).sum())
            stats.update(val_loss=tot / max(1, n), val_precision=tp / max(1, tp + fp), val_recall=tp / max(1, tp + fn))
    print("final", json.dumps(stats), flush=True)
    save(os.path.join(a.out, "model.pt"), final=True)
    if progress(0.0) >= 1.0 and os.path.exists(ck):
        os.remove(ck)
    else:
        save(ck)
    json.dump(stats, open(os.path.join(a.out, "stats.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
