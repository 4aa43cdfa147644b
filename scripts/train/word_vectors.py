#!/usr/bin/env python3
"""Word vectors for the engine's soft lexical match (issue 11: questions that paraphrase the text).

Trains word2vec (gensim, skip-gram) on the crema corpus ($SCRATCH/corpus/docs.jsonl.gz, built by
scripts/corpus/build_corpus.sh) and writes the most frequent words with int8 vectors:

  models/wordvec/vocab.txt     one word per line, most frequent first
  models/wordvec/vectors.i8    len(vocab) x DIM int8, each row the unit vector scaled by 127

Words are what the engine's `terms()` yields: lowercased, accents stripped, split on anything that
is not a letter or digit. Run with Debian's python3 (python3-gensim): 5.5 minutes on 2 cores
(40 s reading the corpus, 287 s training).
Env: SCRATCH, DIM (default 64), VOCAB (default 40000), EPOCHS (default 4), MIN_COUNT (default 5).
"""
import gzip, json, os, re, sys, time, unicodedata
import numpy as np
from gensim.models import Word2Vec

SCRATCH = os.environ.get('SCRATCH', '/work/scratch')
DIM = int(os.environ.get('DIM', 64))
VOCAB = int(os.environ.get('VOCAB', 40000))
EPOCHS = int(os.environ.get('EPOCHS', 4))
MIN_COUNT = int(os.environ.get('MIN_COUNT', 5))
OUT = os.environ.get('OUT', os.path.join(os.path.dirname(__file__), '..', '..', 'models', 'wordvec'))
SPLIT = re.compile(r'[^\w]+|_+', re.UNICODE)
SENT = re.compile(r'(?<=[.!?])\s+|\n\s*\n')


def norm(text):
    text = unicodedata.normalize('NFKD', text.lower())
    return ''.join(c for c in text if not unicodedata.combining(c))


def sentences():
    with gzip.open(os.path.join(SCRATCH, 'corpus', 'docs.jsonl.gz'), 'rt', encoding='utf-8') as f:
        for line in f:
            doc = json.loads(line)
            for key, text in doc['items']:
                for part in [key] + SENT.split(text or ''):
                    words = [w for w in SPLIT.split(norm(part)) if w]
                    if len(words) >= 3:
                        yield words


def main():
    t = time.time()
    corpus = list(sentences())
    print(f'{len(corpus)} sentences, {sum(map(len, corpus))} words in {time.time() - t:.0f}s', flush=True)
    t = time.time()
    model = Word2Vec(corpus, vector_size=DIM, window=5, min_count=MIN_COUNT, sg=1, negative=5, sample=1e-4, workers=os.cpu_count() or 2, epochs=EPOCHS, seed=7)
    print(f'trained in {time.time() - t:.0f}s, vocabulary {len(model.wv.index_to_key)}', flush=True)
    words = [w for w in model.wv.index_to_key if re.search(r'[^\W\d_]', w)][:VOCAB]
    vecs = np.stack([model.wv[w] for w in words])
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True) + 1e-9
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'vocab.txt'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(words) + '\n')
    np.clip(np.round(vecs * 127), -127, 127).astype(np.int8).tofile(os.path.join(OUT, 'vectors.i8'))
    for probe in ['billing', 'maintenance', 'downtime', 'passphrase', 'warehouse', 'bridge', 'dose', 'timeout', 'museum', 'closed']:
        if probe in model.wv:
            print(probe, [w for w, _ in model.wv.most_similar(probe, topn=8)])
    print(f'wrote {len(words)} x {DIM} to {OUT}')


if __name__ == '__main__':
    sys.exit(main())
