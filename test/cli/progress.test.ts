import { describe, expect, it } from 'vitest';
import { createProgress } from '../../packages/client/src/cli/progress.js';

/** A stand-in for process.stderr that records what is written. */
function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  return { stream: { isTTY, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream, written };
}

describe('createProgress', () => {
  it('on a terminal, redraws one bar line per file with counts, failures and tokens', () => {
    const { stream, written } = fakeStream(true);
    const p = createProgress(4, stream);
    p.fileDone('a.md', 100, 40);
    p.fileDone('b.md', 0, 0, true);
    p.stop();
    expect(written[0]).toBe(`\rcompressing |${'-'.repeat(24)}| 0/4 files, 0 -> 0 tokens`);
    expect(written[1]).toMatch(new RegExp(`^\\rcompressing \\|${'#'.repeat(6)}-{18}\\| 1/4 files, 100 -> 40 tokens \\| ETA \\d+ s\\u001b\\[K$`));
    expect(written[2]).toMatch(/^\rcompressing \|#{12}-{12}\| 2\/4 files \(1 failed\), 100 -> 40 tokens/);
    expect(written.at(-1)).toBe('\n');
  });

  it('elsewhere, writes one plain line per file', () => {
    const { stream, written } = fakeStream(false);
    const p = createProgress(2, stream);
    p.fileDone('a.md', 100, 40);
    p.fileDone('b.md', 0, 0, true);
    p.stop();
    expect(written).toEqual(['compressed 1/2 files, 100 -> 40 tokens: a.md\n', 'failed 2/2 files (1 failed), 100 -> 40 tokens: b.md\n']);
  });
});
