import { describe, expect, it } from 'vitest';
import type { EngineRequest } from '../../../server/compression/engine.js';
import { loadConfig } from '../../../server/config.js';
import { createEnginePool } from '../../../server/compression/runtime/engine-pool.js';

const modelsDir = loadConfig({ MODELS_DIR: process.env['MODELS_DIR'] }).modelsDir;
const request = (i: number): EngineRequest => ({
  context: `Paris lies on the Seine. ${'The river runs through the old town under many bridges. '.repeat(40)}(${i})`,
  query: 'Where is Paris?',
  weights: 'latte_v2',
  ratio: 2,
  defaultRatio: 0.5,
  coarse: false,
  heuristicChunking: false,
  placeholders: true,
});

describe('engine pool close', () => {
  // Terminating a worker while onnxruntime ran a call (or while it still loaded) aborted the whole
  // process ("terminate called after throwing an instance of 'Napi::Error'"); close() now lets each
  // worker end what it runs and exit itself.
  it('closes while workers load and while jobs run: every job settles, close resolves, later jobs are refused', async () => {
    const delays = [0, 5, 50, 300, 800, 1500];
    for (const [n, delay] of delays.entries()) {
      const pool = createEnginePool({ modelsDir, workers: 2 });
      const jobs = [0, 1, 2, 3].map((k) => pool.compress([request(10 * n + k)]).then(() => 'done', (err: Error) => err.message));
      await new Promise((r) => setTimeout(r, delay));
      await pool.close();
      const outcomes = await Promise.all(jobs);
      for (const o of outcomes) expect(['done', 'cancelled', 'engine pool closed']).toContain(o);
      await expect(pool.compress([request(0)])).rejects.toThrow('engine pool closed');
    }
  }, 120_000);
});
