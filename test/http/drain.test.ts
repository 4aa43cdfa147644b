import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from '../../server/http/drain.js';
import { applyServerTimeouts } from '../../server/http/server-timeouts.js';

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
afterEach(() => agent.destroy());

function get(port: number, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });
}

describe('drainable', () => {
  // The keep-alive timeout is a minute, as served; the test's own limit is 10 s, so a stop that
  // waited for the idle sockets to time out would fail it.
  it('finishes in-flight requests, answers them with Connection: close and stops without waiting for keep-alive sockets', async () => {
    const server = http.createServer((req, res) => {
      const send = () => res.end(req.url);
      if (req.url === '/slow') setTimeout(send, 300);
      else send();
    });
    applyServerTimeouts(server, 60_000);
    const { drain } = drainable(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    // One socket left idle and kept alive, one busy when the stop begins.
    expect(await get(port, '/fast')).toMatchObject({ status: 200, connection: 'keep-alive' });
    const inFlight = get(port, '/slow');
    await new Promise((r) => setTimeout(r, 50));
    const stopped = drain();
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: '/slow' });
    await stopped;
    expect(server.listening).toBe(false);
  }, 10_000);
});
