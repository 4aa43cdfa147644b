import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { modelsSubset } from '../helpers/models-subset.js';

/**
 * The README's start command (`npm start`, the embedded database) in a child process, SIGTERM sent to npm itself (what a
 * container runtime or systemd sends to the main process) while 20 requests run, and 10 more sent
 * on new connections at the signal and just after it (a load balancer that has not yet seen
 * readiness 503): every request answers, npm exits 0 once node has drained, and the database the
 * server leaves behind has a charge for every usage row and no pending hold.
 */
const root = new URL('../..', import.meta.url).pathname;
let dataRoot: string | undefined;
let groupLeader: number | undefined;
// Every request below runs on latte_v2: the start loads and warms that network alone, in one
// worker (the drain, not the worker count, is tested here).
const models = modelsSubset(['latte_v2']);
afterAll(async () => {
  models.remove();
  // npm leads its own process group: whatever a failed run left (an orphaned server) goes with it.
  if (groupLeader) {
    try {
      process.kill(-groupLeader, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
});

interface Answer {
  kind: 'single' | 'batch' | 'stream';
  status: number;
  /** When the answer was complete, ms since the epoch. */
  at: number;
  /** Streams: every `data:` frame. */
  frames: Array<{ content: string; done: boolean; error: string | null }>;
  body: unknown;
}

const paragraph = (i: number) =>
  `Section ${i} reviews the ${['harbour', 'railway', 'bakery', 'observatory'][i % 4]} of the town: its opening hours, ` +
  `its staff of ${i + 3} people, the budget of ${(i + 1) * 1200} euros agreed in March and the complaints about noise.`;
const context = (n: number, salt: number) => Array.from({ length: n }, (_, i) => paragraph(i + salt)).join('\n\n');

/** A POST on a connection of its own (no keep-alive pool): what a new client's request is. */
function postFresh(url: string, body: object, headers: Record<string, string>): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => (text += b.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const DELAY_MS = 3_000;

describe('npm start, then SIGTERM to npm with 20 requests in flight and 10 more arriving at the signal', () => {
  it('answers all 30 (200, streams end with a done frame), exits 0, and leaves every usage row charged and no hold pending', async () => {
    dataRoot = await mkdtemp(path.join(tmpdir(), 'crema-sigterm-'));
    const dataDir = path.join(dataRoot, 'pglite');
    // Started from the run's migrated snapshot (4 s of CPU less than initdb and migrations); a first
    // start on an empty folder is serve-script's. On DATABASE_URL runs there is no snapshot.
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      const seeded = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(snapshot)]) });
      await seeded.waitReady;
      await seeded.close();
    }
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', MAX_CONCURRENT_PER_ACCOUNT: '0', SHUTDOWN_DELAY_MS: String(DELAY_MS), MODELS_DIR: models.dir, ENGINE_WORKERS: '1' };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SHUTDOWN_GRACE_MS', 'REQUEST_TIMEOUT_MS', 'STREAM_TIMEOUT_MS', 'npm_lifecycle_event', 'npm_lifecycle_script']) delete env[name];
    const npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    groupLeader = npm.pid;
    let out = '';
    npm.stdout.on('data', (b: Buffer) => (out += b.toString()));
    npm.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));

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
    // main.ts loads the bundled weights at start: readiness turns 200 once they are in the worker.
    await expect.poll(async () => (await fetch(`${url}/health/ready`)).status, { timeout: 60_000, interval: 200 }).toBe(200);
    expect(out).toContain('model weights loaded: ready');

    const post = (p: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await fetch(`${url}/api/billing/tiers`)).status).toBe(200);
    const estimate = (await (await post('/api/pricing/estimate-cost', { input_tokens: 1000 })).json()) as { data: { compressed_tokens: number } };
    expect(estimate.data.compressed_tokens).toBe(500);
    const session = (await (await post('/api/auth/signup', { email: 'sigterm@example.com', password: 'long enough password' })).json()) as { data: { token: string } };
    const created = (await (await post('/api/keys', { name: 'sigterm' }, { Authorization: `Bearer ${session.data.token}` })).json()) as { data: { key: string } };
    const key = { 'X-API-Key': created.data.key };
    const query = 'What was the budget of the railway?';

    // SIGTERM goes once all 20 are in flight (each holds its charge) or answered: a connection the
    // server has not yet accepted when it stops listening is not in flight, and the kernel resets it.
    let opened = 0;
    let allStreamsOpen!: () => void;
    const streamsOpen = new Promise<void>((resolve) => (allStreamsOpen = resolve));
    const single = async (i: number): Promise<Answer> => {
      const res = await post('/api/compress/question-specific/', { context: context(40, i), query, compression_model_name: 'latte_v2' }, key);
      return { kind: 'single', status: res.status, body: await res.json(), at: Date.now(), frames: [] };
    };
    const batch = async (i: number): Promise<Answer> => {
      const inputs = Array.from({ length: 3 }, (_, k) => ({ context: context(30, i * 10 + k), query }));
      const res = await post('/api/compress/question-specific/batch', { inputs, compression_model_name: 'latte_v2' }, key);
      return { kind: 'batch', status: res.status, body: await res.json(), at: Date.now(), frames: [] };
    };
    const stream = async (i: number): Promise<Answer> => {
      const res = await post('/api/compress/question-specific/stream', { context: context(40, 100 + i), query, compression_model_name: 'latte_v2' }, key);
      if (res.ok && ++opened === 6) allStreamsOpen();
      const text = await res.text();
      const frames = text
        .split('\n\n')
        .filter((f) => f.startsWith('data: '))
        .map((f) => JSON.parse(f.slice(6)) as Answer['frames'][number]);
      return { kind: 'stream', status: res.status, body: text, at: Date.now(), frames };
    };
    // Each answer is caught as what it is: a rejected fetch (a reset) fails the test below by name.
    let finished = 0;
    const settle = (p: Promise<Answer>) =>
      p.catch((err: unknown) => ({ kind: 'reset', error: String(err) }) as const).finally(() => finished++);
    const answers = Promise.all([
      ...Array.from({ length: 8 }, (_, i) => settle(single(i))),
      ...Array.from({ length: 6 }, (_, i) => settle(batch(i))),
      ...Array.from({ length: 6 }, (_, i) => settle(stream(i))),
    ]);
    await Promise.race([streamsOpen, answers]);
    // In flight = holding its charge (crema_billing_holds_pending counts them) or already answered.
    const heldOrDone = async () => {
      const text = await (await fetch(`${url}/metrics`)).text();
      const pending = Number(/^crema_billing_holds_pending (\S+)$/m.exec(text)?.[1] ?? 0);
      return pending + finished;
    };
    await expect.poll(heldOrDone, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    // Requests racing the signal, each on a new connection: 5 sent in the same tick as SIGTERM, 5
    // once the server has surely seen it. The listener keeps accepting for SHUTDOWN_DELAY_MS, so
    // none is reset (before the delay existed, 1 in 20 racing the signal was, in CI).
    const late = (i: number) =>
      postFresh(`${url}/api/compress/question-specific/`, { context: context(20, 200 + i), query, compression_model_name: 'latte_v2' }, key).catch(
        (err: unknown) => ({ status: -1, connection: undefined, body: String(err) }),
      );
    const atSignal = Array.from({ length: 5 }, (_, i) => late(i));
    const signalled = Date.now();
    process.kill(npm.pid!, 'SIGTERM');
    await expect.poll(() => out.includes('still accepting connections'), { timeout: DELAY_MS, interval: 20 }).toBe(true);
    const afterSignal = Array.from({ length: 5 }, (_, i) => late(5 + i));
    const ready = await new Promise<number>((resolve) => http.get(`${url}/health/ready`, { agent: false }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', () => resolve(-1)));
    const raced = await Promise.all([...atSignal, ...afterSignal]);
    expect(ready).toBe(503);
    expect(raced.map((r) => r.status), JSON.stringify(raced.filter((r) => r.status !== 200)).slice(0, 600) + out.slice(-2000)).toEqual(Array(10).fill(200));
    // Answered in the pre-stop phase: each tells its client to reconnect (through its load balancer).
    expect(raced.filter((r) => r.connection === 'close').length).toBeGreaterThanOrEqual(5);

    const all = await answers;
    const resets = all.filter((a) => a.kind === 'reset');
    expect(resets, out.slice(-3000)).toEqual([]);
    const done = all as Answer[];
    for (const a of done) {
      expect(a.status, `${a.kind}: ${JSON.stringify(a.body).slice(0, 300)}`).toBe(200);
      if (a.kind === 'stream') {
        // Every stream ends with its done frame: content, or an error saying why.
        const last = a.frames.at(-1);
        expect(last?.done, String(a.body)).toBe(true);
        expect(last!.content.length > 0 || (last!.error ?? '').length > 0).toBe(true);
      }
    }
    // Most of them were still running when the signal came: the drain, not luck, answered them.
    expect(done.filter((a) => a.at > signalled).length).toBeGreaterThanOrEqual(10);
    const code = await exited;
    const inFlight = done.filter((a) => a.at > signalled).length;
    // The figures the operations notes quote.
    console.info(`sigterm-drain: ${done.length} in flight answered, ${inFlight} of them after SIGTERM, ${resets.length} resets; ${raced.length} racing the signal answered 200; npm exit ${code} ${Date.now() - signalled} ms after the signal`);
    expect(code).toBe(0);
    expect(out).toContain('"msg":"shutting down: draining in-flight requests"');
    expect(out).toContain('"msg":"stopped"');
    // Request logs carry no credentials.
    expect(out).toContain('"x-api-key":"[redacted]"');
    expect(out).not.toContain(created.data.key);
    expect(out).not.toContain(session.data.token);

    // After exit the server's database is ours to read: one settled usage row per request, a charge
    // ledger entry for each, no hold left pending, and the balance equal to its ledger.
    const pg = new PGlite(dataDir);
    try {
      const rows = (await pg.query<{ status: string; n: number; cost: string }>(`select status, count(*)::int as n, sum(cost_nusd)::text as cost from usage_events group by status`)).rows;
      const charges = (await pg.query<{ n: number; amount: string }>(`select count(*)::int as n, sum(amount_nusd)::text as amount from ledger_entries where kind = 'charge'`)).rows[0]!;
      expect(rows.map((r) => [r.status, r.n])).toEqual([['settled', 30]]);
      expect(charges.n).toBe(30);
      expect(BigInt(charges.amount)).toBe(-BigInt(rows[0]!.cost));
      const books = (await pg.query<{ balance: string; ledger: string }>(
        `select a.balance_nusd::text as balance, (select sum(amount_nusd) from ledger_entries l where l.account_id = a.id)::text as ledger from accounts a`,
      )).rows;
      for (const b of books) expect(b.balance).toBe(b.ledger);
    } finally {
      await pg.close();
    }
  }, 150_000);
});
