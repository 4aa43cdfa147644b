import type { Server } from 'node:http';

/**
 * Keeps idle keep-alive sockets open longer than a load balancer's idle timeout (60 s on AWS ALB,
 * GCP 600 s is configurable): if the server closed first, the balancer could reuse a socket that
 * is being closed and answer 502. `headersTimeout` must exceed `keepAliveTimeout`, as Node requires.
 */
export function applyServerTimeouts(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>, keepAliveTimeoutMs: number): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
}
