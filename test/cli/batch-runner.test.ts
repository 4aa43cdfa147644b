import { describe, expect, it } from 'vitest';
import { CremaError } from '../../client/index.js';
import { estimateTokens, planBatches } from '../../packages/client/src/cli/batch-plan.js';
import { runBatches, type BatchRunOptions } from '../../packages/client/src/cli/batch-runner.js';
import type { Outcome } from '../../packages/client/src/cli/family-requests.js';
import type { InputFile } from '../../packages/client/src/cli/inputs.js';

/** Files of `tokens` estimated tokens each (4 characters a token). */
const filesOf = (...tokens: number[]): InputFile[] => tokens.map((n, i) => ({ name: `f${i}.md`, text: 'abcd'.repeat(n) }));
const outcome = (f: InputFile): Outcome => ({ name: f.name, text: f.text.slice(0, 4), originalTokens: estimateTokens(f.text), compressedTokens: 1, result: {} });
const overBudget = () => new CremaError({ status: 504, code: 'timeout', message: 'The request exceeded the 60-second server-side budget' });

/** Runs with a fake server; records what was sent and in what order things happened. */
async function simulate(files: InputFile[], maxTokens: number, server: (batch: InputFile[]) => Promise<Outcome[]>, extra: Partial<BatchRunOptions> = {}) {
  const events: string[] = [];
  const failed: { name: string; code: string }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const sleeps: number[] = [];
  await runBatches({
    files,
    batches: planBatches(files, maxTokens),
    concurrency: 3,
    async send(batch) {
      events.push(`send ${batch.map((f) => f.name).join(',')}`);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await server(batch);
      } finally {
        inFlight--;
      }
    },
    onDone: (o) => void events.push(`done ${o.name}`),
    onFailed: (err, i) => void failed.push({ name: files[i]!.name, code: (err as CremaError).code }),
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...extra,
  });
  return { events, failed, maxInFlight, sleeps };
}

describe('planBatches', () => {
  it('packs files in order under the token ceiling and 100 items; a file over the ceiling goes alone', () => {
    const plan = planBatches(filesOf(400, 400, 300, 2_000, 100), 1_000);
    expect(plan.map((b) => b.indices)).toEqual([[0, 1], [2], [3], [4]]);
    expect(plan.map((b) => b.tokens)).toEqual([800, 300, 2_000, 100]);
    expect(planBatches(filesOf(...new Array<number>(250).fill(1)), 1e9).map((b) => b.indices.length)).toEqual([100, 100, 50]);
  });
});

describe('runBatches', () => {
  it('keeps at most `concurrency` requests in flight and reports each file when its own request is answered', async () => {
    const files = filesOf(...new Array<number>(12).fill(100));
    const { events, failed, maxInFlight } = await simulate(files, 200, async (batch) => {
      await new Promise((resolve) => setTimeout(resolve, batch[0]!.name === 'f0.md' ? 50 : 5));
      return batch.map(outcome);
    });
    expect(failed).toEqual([]);
    expect(maxInFlight).toBe(3);
    expect(events.filter((e) => e.startsWith('done')).sort()).toEqual(files.map((f) => `done ${f.name}`).sort());
    // the first request is the slowest: files of later requests are reported before it
    expect(events.indexOf('done f2.md')).toBeLessThan(events.indexOf('done f0.md'));
  });

  it('splits a request answered 504 and lowers the ceiling for the requests not yet sent', async () => {
    const files = filesOf(...new Array<number>(8).fill(100));
    // the "server" manages 250 tokens within its budget
    const { events, failed } = await simulate(files, 400, async (batch) => {
      if (batch.length * 100 > 250) throw overBudget();
      return batch.map(outcome);
    });
    expect(failed).toEqual([]);
    const sends = events.filter((e) => e.startsWith('send'));
    // f0-f3 and f4-f7 go out first and time out; after that every request is 2 files, none is 4 again
    expect(sends.slice(0, 2).sort()).toEqual(['send f0.md,f1.md,f2.md,f3.md', 'send f4.md,f5.md,f6.md,f7.md']);
    expect(sends.slice(2).every((s) => s.split(',').length === 2)).toBe(true);
  });

  it('retries a single file answered 504 with backoff, then lists it as failed', async () => {
    const { failed, sleeps, events } = await simulate(filesOf(100, 100), 100, async (batch) => {
      if (batch[0]!.name === 'f1.md') throw overBudget();
      return batch.map(outcome);
    });
    expect(failed).toEqual([{ name: 'f1.md', code: 'timeout' }]);
    expect(events.filter((e) => e === 'send f1.md')).toHaveLength(3);
    expect(sleeps).toEqual([500, 1_000]); // half of 1 s then 2 s (random 0.5)
  });

  it('isolates an input the server refuses (422) so the rest of its request goes through', async () => {
    const { failed, events } = await simulate(filesOf(10, 10, 10, 10), 1_000, async (batch) => {
      if (batch.some((f) => f.name === 'f2.md')) throw new CremaError({ status: 422, code: 'context_window_exceeded', message: 'too long' });
      return batch.map(outcome);
    });
    expect(failed).toEqual([{ name: 'f2.md', code: 'context_window_exceeded' }]);
    expect(events.filter((e) => e.startsWith('done')).sort()).toEqual(['done f0.md', 'done f1.md', 'done f3.md']);
  });

  it('stops sending after an error every request would get (401) and fails the files left with it', async () => {
    let sent = 0;
    const { failed } = await simulate(filesOf(...new Array<number>(10).fill(100)), 100, async () => {
      sent++;
      throw new CremaError({ status: 401, code: 'invalid_api_key', message: 'Invalid API key' });
    }, { concurrency: 1 });
    expect(sent).toBe(1);
    expect(failed).toHaveLength(10);
    expect(new Set(failed.map((f) => f.code))).toEqual(new Set(['invalid_api_key']));
  });
});
