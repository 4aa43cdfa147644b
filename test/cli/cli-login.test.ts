import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';

const BIN = new URL('../../packages/client/bin/crema.mjs', import.meta.url).pathname;
const t = useListeningApp();

interface Running {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** The authorize URL once the CLI has printed it. */
  url: Promise<URL>;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

// A failed test must not leave a login waiting for two minutes.
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
});

/** Starts the real `crema` bin with a private HOME and no inherited CREMA_ or COMPRESR_ variables. */
function start(args: string[], env: Record<string, string>, input = ''): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  let found: (u: URL) => void;
  const url = new Promise<URL>((resolve) => (found = resolve));
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    const m = /(http:\/\/\S+\/dashboard\/#\/authorize\?\S+)/.exec(stderr);
    if (m) found(new URL(m[1]!));
  });
  child.stdin.end(input);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, stderr: () => stderr, url, done };
}
const run = (args: string[], env: Record<string, string>) => start(args, env).done;

/** The query of the authorize page, which lives in the URL's hash (`#/authorize?port=..`). */
const hashQuery = (url: URL) => new URLSearchParams(url.hash.slice(url.hash.indexOf('?') + 1));

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'crema-cli-login-'));
});

// Each child starts node + tsx (seconds on a busy machine): room beyond the default 30 s.
describe('crema login in the browser flow, the test playing the browser', { timeout: 180_000 }, () => {
  it('prints the authorize URL, refuses a wrong state, saves the key the approved page delivers; whoami and status then use it', async () => {
    const env = { HOME: join(home, 'ok'), CREMA_BASE_URL: t().baseUrl };
    const { token, email } = await signup(t().app);
    const cli = start(['login', '--no-browser'], env);
    const url = await cli.url;
    expect(url.origin).toBe(t().baseUrl);
    expect(url.pathname).toBe('/dashboard/');
    const q = hashQuery(url);
    const port = Number(q.get('port'));
    const state = q.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('host')).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);

    // What the approve button does: mint the key with the session, then go to the callback.
    const minted = await request(t().app).post('/api/authorize/cli-token').set(bearer(token)).send({ host: q.get('host') });
    expect(minted.status).toBe(200);
    const callback = (s: string) => fetch(`http://127.0.0.1:${port}/cb?${new URLSearchParams({ state: s, token: minted.body.token }).toString()}`);

    // A stale tab or another site's guess is refused, and the login keeps waiting.
    const wrong = await callback(state.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')));
    expect(wrong.status).toBe(400);
    expect((await callback('short')).status).toBe(400);
    // DNS rebinding: the right state under another Host name is refused too.
    expect((await fetch(`http://localhost:${port}/cb?state=${state}&token=${minted.body.token}`)).status).toBe(403);

    const right = await callback(state);
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('The API key was handed to crema in your terminal');
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`as ${email} with key 'CLI login ${q.get('host')} `);

    const file = join(env.HOME, '.crema', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ base_url: t().baseUrl, api_key: minted.body.token });

    const whoami = await run(['whoami'], env);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(email);
    expect(whoami.stdout).toContain(`key 'CLI login ${q.get('host')} `);

    const status = await run(['status', '--json'], env);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ tier: 'tier1', account_email: email, credits_remaining_usd: 10, requests_today: 0 });
    const table = await run(['status'], env);
    expect(table.stdout).toMatch(/tier1\s+\$10\.00\s+\$0\.00\s+no cap\s+0 of 5000\s+0/);
  });

  it('a denial in the browser ends the login at once with a clear message and saves nothing', async () => {
    const env = { HOME: join(home, 'denied'), CREMA_BASE_URL: t().baseUrl };
    const cli = start(['login', '--no-browser'], env);
    const q = hashQuery(await cli.url);
    const res = await fetch(`http://127.0.0.1:${q.get('port')}/cb?state=${q.get('state')}&error=access_denied`);
    expect(res.status).toBe(400);
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('login failed: the login was denied in the browser');
    await expect(stat(join(env.HOME, '.crema', 'credentials.json'))).rejects.toThrow();
  });

  it('times out cleanly when nobody approves', async () => {
    const env = { HOME: join(home, 'late'), CREMA_BASE_URL: t().baseUrl };
    const result = await run(['login', '--no-browser', '--timeout', '1'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('login failed: no approval arrived within 1 s');
    expect(result.stderr).toContain('crema login --key');
    await expect(stat(join(env.HOME, '.crema', 'credentials.json'))).rejects.toThrow();
  });

  it('--key keeps working (also from stdin with -); COMPRESR_API_KEY and COMPRESR_BASE_URL are fallbacks after the CREMA_ ones', async () => {
    const { token, email } = await signup(t().app);
    const { key } = await createKey(t().app, token, { name: 'hand-made' });
    const env = { HOME: join(home, 'key'), CREMA_BASE_URL: t().baseUrl };
    const login = await run(['login', '--key', key], env);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`as ${email} with key 'hand-made'`);

    const fromStdin = await start(['login', '--key', '-'], { HOME: join(home, 'stdin'), CREMA_BASE_URL: t().baseUrl }, `${key}\n`).done;
    expect(fromStdin.code, fromStdin.stderr).toBe(0);

    // nothing saved: the hosted service's variables alone are enough
    const compresr = await run(['whoami'], { HOME: join(home, 'none'), COMPRESR_BASE_URL: t().baseUrl, COMPRESR_API_KEY: key });
    expect(compresr.code, compresr.stderr).toBe(0);
    expect(compresr.stdout).toContain(email);
    // crema's own variables win over them
    const dead = 'http://127.0.0.1:9';
    const both = await run(['status'], { HOME: join(home, 'none'), CREMA_BASE_URL: t().baseUrl, COMPRESR_BASE_URL: dead, COMPRESR_API_KEY: key });
    expect(both.code, both.stderr).toBe(0);
    const notLoggedIn = await run(['status'], { HOME: join(home, 'none') });
    expect(notLoggedIn.code).toBe(1);
    expect(notLoggedIn.stderr).toContain('crema login');
  });
});
