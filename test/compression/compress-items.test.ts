import { describe, expect, it } from 'vitest';
import { compressItems } from '../../server/compression/compress-items.js';
import { createEngine, type EngineRequest, type EngineResult } from '../../server/compression/engine/engine.js';
import { toolOutput } from '../../server/compression/tool-output.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';
import { fakeScorer } from '../helpers/fake-scorer.js';

describe("a batch row's duration_ms is its own time", () => {
  it('compressItems gives each item the engine time of its own requests, not the batch total', async () => {
    // Three strings in two items: the first item one request, the second two.
    const times = [5, 7, 11];
    const backend = {
      compress: async (reqs: readonly EngineRequest[]): Promise<EngineResult[]> =>
        reqs.map((r, k) => ({ compressed: r.context, originalTokens: 1, compressedTokens: 1, format: 'text' as const, durationMs: times[k]! })),
    };
    const options = toolOutput.options({ compression_model_name: 'toc_americano_v1', inputs: [] }, MODEL_CATALOG.toc_americano_v1);
    const items = [
      { toolOutput: 'one', toolName: 'a' },
      { toolOutput: ['two', 'three'], toolName: 'b' },
    ];
    const outs = await compressItems(backend, toolOutput, items, [[1], [1, 1]], options);
    expect(outs.map((o) => o.durationMs)).toEqual([5, 18]);
  });

  it('the engine times each request on its own: the parts add up to no more than the whole call', async () => {
    const engine = createEngine(fakeScorer);
    const big = Array.from({ length: 400 }, (_, i) => `2026-11-23 10:00:${String(i % 60).padStart(2, '0')} INFO request ${i} served`).join('\n');
    const base = { weights: 'latte_v1' as const, ratio: 4, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true };
    const started = performance.now();
    const results = await engine.compress([
      { ...base, context: big, format: 'tool' },
      { ...base, context: 'ERROR disk full', format: 'tool' },
      { ...base, context: '' },
    ]);
    const wall = performance.now() - started;
    for (const r of results.slice(0, 2)) expect(r.durationMs).toBeGreaterThan(0);
    // The empty request does no work.
    expect(results[2]!.durationMs ?? 0).toBe(0);
    expect(results.reduce((s, r) => s + (r.durationMs ?? 0), 0)).toBeLessThanOrEqual(wall + 1);
  });
});
