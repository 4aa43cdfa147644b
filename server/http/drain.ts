import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Graceful stop for keep-alive sockets: `server.close()` waits for every socket, and one that turned idle
 * after its response stayed open for the whole keep-alive timeout. While draining, responses not yet begun
 * say `Connection: close`, and sockets that turn idle are closed at once.
 */
export function drainable(server: Server): { closeAfterResponses(): void; drain(): Promise<void> } {
  const open = new Set<ServerResponse>();
  let draining = false;
  // Pre-stop phase (SIGTERM's delay): still serving, but a keep-alive client reconnects after each
  // answer (through its load balancer, to another replica) instead of holding a socket that the
  // drain would close under its next request.
  let closing = false;
  const closeWhenSent = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining || closing) closeWhenSent(res);
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      // A keep-alive socket is idle from here on; while draining it only delays the exit.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    closeAfterResponses: () => {
      closing = true;
      for (const res of open) closeWhenSent(res);
    },
    drain: () =>
      new Promise<void>((resolve) => {
        draining = true;
        for (const res of open) closeWhenSent(res);
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
