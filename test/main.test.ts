import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modelsSubset } from './helpers/models-subset.js';
import { SERVER_ARGS } from './helpers/built-server.js';

const root = new URL('..', import.meta.url).pathname;
let dataRoot: string | undefined;
// The request below runs on latte_v1: the start loads and warms that network alone.
const models = modelsSubset(['latte_v1']);
afterAll(async () => {
  models.remove();
  if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
});

describe('npm start (server/main.ts)', () => {
  it('serves with the embedded database, then drains and exits 0 on SIGTERM', async () => {
    dataRoot = await mkdtemp(path.join(tmpdir(), 'crema-main-'));
    // The grace period outlasts the in-flight batch even on a slow CPU (latte_v1 on AVX2 without
    // int8 dot-product instructions scores about 2k tokens/s), so the test checks draining, not speed.
    // No pre-stop delay (test/lifecycle/pre-stop-delay.test.ts tests it) and one engine worker: the
    // drain is the same, without 5 s of waiting and a second worker loading every network.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: path.join(dataRoot, 'pglite'), LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '100000', SHUTDOWN_DELAY_MS: '0', ENGINE_WORKERS: '1', MODELS_DIR: models.dir };
    delete env['DATABASE_URL'];
    delete env['REDIS_URL'];
    const child = spawn(process.execPath, SERVER_ARGS, { cwd: root, env });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    // 'close' (after its output is read), not 'exit': the last log lines may still be in the pipe at exit.
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(m[1]!);
        }
      }, 100);
      void exited.then(() => reject(new Error(`exited early:\n${out}`)));
    });

    const tiers = await fetch(`${url}/api/billing/tiers`);
    expect(tiers.status).toBe(200);
    // main.ts loads the bundled weights at start: readiness turns 200 once they are in the workers.
    await expect.poll(async () => (await fetch(`${url}/health/ready`)).status, { timeout: 60_000, interval: 250 }).toBe(200);
    expect(out).toContain('model weights loaded: ready');
    const estimate = await fetch(`${url}/api/pricing/estimate-cost`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input_tokens: 1000 }),
    });
    const body = (await estimate.json()) as { data: { compressed_tokens: number } };
    expect(body.data.compressed_tokens).toBe(500);

    // An in-flight compression request finishes although SIGTERM arrives while it runs.
    const post = (p: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const session = (await (await post('/api/auth/signup', { email: 'drain@example.com', password: 'long enough password' })).json()) as { data: { token: string } };
    const created = (await (await post('/api/keys', { name: 'drain' }, { Authorization: `Bearer ${session.data.token}` })).json()) as { data: { key: string } };
    const context = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} talks about volcanoes, bakeries and railways at some length.`).join('\n\n');
    // ~11k tokens on latte_v1: about a second on a fast CPU, well inside the request timeout on a
    // slow, loaded one (30 inputs took past the 60 s budget there and answered 504).
    const inFlight = post(
      '/api/compress/question-specific/batch',
      { inputs: Array.from({ length: 12 }, () => ({ context, query: 'Which paragraph mentions railways?' })), compression_model_name: 'latte_v1' },
      { 'X-API-Key': created.data.key },
    );
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGTERM');
    const drained = await inFlight;
    expect(drained.status).toBe(200);
    expect(((await drained.json()) as { data: { count: number } }).data.count).toBe(12);
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"stopped"');
    // Request logs carry no credentials.
    expect(out).toContain('"x-api-key":"[redacted]"');
    expect(out).not.toContain(created.data.key);
    expect(out).not.toContain(session.data.token);
  }, 120_000);
});
