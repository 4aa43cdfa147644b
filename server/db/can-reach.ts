import { connect } from 'node:net';

/**
 * Opens a TCP connection to DATABASE_URL's host and port and closes it; rejects with the socket
 * error (ECONNREFUSED, ENOTFOUND, ETIMEDOUT after `timeoutMs`). `main.ts` calls it before the
 * engine starts, so an unreachable database exits 1 at once instead of after loading workers.
 * A Unix socket host (`?host=/run/postgresql`) is left to the driver.
 */
export async function assertCanReach(databaseUrl: string, timeoutMs = 5_000): Promise<void> {
  const url = new URL(databaseUrl);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  if (host.startsWith('/')) return;
  const port = Number(url.port || 5432);
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error(`no answer in ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}
