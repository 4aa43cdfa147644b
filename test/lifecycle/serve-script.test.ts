import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/serve.sh, the container image's CMD, started here as the image starts it: with a fresh
 * CACHE_DIR, it serves, writes what it derives at start (fp32 twins, the served-format choice)
 * there and nothing into models/ (which the image keeps read-only), and drains on SIGTERM. An
 * unwritable CACHE_DIR is one line and exit 1.
 */
const root = new URL('../..', import.meta.url).pathname;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'crema-serve-'));
  // What `npm start` does first; a no-op when dist/ is current.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 300_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every file under `folder` with its size and modification time. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else files[path.relative(folder, p)] = `${st.size}@${st.mtimeMs}`;
    }
  };
  walk(folder);
  return files;
}

const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'info', DATA_DIR: path.join(dir, 'pglite'), MODEL_FORMAT: 'auto' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'MODELS_DIR', 'npm_lifecycle_event', 'npm_lifecycle_script']) delete env[name];
  return env;
};

describe('scripts/serve.sh (the image CMD)', () => {
  it('starts with a fresh CACHE_DIR, writes nothing into models/, becomes ready and drains on SIGTERM', async () => {
    const models = path.join(root, 'models');
    const before = snapshot(models);
    const cacheDir = path.join(dir, 'cache');
    // No pre-stop delay (pre-stop-delay.test.ts tests it), one engine worker: what is tested here is the script.
    const child = spawn('sh', ['scripts/serve.sh'], { cwd: root, env: { ...baseEnv(), CACHE_DIR: cacheDir, SHUTDOWN_DELAY_MS: '0', ENGINE_WORKERS: '1' } });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    // 'close' (after its output is read), not 'exit': the last log lines may still be in the pipe at exit.
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
          if (m) {
            clearInterval(timer);
            resolve(m[1]!);
          }
        }, 50);
        void exited.then(() => {
          clearInterval(timer);
          reject(new Error(`exited early:\n${out}`));
        });
      });
      await expect.poll(async () => (await fetch(`${url}/health/ready`)).status, { timeout: 180_000, interval: 250 }).toBe(200);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      // What MODEL_FORMAT=auto derived went to CACHE_DIR.
      expect(existsSync(path.join(cacheDir, 'served-format.json'))).toBe(true);
      expect(readdirSync(path.join(cacheDir, 'models')).sort()).toEqual(expect.arrayContaining(['latte_v2']));
      expect(snapshot(models)).toEqual(before);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"stopped"');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 300_000);

  it('the migrate step (compose\'s one-shot service) migrates a new database and exits 0; an unreachable one is one line and exit 1', () => {
    const ok = spawnSync(process.execPath, ['dist/server/migrate-main.js'], { cwd: root, env: { ...baseEnv(), DATA_DIR: path.join(dir, 'migrated') }, encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('database schema is up to date');
    const down = spawnSync(process.execPath, ['dist/server/migrate-main.js'], { cwd: root, env: { ...baseEnv(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/crema' }, encoding: 'utf8' });
    expect(down.status).toBe(1);
    expect(down.stderr.trim().split('\n')).toEqual(['crema: cannot use the database at 127.0.0.1:1 (DATABASE_URL): ECONNREFUSED (nothing listens there)']);

  }, 180_000);

  it('an unwritable CACHE_DIR is one line and exit 1', () => {
    // Below a regular file: no user, root included, can create it.
    const r = spawnSync('sh', ['scripts/serve.sh'], { cwd: root, env: { ...baseEnv(), CACHE_DIR: path.join(root, 'package.json', 'cache') }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([`crema: CACHE_DIR ${path.join(root, 'package.json', 'cache')} cannot be created (mount a writable volume or tmpfs there)`]);
  });
});
