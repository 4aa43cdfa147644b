import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.js';

export interface ListeningApp extends TestApp {
  /** `http://127.0.0.1:<ephemeral port>` */
  baseUrl: string;
}

/**
 * A test app listening on an ephemeral port, for clients that speak real HTTP (the SDK, the
 * CLI as a child process). Registers beforeAll/afterAll and returns the getter.
 */
export function useListeningApp(...args: Parameters<typeof startTestApp>): () => ListeningApp {
  let current: ListeningApp | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    const t = await startTestApp(...args);
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    current = { ...t, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('useListeningApp: the app is built in beforeAll');
    return current;
  };
}
