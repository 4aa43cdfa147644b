import http, { type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';

/**
 * express-openapi-validator compiles a route's validator on its first request (and the spec's ajv
 * instances on the process's first), which made the first request after ready 4-10x a warm one
 * (docs/operations-probes.md). One request per latency-sensitive route before readiness moves that into the start.
 */
const warmUps = new WeakSet<IncomingMessage>();

/** A warm-up request: not logged and not counted in the metrics. */
export const isWarmUp = (req: IncomingMessage): boolean => warmUps.has(req);

/** The routes worth warming: every compression operation with a body, and token counting. */
export function warmRoutePaths(spec: Pick<OpenAPIV3.DocumentV3_1, 'paths'>): string[] {
  return Object.entries(spec.paths ?? {})
    .filter(([path, item]) => (path.startsWith('/api/compress/') || path.startsWith('/api/tokens/')) && item?.post?.requestBody)
    .map(([path]) => path);
}

/**
 * Sends each of `paths` one POST with the body `[]` through `app`, on a loopback server of its
 * own (the real port may not be listening yet). `[]` passes the JSON parser and fails every
 * body schema, so the validator compiles and answers 400 before any handler, account or database
 * is reached: nothing is charged, counted or logged.
 */
export async function warmRoutes(app: RequestListener, paths: readonly string[]): Promise<{ routes: number; ms: number }> {
  const started = Date.now();
  const server = http.createServer((req, res) => {
    warmUps.add(req);
    app(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  try {
    const { port } = server.address() as AddressInfo;
    for (const path of paths) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
      await res.arrayBuffer();
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return { routes: paths.length, ms: Date.now() - started };
}
