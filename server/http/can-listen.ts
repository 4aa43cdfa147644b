import { createServer } from 'node:net';

/**
 * Binds `host:port` and lets it go at once; rejects with the bind error (EADDRINUSE, EACCES,
 * EADDRNOTAVAIL...) when the server could not listen there. `main.ts` calls it before anything
 * starts, so a port in use exits 1 at once, not after waiting for loading engine workers. Port 0: no check.
 */
export async function assertCanListen(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
