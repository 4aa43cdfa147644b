import { describe, expect, it } from 'vitest';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import type { EngineRequest } from '../../server/compression/engine/engine.js';
import { FAMILIES } from '../../server/catalog/families.js';
import { createInProcessBackend } from '../../server/compression/runtime/in-process-backend.js';
import { warmFamilies } from '../../server/compression/warm-families.js';
import { fakeScorer } from '../helpers/fake-scorer.js';
import { loadSpec } from '../../server/project/openapi-spec.js';

describe('warmFamilies', () => {
  it("runs every family's spec example through its adapter and the engine, once per worker", async () => {
    const real = createInProcessBackend(fakeScorer);
    const seen: (readonly EngineRequest[])[] = [];
    const backend: Pick<CompressionBackend, 'compress' | 'countTokens'> = {
      countTokens: (texts) => real.countTokens(texts),
      compress: (requests, signal) => (seen.push(requests), real.compress(requests, signal)),
    };
    const { families, failed } = await warmFamilies(backend, loadSpec(), 2);
    expect(failed).toEqual({});
    expect(families).toEqual(FAMILIES.map((f) => f.id));
    // Tool discovery ranks tools without an engine call; every other family calls the engine.
    expect(seen.length).toBeGreaterThanOrEqual(2 * (FAMILIES.length - 1));
  }, 120_000);
});
