import { connect } from 'node:net';

/** DATABASE_URL's host (or `?host=` socket folder) and port, as the driver reads them. */
export function databaseAddress(databaseUrl: string): { host: string; port: number } {
  const url = new URL(databaseUrl);
  return { host: url.hostname || url.searchParams.get('host') || 'localhost', port: Number(url.port || 5432) };
}

/**
 * Opens a TCP connection to DATABASE_URL's host and port and closes it; rejects with the socket
 * error (ECONNREFUSED, ENOTFOUND, ETIMEDOUT after `timeoutMs`). `main.ts` calls it before the
 * engine starts, so an unreachable database exits 1 at once instead of after loading workers.
 * A Unix socket host (`?host=/run/postgresql`) is left to the driver.
 */
export async function assertCanReach(databaseUrl: string, timeoutMs = 5_000): Promise<void> {
  const { host, port } = databaseAddress(databaseUrl);
  if (host.startsWith('/')) return;
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
