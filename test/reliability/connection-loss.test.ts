import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, signup } from '../helpers/accounts.js';
import { pino } from 'pino';
import { reportConnectionLoss } from '../../server/db/create-db.js';
import { useTestApp } from '../helpers/test-app.js';

const url = process.env['DATABASE_URL'];
if (!url) console.log('connection-loss: skipped (pg_terminate_backend needs a real PostgreSQL: set DATABASE_URL)');

const applicationName = `crema_conn_loss_${randomBytes(4).toString('hex')}`;
const lost: Error[] = [];
const logLines: string[] = [];
const report = reportConnectionLoss(pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) }));

describe.skipIf(!url)('a PostgreSQL connection killed under the pool (DATABASE_URL)', () => {
  const t = useTestApp({}, {}, { applicationName, onConnectionError: (err) => {
      lost.push(err);
      report(err);
    } });

  it('is reported once per connection, does not crash the process, and the next request succeeds', async () => {
    const { token } = await signup(t().app);
    expect((await request(t().app).get('/api/profile/me').set(bearer(token))).status).toBe(200);

    // Only this file's own backends, found by their application_name.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let killed: number;
    try {
      const res = await admin.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
        [applicationName],
      );
      killed = res.rowCount ?? 0;
    } finally {
      await admin.end();
    }
    expect(killed).toBeGreaterThan(0);
    // The idle clients learn of it asynchronously; wait for every report before the next request.
    await expect.poll(() => lost.length, { timeout: 10_000, interval: 50 }).toBe(killed);
    expect(logLines).toHaveLength(killed);
    for (const line of logLines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry['msg']).toMatch(/database connection lost/);
      expect(Object.keys(entry)).not.toContain('client');
      expect(line).not.toMatch(/connectionString|"password"/);
    }

    const after = await request(t().app).get('/api/profile/me').set(bearer(token));
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    console.log(`connection-loss: ${killed} backend(s) terminated, ${lost.length} report(s), next request ${after.status}`);
  });
});
