import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, type EngineRequest } from '../../../server/compression/engine/engine.js';
import type { WeightsId } from '../../../server/catalog/model-catalog.js';
import { createOnnxWordScorer } from '../../../server/model/onnx-word-scorer.js';
import type { WordScorer } from '../../../server/model/word-scorer.js';
import { longDocument, TOPICS } from '../../helpers/texts.js';

/** The bundled models, with scores remembered per text so a ratio sweep scores each text once. */
function cachedScorer(inner: WordScorer): WordScorer {
  const cache = new Map<string, Float32Array>();
  return {
    async score(requests) {
      return Promise.all(
        requests.map(async (r) => {
          const key = `${r.weights}\u0000${r.query ?? ''}\u0000${r.words.join('\u0001')}`;
          let s = cache.get(key);
          if (!s) [s] = await inner.score([r]);
          cache.set(key, s!);
          return s!;
        }),
      );
    },
  };
}
const engine = createEngine(cachedScorer(createOnnxWordScorer({ modelsDir: 'models' })));
const compress = async (req: Partial<EngineRequest> & { context: string; weights: WeightsId }) =>
  (await engine.compress([{ ratio: 0.5, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true, ...req }]))[0]!;

const readme = (file: string) =>
  readFileSync(new URL(`../../../node_modules/${file}`, import.meta.url), 'utf8')
    .split(/\n\s*\n/u)
    .filter((p) => /^[A-Z][^\n]{60,}/u.test(p) && !/[`|<#[]/u.test(p))
    .slice(0, 6)
    .join('\n\n');
const NORMANDY = 'The Normans gave their name to Normandy, a region in France.\n\nThe weather in Paris is mild.';
const TEXTS: Array<{ name: string; context: string; query: string }> = [
  { name: 'normandy', context: NORMANDY, query: 'Where is Normandy?' },
  { name: 'long document', context: longDocument(2), query: 'When did Mount Karela last erupt?' },
  { name: 'railway', context: TOPICS['railway']!.join('\n\n'), query: 'How long is the Grey Ridge tunnel?' },
  { name: 'capital', context: 'Paris is the capital of France.', query: 'What is the capital of France?' },
  { name: 'express README prose', context: readme('express/Readme.md'), query: 'Which template engines are supported?' },
  // Raw markdown whose only cuttable text at 100x is a title of one 6-token word and a short heading.
  { name: 'babel runtime README', context: readFileSync(new URL('../../../node_modules/@babel/runtime-corejs3/README.md', import.meta.url), 'utf8'), query: 'How do I install it?' },
  { name: 'code in prose', context: `${TOPICS['garden']!.join(' ')}\n\n\`\`\`js\nconst a = 1;\n\nconst b = 2;\n\`\`\`\n\n${TOPICS['chess']!.join(' ')}`, query: 'What is b?' },
];
const REMOVAL = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const NX = [2, 3, 4, 5, 10, 20, 30, 50, 100, 200];
const SETUPS = [
  { weights: 'latte_v1' as const, withQuery: true },
  { weights: 'latte_v2' as const, withQuery: true },
  { weights: 'espresso_v1' as const, withQuery: false },
];
const GLUE = /^(?:a|an|the|of|in|on|at|to|for|from|by|with|and|or|is|are|was|were|it|its|as|that|this)$/iu;
/** Kept runs of one or two words with no content word (placeholders split runs). */
const orphans = (out: string) =>
  out
    .replace(/```[\s\S]*?```/gu, '\n')
    .split(/\s*\[\.\.\.\]\s*|\n+/u)
    .map((r) => r.trim())
    .filter((r) => r && r.split(/\s+/u).length <= 2)
    .filter((r) => r.split(/\s+/u).every((w) => !/[\p{L}\p{N}]/u.test(w) || GLUE.test(w.replace(/^[\p{P}]+|[\p{P}]+$/gu, ''))));

