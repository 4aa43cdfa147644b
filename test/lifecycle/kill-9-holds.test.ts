import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsSubset } from '../helpers/models-subset.js';
import { SERVER_ARGS } from '../helpers/built-server.js';

/**
 * Real server processes on one PostgreSQL database (a database of their own, dropped at the end),
 * each killed with -9 while a batch holds its charge: the holds come back at once when the same
 * replica restarts, and within the lease's time-to-live when another replica lives on, never
 * before the dead one's lease expired. PGlite cannot be shared by two processes, so this needs a
 * PostgreSQL server: DATABASE_URL, else the local one .ci/run starts; skipped when neither answers.
 */
const root = new URL('../..', import.meta.url).pathname;
const baseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `crema_kill9_${randomBytes(4).toString('hex')}`;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const pgUp = await reachable(baseUrl);
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

let admin: pg.Client;
let db: pg.Pool;
const children: ChildProcess[] = [];
// Every batch below runs on latte_v2: each of the three starts loads and warms that network alone.
const models = modelsSubset(['latte_v2']);
beforeAll(async () => {
  if (!pgUp) return;
  admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  db = new pg.Pool({ connectionString: dbUrl, max: 2 });
  // The database is dropped with force at the end: a connection cut then is expected.
  db.on('error', () => undefined);
});
afterAll(async () => {
  models.remove();
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(alive.map((c) => new Promise((resolve) => (c.once('exit', resolve), c.kill('SIGKILL')))));
  if (!pgUp) return;
  await db.end();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

interface Server {
  child: ChildProcess;
  url: string;
  lease: string;
  /** Date.now() when its 'crema listening' line was read. */
  listeningAt: number;
  log(): string;
}

/**
 * Starts server/main.ts on the test database; resolves once it listens (its lease is taken then).
 * One engine worker (three servers each loaded every network twice) and no pre-stop delay at the end.
 */
async function startServer(env: Record<string, string>): Promise<Server> {
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATABASE_URL: dbUrl, LOG_LEVEL: 'info', MAX_CONCURRENT_PER_ACCOUNT: '0', ENGINE_WORKERS: '1', SHUTDOWN_DELAY_MS: '0', MODELS_DIR: models.dir, ...env };
  delete full['REDIS_URL'];
  const child = spawn(process.execPath, SERVER_ARGS, { cwd: root, env: full });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise<Server>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /"url":"(http:\/\/[^"]+)".*"lease":"([^"]+)"/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve({ child, url: m[1]!, lease: m[2]!, listeningAt: Date.now(), log: () => out });
      }
    }, 25);
    child.on('exit', () => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${out.slice(-3000)}`));
    });
  });
}

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function apiKey(server: Server, email: string): Promise<{ key: string; accountId: string }> {
  const signup = (await (await post(`${server.url}/api/auth/signup`, { email, password: 'long enough password' })).json()) as { data: { token: string } };
  const created = (await (await post(`${server.url}/api/keys`, { name: 'kill9' }, { Authorization: `Bearer ${signup.data.token}` })).json()) as {
    data: { key: string };
  };
  const { rows } = await db.query<{ id: string }>('select id from accounts where email = $1', [email]);
  return { key: created.data.key, accountId: rows[0]!.id };
}

const paragraph = (i: number) =>
  `Section ${i} reviews the ${['harbour', 'railway', 'bakery', 'observatory'][i % 4]} of the town: its opening hours, ` +
  `its staff of ${i + 3} people, the budget of ${(i + 1) * 1200} euros agreed in March and the complaints about noise.`;

/** Sends a large batch and kills the server with -9 once the batch's hold is in the database; resolves with the hold's id and the kill's time. */
async function killMidBatch(server: Server, key: string): Promise<{ hold: string; killedAt: number }> {
  await expect.poll(async () => (await fetch(`${server.url}/health/ready`)).status, { timeout: 120_000, interval: 250 }).toBe(200);
  const inputs = Array.from({ length: 12 }, (_, k) => ({
    context: Array.from({ length: 60 }, (_, i) => paragraph(i + k * 60)).join('\n\n'),
    query: 'What was the budget of the railway?',
  }));
  const batch = post(`${server.url}/api/compress/question-specific/batch`, { inputs, compression_model_name: 'latte_v2' }, { 'X-API-Key': key });
  batch.catch(() => undefined); // reset by the kill
  let holdId: string | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await db.query<{ id: string }>(`select id from usage_events where replica_id = $1 and status = 'pending'`, [server.lease]);
        holdId = rows[0]?.id;
        return holdId !== undefined;
      },
      { timeout: 60_000, interval: 20 },
    )
    .toBe(true);
  server.child.kill('SIGKILL');
  const killedAt = Date.now();
  await new Promise((resolve) => server.child.once('exit', resolve));
  // Still pending: the batch was cut off between hold and settle.
  const { rows } = await db.query<{ status: string }>('select status from usage_events where id = $1', [holdId]);
  expect(rows[0]!.status).toBe('pending');
  return { hold: holdId!, killedAt };
}

const holdStatus = async (id: string) => (await db.query<{ status: string }>('select status from usage_events where id = $1', [id])).rows[0]!.status;
const balance = async (accountId: string) => Number((await db.query<{ b: string }>('select balance_nusd::text as b from accounts where id = $1', [accountId])).rows[0]!.b);

// A quick lease on the survivors so the test does not wait the default 20 s.
const FAST = { LEASE_TTL_MS: '3000', LEASE_RENEW_MS: '500', HOLD_SWEEP_INTERVAL_MS: '500' };

describe.skipIf(!pgUp)('kill -9 mid-batch on PostgreSQL', () => {
  it('releases the holds within 2 s of the same replica restarting, and within the lease TTL while another replica runs', async () => {
    // 1. Replica "r1" with a long lease (60 s): only its restart can free its holds quickly.
    const first = await startServer({ REPLICA_NAME: 'r1', LEASE_TTL_MS: '60000', LEASE_RENEW_MS: '500' });
    const alice = await apiKey(first, 'alice@example.com');
    const before = await balance(alice.accountId);
    const { hold } = await killMidBatch(first, alice.key);
    expect(await balance(alice.accountId)).toBeLessThan(before);

    const again = await startServer({ REPLICA_NAME: 'r1', ...FAST });
    await expect.poll(() => holdStatus(hold), { timeout: 2_000, interval: 50 }).toBe('released');
    const restartMs = Date.now() - again.listeningAt;
    expect(await balance(alice.accountId)).toBe(before);
    // The dead incarnation's lease ran until 60 s after its last renewal: the restart ended it.
    const { rows: ended } = await db.query<{ ended: boolean }>(`select expires_at <= now() as ended from replica_leases where replica_id = $1`, [first.lease]);
    expect(ended[0]?.ended ?? true).toBe(true);

    // 2. Replica "r2" dies while "r1" lives on: r1's sweep frees r2's hold once r2's lease expired, not before.
    const second = await startServer({ REPLICA_NAME: 'r2', ...FAST });
    const bob = await apiKey(second, 'bob@example.com');
    const bobBefore = await balance(bob.accountId);
    const { hold: bobHold, killedAt } = await killMidBatch(second, bob.key);
    await expect.poll(() => holdStatus(bobHold), { timeout: 30_000, interval: 100 }).toBe('released');
    const survivorMs = Date.now() - killedAt;
    expect(await balance(bob.accountId)).toBe(bobBefore);
    const { rows } = await db.query<{ released_after_expiry: boolean }>(
      `select e.settled_at >= l.expires_at as released_after_expiry from usage_events e join replica_leases l on l.replica_id = e.replica_id where e.id = $1`,
      [bobHold],
    );
    expect(rows[0]!.released_after_expiry).toBe(true);
    expect(again.log()).toContain('released stale billing holds');
    console.info(`kill-9-holds: released ${restartMs} ms after the restarted replica listened; ${survivorMs} ms after the kill with a survivor (TTL 3 s, sweep 0.5 s)`);
  }, 300_000);
});
