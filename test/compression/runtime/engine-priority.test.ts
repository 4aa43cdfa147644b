import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { createEnginePool } from '../../../server/compression/runtime/engine-pool.js';
import { threadsPerWorker } from '../../../server/model/onnx-session-options.js';
import { lowerThreadPriority, type PriorityResult } from '../../../server/model/thread-priority.js';

/** Nice value of every thread of this process (Linux /proc; field 19 of stat). */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

describe('engine thread priority', () => {
  it('ENGINE_NICE defaults to 10, accepts 0 to turn it off, and refuses what is not a nice value', () => {
    expect(loadConfig({}).engineNice).toBe(10);
    expect(loadConfig({ ENGINE_NICE: '0' }).engineNice).toBe(0);
    expect(loadConfig({ ENGINE_NICE: '19' }).engineNice).toBe(19);
    expect(() => loadConfig({ ENGINE_NICE: '20' })).toThrow('ENGINE_NICE must be a nice value from 0 to 19');
    expect(() => loadConfig({ ENGINE_NICE: '-5' })).toThrow('ENGINE_NICE must be a non-negative integer');
    expect(lowerThreadPriority(0)).toEqual({ applied: false, why: 'ENGINE_NICE is 0' });
  });

  describe.runIf(process.platform === 'linux')('on Linux', () => {
    const reports: PriorityResult[] = [];
    const pool = createEnginePool({ modelsDir: loadConfig({ MODELS_DIR: process.env['MODELS_DIR'] }).modelsDir, nice: 10, onPriority: (p) => reports.push(p) });
    afterAll(() => pool.close());

    it('runs the worker and the onnxruntime threads it starts at the nice value, the calling thread unchanged', async () => {
      const mainBefore = niceByThread().get(process.pid);
      const [out] = await pool.compress([
        { context: 'Mount Karela last erupted in 1911. Ash fell for three days.', query: 'When did it erupt?', weights: 'latte_v2', ratio: 0.5, defaultRatio: 0.5, coarse: false, heuristicChunking: false, placeholders: true },
      ]);
      expect(out!.compressed).toContain('1911');
      expect(reports).toEqual([{ applied: true, nice: 10 }]);
      const after = niceByThread();
      // This process's own thread keeps its priority: only the engine's threads yield.
      expect(after.get(process.pid)).toBe(mainBefore);
      // The worker, and with more than one core onnxruntime's intra-op threads, which it created.
      const atTen = [...after.values()].filter((nice) => nice === 10).length;
      expect(atTen).toBeGreaterThanOrEqual(threadsPerWorker(1) > 1 ? 2 : 1);
    }, 120_000);
  });
});