describe('engine rules on real text with the bundled models', () => {
  it.each(SETUPS)('$weights: non-empty at every ratio, output tokens never rise with the ratio, no orphan runs, no cut fence', async ({ weights, withQuery }) => {
    const problems: string[] = [];
    for (const t of TEXTS) {
      for (const coarse of [true, false]) {
        for (const scale of [REMOVAL, NX]) {
          let previous = Infinity;
          for (const ratio of scale) {
            const r = await compress({ context: t.context, query: withQuery ? t.query : undefined, weights, coarse, ratio });
            const where = `${t.name} coarse=${coarse} ratio=${ratio}`;
            if (!r.compressed.trim()) problems.push(`${where}: empty`);
            if (r.compressedTokens > previous) problems.push(`${where}: ${r.compressedTokens} tokens > ${previous} at the smaller ratio`);
            previous = r.compressedTokens;
            const o = orphans(r.compressed);
            if (o.length) problems.push(`${where}: orphan runs ${JSON.stringify(o)}`);
            if ((r.compressed.match(/```/gu) ?? []).length % 2) problems.push(`${where}: unmatched fence`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it.each([
    { weights: 'latte_v1' as const, coarse: true },
    { weights: 'latte_v1' as const, coarse: false },
    { weights: 'latte_v2' as const, coarse: true },
    { weights: 'latte_v2' as const, coarse: false },
  ])('$weights coarse=$coarse: a cut sentence keeps what the question asks for, not its echo', async ({ weights, coarse }) => {
    // The best sentence alone exceeds the budget: the kept part must hold the answer.
    for (const ratio of [0.5, 2, 4]) {
      const r = await compress({ context: NORMANDY, query: 'Where is Normandy?', weights, coarse, ratio });
      expect(r.compressed, `ratio ${ratio}`).toMatch(/France/u);
    }
    const lock = `${TOPICS['garden']!.join(' ')}\n\nThe canal has six locks. Each lock chamber is 33.5 metres wide and 320 metres long, dimensions that set the size of the ships using it.\n\n${TOPICS['chess']!.join(' ')}`;
    for (const ratio of [10, 20]) {
      const r = await compress({ context: lock, query: 'How wide is each lock chamber?', weights, coarse, ratio });
      expect(r.compressed, `ratio ${ratio}`).toMatch(/33\.5/u);
    }
  });

  // Package READMEs whose code blocks (atomic, hundreds of tokens) leave gaps in the sizes a cut
  // can have: the budget search used to stall a token over the target and fall back to one
  // heading (6 tokens at 10x, 89 at 20x), and placeholders made less content cost more tokens.
  it.each(['@redocly/openapi-core/README.md', '@types/cors/README.md', '@types/methods/README.md', '@types/ms/README.md', 'js-levenshtein/README.md'])(
    'markdown with code, word units (%s): tokens never rise with the ratio, and a cut fills its target',
    async (file) => {
      const context = readFileSync(new URL(`../../../node_modules/${file}`, import.meta.url), 'utf8');
      const problems: string[] = [];
      for (const scale of [REMOVAL, NX]) {
        let previous = Infinity;
        for (const ratio of scale) {
          const r = await compress({ context, weights: 'espresso_v1', coarse: false, ratio });
          if (r.compressedTokens > previous) problems.push(`ratio ${ratio}: ${r.compressedTokens} tokens > ${previous} at the smaller ratio`);
          previous = r.compressedTokens;
        }
      }
      expect(problems).toEqual([]);
      const tenth = await compress({ context, weights: 'espresso_v1', coarse: false, ratio: 10 });
      expect(tenth.compressedTokens).toBeGreaterThan(tenth.originalTokens / 10 / 2);
    },
    60_000,
  );

  it('keeps a negation inside a kept run', async () => {
    const context = `${TOPICS['garden']!.join(' ')} The board did not approve the Lisbon expansion in 2024. ${TOPICS['chess']!.join(' ')}`;
    for (const ratio of [2, 3, 4, 6]) {
      const r = await compress({ context, weights: 'espresso_v1', coarse: false, ratio });
      if (/approve/u.test(r.compressed)) expect(r.compressed, `ratio ${ratio}`).toMatch(/not approve/u);
    }
  });

  it('a JSON context on a text route comes back as parseable JSON', async () => {
    const context = JSON.stringify({ hotels: Array.from({ length: 30 }, (_, i) => ({ name: `${['Central', 'Riverside', 'Plaza'][i % 3]} Hotel ${i}`, city: 'Alvik', price: 80 + i })) });
    for (const coarse of [true, false]) {
      for (const ratio of [0.5, 4, 20]) {
        const r = await compress({ context, query: 'Which hotel is cheapest?', weights: 'latte_v2', coarse, ratio });
        expect(() => JSON.parse(r.compressed), r.compressed).not.toThrow();
      }
    }
  });
});
