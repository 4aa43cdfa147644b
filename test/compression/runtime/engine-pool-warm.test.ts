import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { createEnginePool } from '../../../server/compression/runtime/engine-pool.js';
import { warmUp } from '../../../server/model/readiness.js';

const modelsDir = loadConfig({ MODELS_DIR: process.env['MODELS_DIR'] }).modelsDir;

describe('engine pool warm-up', () => {
  it('loads the weights in every worker; readiness turns ready only then', async () => {
    const pool = createEnginePool({ modelsDir, workers: 2 });
    try {
      let settled: string | undefined;
      const readiness = warmUp(pool, ['latte_v2'], { onSettled: (status) => (settled = status) });
      expect(readiness.status()).toBe('loading');
      await expect(pool.warm!(['latte_v2'])).resolves.toBeUndefined();
      await expect.poll(() => readiness.status(), { timeout: 30_000 }).toBe('ready');
      expect(settled).toBe('ready');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails with the reason when a network cannot load', async () => {
    const pool = createEnginePool({ modelsDir: '/nonexistent-models-dir' });
    try {
      const readiness = warmUp(pool, ['latte_v2']);
      await expect.poll(() => readiness.status(), { timeout: 30_000 }).toBe('failed');
      expect(readiness.error()).toEqual(expect.any(String));
    } finally {
      await pool.close();
    }
  }, 60_000);
});
