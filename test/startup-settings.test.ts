import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ARGS } from './helpers/built-server.js';

const root = new URL('..', import.meta.url).pathname;

/**
 * A models folder without weights: the starts below fail at the database or the port, after the
 * engine would begin loading, so with the real folder each paid for spawning and loading workers.
 */
const noModels = mkdtempSync(path.join(tmpdir(), 'crema-no-models-'));
afterAll(() => rm(noModels, { recursive: true, force: true }));

/** Starts server/main.ts with `env` over a clean environment; resolves with its exit code and output. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: 'memory://', LOG_LEVEL: 'warn', PORT: '0', MODELS_DIR: noModels, ENGINE_WORKERS: '1' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'TLS_CERT_FILE', 'TLS_KEY_FILE']) delete base[name];
  const child = spawn(process.execPath, SERVER_ARGS, { cwd: root, env: { ...base, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  // A start that got past the failure would listen: stop it so the test fails instead of hanging.
  const guard = setTimeout(() => child.kill('SIGKILL'), 40_000);
  // 'close', not 'exit': a start that fails in a fraction of a second exits before its stderr is read.
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr, stdout });
    }),
  );
}

const lines = (text: string) => text.split('\n').filter((l) => l.length > 0);

/** A port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// Each start is its own process on its own port (or none): they run side by side.
describe.concurrent('bad settings at start: exit 1, one line per bad value, no stack trace', () => {
  it.each([
    [{ PORT: '99999' }, ["crema: PORT must be a port number from 0 to 65535, got '99999'"]],
    [{ LOG_LEVEL: 'verbose' }, ["crema: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'"]],
    [{ DATABASE_URL: 'notaurl' }, ["crema: DATABASE_URL must be a URL like postgres://user:password@host:5432/crema, got 'notaurl'"]],
    [
      { REQUEST_TIMEOUT_MS: 'soon', ENGINE_NICE: '40', METRICS: 'perhaps' },
      [
        "crema: REQUEST_TIMEOUT_MS must be a non-negative integer no larger than 2147483647 (about 24.8 days), got 'soon'",
        "crema: ENGINE_NICE must be a nice value from 0 to 19, got '40'",
        "crema: METRICS must be true or false, got 'perhaps'",
      ],
    ],
  ])('%o', async (env, expected) => {
    const { code, stderr, stdout } = await start(env);
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual(expected);
    expect(stdout).toBe('');
  }, 60_000);

  it('an unreachable database: its host and port, and why', async () => {
    const port = await closedPort();
    const { code, stderr } = await start({ DATABASE_URL: `postgres://crema:secret@127.0.0.1:${port}/crema` });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([`crema: cannot use the database at 127.0.0.1:${port} (DATABASE_URL): ECONNREFUSED (nothing listens there)`]);
    expect(stderr).not.toContain('secret');
  }, 60_000);

  it('a port in use: which one, exit 1', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr, stdout } = await start({ PORT: String(port) });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([`crema: PORT ${port} on 127.0.0.1 is already in use by another process: stop it or choose another PORT`]);
      expect(stdout).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('an unreachable database exits before the engine starts loading the real networks', async () => {
    const port = await closedPort();
    const { code, stderr, stdout } = await start({ DATABASE_URL: `postgres://crema@127.0.0.1:${port}/crema`, MODELS_DIR: path.join(root, 'models'), LOG_LEVEL: 'info', ENGINE_WORKERS: '2' });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([`crema: cannot use the database at 127.0.0.1:${port} (DATABASE_URL): ECONNREFUSED (nothing listens there)`]);
    // Before: the workers had started loading, and the exit waited for them (3.8 s seen).
    expect(stdout).not.toContain('engine threads');
    expect(stdout).not.toContain('served model file chosen');
  }, 60_000);

  it('a port in use exits before the engine starts loading the real networks', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const started = Date.now();
      const { code, stderr, stdout } = await start({ PORT: String(port), MODELS_DIR: path.join(root, 'models'), LOG_LEVEL: 'info', ENGINE_WORKERS: '2' });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([`crema: PORT ${port} on 127.0.0.1 is already in use by another process: stop it or choose another PORT`]);
      // The workers log their priority as they start and each network once loaded: neither happened.
      expect(stdout).not.toContain('engine threads');
      expect(stdout).not.toContain('served model file chosen');
      // Up to 30 s before (a failed start waited for loading workers); now no engine and no database.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});
