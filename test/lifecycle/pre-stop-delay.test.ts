import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { drainable } from '../../server/http/drain.js';
import { gracefulStop } from '../../server/http/graceful-stop.js';

/**
 * The pre-stop phase of SIGTERM (SHUTDOWN_DELAY_MS): readiness turns 503 at once, but the port
 * keeps accepting and serving until the delay is over, answering with `Connection: close`; only
 * then does the drain stop accepting. A plain server, so the timing is the stop sequence's alone.
 */
let stopping = false;
const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ stopping }));
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function get(port: number): Promise<{ status: number; connection: string | undefined } | { error: string }> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

describe('SIGTERM with SHUTDOWN_DELAY_MS', () => {
  it('keeps accepting and serving (Connection: close) during the delay, then stops accepting and exits 0', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { drain, closeAfterResponses } = drainable(server);
    const logged: string[] = [];
    const log = (_o: object | string, m?: string) => void logged.push(m ?? String(_o));
    let exitCode: number | undefined;
    const signalled = Date.now();
    let drainStartedAt = 0;
    const stop = gracefulStop({
      markStopping: () => (stopping = true),
      delayMs: 400,
      closeAfterResponses,
      drain: () => ((drainStartedAt = Date.now()), drain()),
      graceMs: 5_000,
      cutShort: () => undefined,
      closeAllConnections: () => server.closeAllConnections(),
      releaseOpenHolds: async () => 0,
      closeResources: async () => undefined,
      logger: { info: log, warn: log, error: log },
      exit: (code) => {
        exitCode = code;
      },
    });
    const done = stop('SIGTERM');
    expect(stopping).toBe(true);
    // New connections during the delay are served, and told to close after their answer.
    const during = await Promise.all([get(port), get(port), get(port)]);
    expect(during).toEqual(Array(3).fill({ status: 200, connection: 'close' }));
    expect(drainStartedAt).toBe(0);
    await done;
    expect(drainStartedAt - signalled).toBeGreaterThanOrEqual(390);
    expect(exitCode).toBe(0);
    expect(logged).toEqual([
      'shutting down: readiness 503, still accepting connections until load balancers see it',
      'shutting down: draining in-flight requests',
      'stopped',
    ]);
    // After the delay and the drain, the port no longer accepts: refused, not reset mid-request.
    expect(await get(port)).toEqual({ error: 'ECONNREFUSED' });
  });
});
