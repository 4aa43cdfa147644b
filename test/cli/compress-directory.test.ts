import { copyFile, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { createKey, signup } from '../helpers/accounts.js';
import { runCrema } from '../helpers/cli-runner.js';
import { useListeningApp } from '../helpers/listening-app.js';

const NODE_MODULES = new URL('../../node_modules/', import.meta.url).pathname;
// 60: several default-sized requests for the first test, and enough that half of them is over the budget in the second.
const WANTED = 60;

/** WANTED real READMEs of the installed packages (1-16 KB each, by package name), as one folder of markdown. */
async function copyReadmes(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (const pkg of (await readdir(NODE_MODULES)).sort()) {
    if (names.length >= WANTED) break;
    const file = join(NODE_MODULES, pkg, 'README.md');
    const size = await stat(file).then((s) => s.size, () => 0);
    if (size < 1_000 || size > 16_000) continue;
    await copyFile(file, join(dir, `${pkg}.md`));
    names.push(`${pkg}.md`);
  }
  return names;
}

/**
 * The engine as a slow CPU server does it, without its variance: each request takes 0.1 ms per
 * token (10,000 tokens a second) and keeps the first half of each text's words. The server around
 * it is the real one (routes, billing, the time budget that cancels work at 504), so what this
 * file checks is the CLI's planning, not the model; test/cli/cli.test.ts runs the real engine.
 */
const MS_PER_TOKEN = 0.1;
const tokensOf = (text: string): number => Math.ceil(text.length / 4);
let cancelled = 0;
const pacedEngine: CompressionBackend = {
  countTokens: async (texts) => texts.map(tokensOf),
  async compress(requests, signal) {
    const tokens = requests.reduce((s, r) => s + (r.originalTokens ?? tokensOf(r.context)), 0);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, tokens * MS_PER_TOKEN);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        cancelled++;
        reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
      });
    });
    return requests.map((r) => {
      const words = r.context.split(/(?<=\s)/);
      const compressed = words.slice(0, Math.ceil(words.length / 2)).join('');
      return { compressed, originalTokens: r.originalTokens ?? tokensOf(r.context), compressedTokens: tokensOf(compressed) };
    });
  },
  close: async () => undefined,
};

// 2 s: the CLI's default request (8,000 estimated tokens, 0.8 s here) fits with room; the whole
// folder in one request (~67,000 tokens, 6.7 s) does not.
const BUDGET_MS = 2_000;
const t = useListeningApp({ requestTimeoutMs: BUDGET_MS }, { backend: pacedEngine });

let env: Record<string, string>;
let input: string;
let readmes: string[];
beforeAll(async () => {
  const home = await mkdtemp(join(tmpdir(), 'crema-dir-'));
  const { token } = await signup(t().app);
  env = { HOME: home, CREMA_BASE_URL: t().baseUrl, CREMA_API_KEY: (await createKey(t().app, token)).key };
  input = join(home, 'readmes');
  readmes = await copyReadmes(input);
});

/** The per-file progress lines (stderr is not a terminal here): `compressed N/T files ...: name`. */
const progressCounts = (stderr: string): number[] => [...stderr.matchAll(/^(?:compressed|failed) (\d+)\/\d+ files/gm)].map((m) => Number(m[1]));

describe('crema compress on a folder of real READMEs, server budget 2 s', { timeout: 600_000 }, () => {
  it('sends token-sized requests that fit the budget: every file written, progress per file, exit 0', async () => {
    expect(readmes).toHaveLength(WANTED);
    const out = join(env['HOME']!, 'out-default');
    const started = Date.now();
    const run = await runCrema(['compress', input, '--out', out, '--family', 'markdown'], env);
    console.log(`crema compress: ${readmes.length} READMEs in ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${run.code}`);
    expect(run.code, run.stderr).toBe(0);
    expect(progressCounts(run.stderr)).toEqual(readmes.map((_, i) => i + 1));
    expect((await readdir(out)).sort()).toEqual([...readmes].sort());
    const sample = await readFile(join(out, readmes[0]!), 'utf8');
    expect(sample.length).toBeGreaterThan(0);
    expect(sample.length).toBeLessThan((await readFile(join(input, readmes[0]!), 'utf8')).length);
    expect(run.stderr).toMatch(new RegExp(`\\n${readmes.length}\\s+\\d+\\s+\\d+\\s+\\d+\\s+[\\d.]+%\\s+markdown_v1\\s+\\$`));
  });

  it('a request over the budget (504) is split until it fits; a bad file is listed as failed, the rest written, exit 2', async () => {
    const withBad = join(env['HOME']!, 'readmes-and-bad');
    await mkdir(withBad, { recursive: true });
    // all 60: the half without the bad file (~30 READMEs, ~3.4 s here) is still over the budget
    const some = readmes.slice(0, 60);
    for (const name of some) await copyFile(join(input, name), join(withBad, name));
    // longer than markdown_v1's max_context_tokens (128,000): a 422 that fails its whole batch
    await writeFile(join(withBad, 'zz-huge.md'), 'word '.repeat(110_000));
    const out = join(env['HOME']!, 'out-split');
    // one request for everything: refused (422) for the bad file, then halves, one over the budget
    const cancelledBefore = cancelled;
    const started = Date.now();
    const run = await runCrema(['compress', withBad, '--out', out, '--family', 'markdown', '--batch-tokens', '10000000'], env);
    console.log(`crema compress --batch-tokens 10000000: ${some.length + 1} files in ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${run.code}`);
    expect(run.code, run.stderr).toBe(2);
    // the server cut at least one request at its budget (504), and still every README got through
    expect(cancelled).toBeGreaterThan(cancelledBefore);
    expect(progressCounts(run.stderr)).toEqual([...some, 'zz-huge.md'].map((_, i) => i + 1));
    expect(run.stderr).toMatch(/1 of \d+ files failed:\n {2}zz-huge\.md: .*\(code \w+, HTTP 422\)/);
    expect(run.stderr).toContain(`error: 1 of ${some.length + 1} files failed (listed above)`);
    expect((await readdir(out)).sort()).toEqual([...some].sort());
  });
});
