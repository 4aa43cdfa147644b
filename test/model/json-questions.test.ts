import { describe, expect, it } from 'vitest';
import { jsonQuestions } from '../../bench/json-data.js';
import { rng } from '../../bench/squad.js';
import { createEngine } from '../../server/compression/engine.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';

// The JSON development set of `npm run bench:json-questions` (API-shaped records with ids,
// timestamps and links beside the asked field), two documents per kind, asked with the key's words.
const questions = jsonQuestions(rng(7), 2);
const engine = createEngine(createOnnxWordScorer({ modelsDir: process.env['MODELS_DIR'] ?? 'models' }));

describe('field questions about API-shaped JSON, bundled latte_v2', () => {
  it('keeps the asked value of the named record at 20x for nearly every question', async () => {
    const missed: string[] = [];
    for (const q of questions) {
      const [r] = await engine.compress([{ context: q.doc, query: q.literal, weights: 'latte_v2', ratio: 20, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true }]);
      expect(() => JSON.parse(r!.compressed)).not.toThrow();
      if (!r!.compressed.includes(q.answer)) missed.push(`${q.literal} -> ${q.answer}`);
    }
    expect(questions.length).toBeGreaterThan(50);
    // Every record has the asked field; only the named record's siblings tell it apart.
    expect(missed.length / questions.length, missed.join('\n')).toBeLessThanOrEqual(0.05);
  });
});
