#!/usr/bin/env node
/**
 * `node bench/robustness/ops-probes.mjs [--skip-kill] [--settings-only]`: reruns the cheap probes of issue 48's "Why" list
 * against the built server (`npm run build` first) and prints one JSON object, which
 * docs/operations-probes.md quotes: bad settings (exit code, lines, stack trace?), then on one
 * `npm start` (PGlite in a temporary folder) a bodyless POST/PATCH per route, weak passwords,
 * login guessing, billed vs reported tokens and the statuses Node emits; then `kill -9` mid-batch
 * and a restart (pending holds and when they went). Plain JavaScript on purpose (no tsx start-up).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const spec = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
const tmp = mkdtempSync(join(tmpdir(), 'crema-probes-'));
const baseEnv = () => {
  const env = { ...process.env, LOG_LEVEL: 'info', MAX_CONCURRENT_PER_ACCOUNT: '0', SHUTDOWN_DELAY_MS: '0' };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'PORT', 'npm_lifecycle_event', 'npm_lifecycle_script']) delete env[k];
  return env;
};

/** Runs `cmd` to its exit (or kills it after `ms`): exit code, how long it ran and what it printed. */
function run(cmd, args, env, ms = 60_000) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // stdout: the JSON log of what started before the failure; stderr: what an operator reads.
      const stderr = err.split('\n').filter((l) => l.trim() !== '');
      resolve({ exit: code ?? signal, ms: Date.now() - started, stderrLines: stderr.length, stackTrace: /^\s+at /m.test(out + err), stderr: stderr.join(' | ').slice(0, 300) });
    });
  });
}

async function badSettings() {
  const busy = createServer();
  await new Promise((r) => busy.listen(0, '127.0.0.1', r));
  const busyPort = String(busy.address().port);
  const node = ['dist/server/main.js'];
  const cases = {
    'PORT=99999': { PORT: '99999' },
    'LOG_LEVEL=verbose': { LOG_LEVEL: 'verbose' },
    'DATABASE_URL=notaurl': { DATABASE_URL: 'notaurl' },
    'DATABASE_URL=postgres://crema@127.0.0.1:9/crema (nothing listens)': { DATABASE_URL: 'postgres://crema@127.0.0.1:9/crema' },
    'PORT in use': { PORT: busyPort, HOST: '127.0.0.1', DATA_DIR: join(tmp, 'busy') },
  };
  const results = {};
  for (const [name, vars] of Object.entries(cases)) results[name] = await run('node', node, { ...baseEnv(), ...vars }, 120_000);
  busy.close();
  return results;
}

/** `npm start` on a free port; resolves once /health/ready is 200. */
async function start(dataDir) {
  const env = { ...baseEnv(), PORT: '0', DATA_DIR: dataDir };
  const started = performance.now();
  const npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { npm, out: '', exited: new Promise((r) => npm.on('exit', (code) => r(code))) };
  npm.stdout.on('data', (b) => (proc.out += b));
  npm.stderr.on('data', (b) => (proc.out += b));
  while (!(proc.url = /"url":"(http:\/\/[^"]+)"/.exec(proc.out)?.[1])) await sleep(20);
  proc.listeningAt = performance.now();
  proc.listenMs = Math.round(proc.listeningAt - started);
  return proc;
}
const ready = async (url) => {
  while ((await fetch(`${url}/health/ready`).catch(() => ({ status: 0 }))).status !== 200) await sleep(50);
};

