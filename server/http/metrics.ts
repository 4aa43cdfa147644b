import type { RequestHandler } from 'express';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '../db/create-db.js';

/**
 * Prometheus metrics of one app (a registry per app, so tests can build many): requests by
 * route and status, latency, engine queue depth and job time, tokens in and out, holds pending.
 * Served at `GET /metrics`, outside the API spec; restrict it at the proxy on a public server.
 */
/** The engine calls `instrument` times: the part of compression's backend metrics needs (http/ imports no domain). */
export interface TimedEngine<R, S> {
  compress(requests: R, signal?: AbortSignal): Promise<S>;
  cancelledJobs?(): number;
  countTokens(texts: readonly string[]): Promise<number[]>;
  close(): Promise<void>;
}

export function createMetrics(deps: { db: DbHandle }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'crema_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'crema_http_requests_total', help: 'HTTP requests by route and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'crema_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  let inFlight = 0;
  new Gauge({
    name: 'crema_engine_queue_depth',
    help: 'Engine jobs submitted and not finished (queued or running)',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  const engineSeconds = new Histogram({
    name: 'crema_engine_job_duration_seconds',
    help: 'Engine job time, queueing included, by operation',
    labelNames: ['op'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'crema_tokens_total',
    help: 'Tokens of billed compression work by model and direction (in = original, out = compressed)',
    labelNames: ['model', 'direction'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'crema_billing_holds_pending',
    help: 'Billing holds not yet settled or released (-1: the database did not answer)',
    registers: [registry],
    async collect() {
      try {
        const row = await sql<{ n: number }>`select count(*)::int as n from usage_events where status = 'pending'`.execute(deps.db.db);
        this.set(Number(row.rows[0]?.n ?? 0));
      } catch {
        this.set(-1);
      }
    },
  });

  /** Times one engine call and counts it in the queue while it runs. */
  async function timed<T>(op: string, work: () => Promise<T>): Promise<T> {
    inFlight++;
    const end = engineSeconds.startTimer({ op });
    try {
      return await work();
    } finally {
      inFlight--;
      end();
    }
  }

  return {
    registry,
    /** Counts and times every request under its spec route (`unmatched` otherwise, to bound label values). */
    middleware: ((req, res, next) => {
      const end = latency.startTimer();
      // A request whose client left before the answer never finishes: it counts as 499 (nginx's
      // "client closed request"), so dropped requests show next to the answered ones.
      res.on('close', () => {
        const route = (req as { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? (req.path === '/metrics' ? '/metrics' : 'unmatched');
        const labels = { method: req.method, route, status: res.writableFinished ? String(res.statusCode) : '499' };
        requests.inc(labels);
        end(labels);
      });
      next();
    }) satisfies RequestHandler,
    /** The backend, with its calls counted in the queue depth and timed. */
    instrument<R, S>(backend: TimedEngine<R, S>): TimedEngine<R, S> {
      return {
        compress: (requests, signal) => timed('compress', () => backend.compress(requests, signal)),
        ...(backend.cancelledJobs ? { cancelledJobs: () => backend.cancelledJobs!() } : {}),
        countTokens: (texts) => timed('count', () => backend.countTokens(texts)),
        close: () => backend.close(),
      };
    },
    countTokens(model: string, input: number, output: number): void {
      tokens.inc({ model, direction: 'in' }, input);
      tokens.inc({ model, direction: 'out' }, output);
    },
    handler: (async (_req, res) => {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
    }) satisfies RequestHandler,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
