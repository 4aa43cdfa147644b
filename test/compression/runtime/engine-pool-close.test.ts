import { describe, expect, it } from 'vitest';
import type { EngineRequest } from '../../../server/compression/engine/engine.js';
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
  // Three moments, each reached by an event rather than a timer: workers still starting, a network
  // loading (the served-file report comes just before its ONNX session is created), jobs running.
  it('closes while workers load and while jobs run: every job settles, close resolves, later jobs are refused', async () => {
    const moments = ['at once', 'as a network loads', 'once a job is done'] as const;
    for (const [n, moment] of moments.entries()) {
      let loading!: () => void;
      const networkLoading = new Promise<void>((resolve) => (loading = resolve));
      const pool = createEnginePool({ modelsDir, workers: 2, onServedFile: () => loading() });
      const jobs = [0, 1, 2, 3].map((k) => pool.compress([request(10 * n + k)]).then(() => 'done', (err: Error) => err.message));
      if (moment === 'as a network loads') await networkLoading;
      if (moment === 'once a job is done') await Promise.race(jobs);
      await pool.close();
      const outcomes = await Promise.all(jobs);
      for (const o of outcomes) expect(['done', 'cancelled', 'engine pool closed'], moment).toContain(o);
      if (moment === 'once a job is done') expect(outcomes).toContain('done');
      await expect(pool.compress([request(0)])).rejects.toThrow('engine pool closed');
    }
  }, 120_000);
});