/** One request exactly as written, over a bare socket (no Content-Length added). */
function raw(url, head, body = '') {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${[...head, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`));
    let text = '';
    socket.on('data', (b) => (text += b.toString('latin1')));
    socket.on('error', (err) => resolve({ status: -1, error: err.code }));
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1] ?? 0), body: text.split('\r\n\r\n').slice(1).join('').slice(0, 200) }));
  });
}

async function account(url, email, password = 'a long and unusual passphrase 48') {
  const post = (p, body, headers = {}) => fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const session = await (await post('/api/auth/signup', { email, password })).json();
  const token = session.data.token;
  const key = (await (await post('/api/keys', { name: 'probe' }, { Authorization: `Bearer ${token}` })).json()).data.key;
  return { token, key, post };
}

async function requestProbes(url) {
  const host = `Host: ${new URL(url).host}`;
  const { token, key, post } = await account(url, 'probe@example.com');
  // Bodyless POST/PATCH: Content-Type JSON, no body, no Content-Length.
  const routes = Object.entries(spec.paths).filter(([p, item]) => p.startsWith('/api/compress/') && item.post?.requestBody).map(([p]) => p);
  const bodyless = {};
  for (const p of routes) {
    const r = await raw(url, [`POST ${p} HTTP/1.1`, host, 'Content-Type: application/json', `X-API-Key: ${key}`]);
    bodyless[r.status] = (bodyless[r.status] ?? 0) + 1;
  }
  const patch = await raw(url, ['PATCH /api/profile/me HTTP/1.1', host, 'Content-Type: application/json', `Authorization: Bearer ${token}`]);

  // Weak passwords: 422 with the reason.
  const passwords = {};
  for (const [i, pw] of ['password', '12345678', '        '].entries()) {
    const res = await post('/api/auth/signup', { email: `weak${i}@example.com`, password: pw });
    const body = await res.json();
    passwords[JSON.stringify(pw)] = `${res.status} ${body.detail ?? body.error ?? ''}`.slice(0, 160);
  }

  // Login guessing on one account from one address, then the right password.
  await account(url, 'owner@example.com', 'the owner password is long 2026');
  const logins = [];
  for (let i = 0; i < 6; i++) logins.push((await post('/api/auth/login', { email: 'owner@example.com', password: `wrong guess ${i}` })).status);
  const rightAfter = (await post('/api/auth/login', { email: 'owner@example.com', password: 'the owner password is long 2026' })).status;

  // Billed vs reported: the response's figures, the usage row and the ledger's charge.
  const CONTEXT = 'The harbour opens at six. The railway budget is 4,800 euros. The bakery has nine staff.';
  const res = await post('/api/compress/question-specific/', { context: CONTEXT, query: 'What is the railway budget?', compression_model_name: 'latte_v2' }, { 'X-API-Key': key });
  const data = (await res.json()).data;
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const ledger = await (await fetch(`${url}/api/usage/ledger`, auth)).json();
  const usage = await (await fetch(`${url}/api/usage`, auth)).json();
  const billed = { status: res.status, original_tokens: data?.original_tokens, query_tokens: data?.query_tokens, ledger: JSON.stringify(ledger.data?.entries?.[0] ?? ledger.data?.[0] ?? ledger).slice(0, 300), usage: JSON.stringify(usage.data?.events?.[0] ?? usage.data?.[0] ?? usage.data).slice(0, 300) };

  // Statuses Node's parser and the router emit, and whether the spec lists them.
  const listed = (status) => Object.values(spec.paths['/api/compress/question-specific/'].post.responses ?? {}).length > 0 && String(status) in spec.paths['/api/compress/question-specific/'].post.responses;
  const big = await raw(url, ['GET /health HTTP/1.1', host, `X-Big: ${'a'.repeat(20_000)}`]);
  const method = await raw(url, ['DELETE /api/compress/question-specific/ HTTP/1.1', host]);
  const junk = await raw(url, ['GET /health HTTP/1.1 nonsense', host]);
  const statuses = {
    oversizedHeader: big.status,
    wrongMethod: method.status,
    badRequestLine: junk.status,
    // 405 has no operation to be listed under (the method is the path's missing one): a component response.
    listedInSpec: { 431: listed(431), 400: listed(400), 405: Boolean(spec.components?.responses?.MethodNotAllowed) },
  };
  return { bodyless: { routes: routes.length, statuses: bodyless, patchProfileMe: patch.status }, passwords, login: { wrongThenRight: [...logins, rightAfter] }, billed, statuses };
}

async function killNine() {
  const dataDir = join(tmp, 'kill9');
  let proc = await start(dataDir);
  await ready(proc.url);
  const { key, post } = await account(proc.url, 'kill9@example.com');
  const context = Array.from({ length: 400 }, (_, i) => `Line ${i} of the report says the budget was ${i * 10} euros and the staff ${i % 7}.`).join('\n');
  void post('/api/compress/question-specific/batch', { inputs: Array.from({ length: 8 }, () => ({ context, query: 'budget?' })), compression_model_name: 'latte_v1' }, { 'X-API-Key': key }).catch(() => undefined);
  const pending = async (url) => Number(/^crema_billing_holds_pending (\S+)$/m.exec(await (await fetch(`${url}/metrics`)).text())?.[1] ?? -1);
  while ((await pending(proc.url)) < 1) await sleep(20);
  const before = await pending(proc.url);
  process.kill(-proc.npm.pid, 'SIGKILL');
  await proc.exited;
  const killedAt = performance.now();
  proc = await start(dataDir);
  const restartListenMs = Math.round(proc.listeningAt - killedAt);
  let after;
  while ((after = await pending(proc.url)) !== 0) await sleep(20);
  const releasedMsAfterListening = Math.round(performance.now() - proc.listeningAt);
  process.kill(-proc.npm.pid, 'SIGTERM');
  await proc.exited;
  return { pendingAtKill: before, restartListenMs, pendingAfterRestart: after, releasedMsAfterListening };
}

const only = process.argv.includes('--settings-only');
const report = { load1AtStart: Number(loadavg()[0].toFixed(1)) };
try {
  report.badSettings = await badSettings();
  if (only) throw Object.assign(new Error('done'), { done: true });
  const proc = await start(join(tmp, 'main'));
  await ready(proc.url);
  try {
    report.requests = await requestProbes(proc.url);
  } finally {
    process.kill(-proc.npm.pid, 'SIGTERM');
    await proc.exited;
  }
  if (!process.argv.includes('--skip-kill')) report.kill9 = await killNine();
} catch (err) {
  if (!err.done) throw err;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
report.load1AtEnd = Number(loadavg()[0].toFixed(1));
console.log(JSON.stringify(report, null, 2));
