import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
let dataRoot: string | undefined;
afterAll(async () => {
  if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
});

describe('npm start (server/main.ts)', () => {
  it('serves with the embedded database, then drains and exits 0 on SIGTERM', async () => {
    dataRoot = await mkdtemp(path.join(tmpdir(), 'crema-main-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: path.join(dataRoot, 'pglite'), LOG_LEVEL: 'info' };
    delete env['DATABASE_URL'];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

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
    const estimate = await fetch(`${url}/api/pricing/estimate-cost`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input_tokens: 1000 }),
    });
    const body = (await estimate.json()) as { data: { compressed_tokens: number } };
    expect(body.data.compressed_tokens).toBe(500);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"stopped"');
  }, 60_000);
});
