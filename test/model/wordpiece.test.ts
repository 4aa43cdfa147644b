import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiWordPieces } from '../../server/model/wordpiece.js';
import { splitWords } from '../../server/model/words.js';

interface Tokenizer {
  encode(text: string, pair: null, options: { add_special_tokens: boolean }): number[];
  model: { tokens_to_ids: Map<string, number> };
}

/** Every distinct word of this repository's docs and the README files in node_modules (prose, code, identifiers). */
function corpusWords(): string[] {
  const texts = [readFileSync('README.md', 'utf8'), readFileSync('openapi.yaml', 'utf8')];
  for (const dir of readdirSync('node_modules').sort().slice(0, 120)) {
    try {
      texts.push(readFileSync(path.join('node_modules', dir, 'README.md'), 'utf8'));
    } catch {
      // no README
    }
  }
  return [...new Set(texts.flatMap((t) => splitWords(t).map((w) => w.text)))];
}

describe.each(['latte_v1', 'latte_v2', 'espresso_v1'])('WordPiece fast path for %s', (id) => {
  it('gives the ids of the bundled tokenizer for every plain ASCII word, and defers every other word', async () => {
    const t = await import('@xenova/transformers');
    t.env.allowRemoteModels = false;
    t.env.localModelPath = path.resolve('models') + path.sep;
    const tokenizer = (await t.AutoTokenizer.from_pretrained(id)) as unknown as Tokenizer;
    const vocab = tokenizer.model.tokens_to_ids;
    const unk = vocab.get('[UNK]')!;
    const words = [...corpusWords(), 'a'.repeat(101), 'Xylophonist', 'ZZZZQQQ', 'abc123def', '007'];
    let fast = 0;
    for (const w of words) {
      const ids = asciiWordPieces(w, vocab, unk);
      if (ids === undefined) {
        expect(/^[A-Za-z0-9]+$/u.test(w), w).toBe(false);
        continue;
      }
      fast++;
      expect(ids, w).toEqual(tokenizer.encode(w, null, { add_special_tokens: false }));
    }
    expect(fast).toBeGreaterThan(5_000);
  });
});
