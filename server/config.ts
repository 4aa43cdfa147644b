import { availableParallelism, totalmem } from 'node:os';
import { defaultShutdownGraceMs } from './http/graceful-stop.js';
import { MODEL_FORMATS, type ModelFormat } from './model/served-format.js';

/** Everything crema reads from the environment, parsed once by `loadConfig`. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PGlite data directory when `DATABASE_URL` is unset. */
  dataDir: string;
  redisUrl: string | undefined;
  modelsDir: string;
  logLevel: string;
  /** Reject plain HTTP unless a trusted proxy says the client used HTTPS. */
  requireHttps: boolean;
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Express `trust proxy` value (hop count, CIDR list, or true/false). */
  trustProxy: boolean | number | string;
  bodyLimit: string;
  requestTimeoutMs: number;
  streamTimeoutMs: number;
  estimateRpmPerIp: number;
  /** Per-IP requests per minute on signup and login. */
  authRpmPerIp: number;
  sessionTtlHours: number;
  /** Validate every response against openapi.yaml (on in tests). */
  validateResponses: boolean;
  shutdownGraceMs: number;
  /** Worker threads running the engine (`ENGINE_WORKERS`, default `auto`: server/model/onnx-session-options.ts). */
  engineWorkers: number;
  /** Nice value of the engine threads (0: the server's own); see server/model/thread-priority.ts. */
  engineNice: number;
  /** Concurrent requests for the same network share ONNX calls (int8 scores then move by quantization noise with their batch-mates). */
  dynamicBatching: boolean;
  /** How long an idle engine waits for more requests before its first ONNX call, ms. */
  batchCollectMs: number;
  /** Take a request's billing hold while the engine runs instead of before it (server/billing/meter.ts). */
  overlapHold: boolean;
  /** Which ONNX file serves each network: `auto` times int8 and fp32 on this host once (server/model/served-file.ts). */
  modelFormat: ModelFormat;
  /** Origins browsers may call from (`CORS_ORIGINS`, comma-separated; `*` for any); empty sends no CORS headers. */
  corsOrigins: string[];
  /** The email that becomes admin when it signs up; unset: nobody does (set it before opening signup). */
  adminEmail: string | undefined;
  /** `closed`: only ADMIN_EMAIL may sign up. */
  signup: 'open' | 'closed';
  /** Idle keep-alive sockets live this long; above a load balancer's idle timeout (60 s on AWS ALB). */
  keepAliveTimeoutMs: number;
  /** Compression requests one account may have running at once on a replica (0: no cap). */
  maxConcurrentPerAccount: number;
  /** Serve Prometheus metrics at GET /metrics (METRICS, default true). */
  metrics: boolean;
  /** How often each replica looks for holds left by a crashed process. */
  holdSweepIntervalMs: number;
  /** Added to the longest request budget before a pending hold counts as abandoned. */
  holdSweepGraceMs: number;
}

type Env = Record<string, string | undefined>;

/**
 * Engine workers when ENGINE_WORKERS is not set: two on a host with two cores or more and 8 GiB of
 * memory (the cgroup's limit when there is one), else one. A second worker's JavaScript
 * (splitting, selection) runs while the first one's ONNX call does, and each call uses every core
 * while the other worker is idle and its share while both are busy (server/model/onnx-word-scorer.ts):
 * latte_v2 at concurrency 16 gained 17-21% through the route at the same single-request speed, for
 * ~200 MB (latte_v2 only) to ~600 MB (every network loaded) more memory.
 */
export function defaultEngineWorkers(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  const memory = limit > 0 ? Math.min(limit, totalmem()) : totalmem();
  return availableParallelism() >= 2 && memory >= 8 * 1024 ** 3 ? 2 : 1;
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function origins(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const o of list) {
    let origin: string | undefined;
    try {
      origin = new URL(o).origin;
    } catch {
      origin = undefined;
    }
    if (o !== '*' && origin !== o) throw new Error(`CORS_ORIGINS entries must be origins like https://app.example.com (scheme, host, optional port), got '${o}'`);
  }
  return list;
}

/** A Linux nice value a thread may raise itself to: 0 (unchanged) to 19. */
function niceValue(env: Env, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n > 19) throw new Error(`${name} must be a nice value from 0 to 19, got '${env[name]}'`);
  return n;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
  return raw as T;
}

const nonEmpty = (v: string | undefined): string | undefined => (v ? v : undefined);

/** Parses the environment; throws with the variable's name on a bad value. */
export function loadConfig(env: Env = process.env): Config {
  return {
    port: int(env, 'PORT', 8080),
    host: env['HOST'] || '127.0.0.1',
    databaseUrl: nonEmpty(env['DATABASE_URL']),
    dataDir: env['DATA_DIR'] || './.data/pglite',
    redisUrl: nonEmpty(env['REDIS_URL']),
    modelsDir: env['MODELS_DIR'] || './models',
    logLevel: env['LOG_LEVEL'] || 'info',
    requireHttps: bool(env, 'REQUIRE_HTTPS', false),
    tlsCertFile: nonEmpty(env['TLS_CERT_FILE']),
    tlsKeyFile: nonEmpty(env['TLS_KEY_FILE']),
    trustProxy: trustProxy(env['TRUST_PROXY']),
    bodyLimit: env['BODY_LIMIT'] || '10mb',
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 60_000),
    streamTimeoutMs: int(env, 'STREAM_TIMEOUT_MS', 120_000),
    estimateRpmPerIp: int(env, 'ESTIMATE_RPM_PER_IP', 60),
    authRpmPerIp: int(env, 'AUTH_RPM_PER_IP', 30),
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 168),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', false),
    // Default: the longest request budget plus a margin, so SIGTERM lets admitted requests finish.
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', defaultShutdownGraceMs(int(env, 'REQUEST_TIMEOUT_MS', 60_000), int(env, 'STREAM_TIMEOUT_MS', 120_000))),
    engineWorkers: env['ENGINE_WORKERS'] === 'auto' ? defaultEngineWorkers() : Math.max(1, int(env, 'ENGINE_WORKERS', defaultEngineWorkers())),
    engineNice: niceValue(env, 'ENGINE_NICE', 10),
    dynamicBatching: bool(env, 'DYNAMIC_BATCHING', true),
    batchCollectMs: int(env, 'BATCH_COLLECT_MS', 0),
    overlapHold: bool(env, 'OVERLAP_HOLD', true),
    modelFormat: oneOf(env, 'MODEL_FORMAT', MODEL_FORMATS, 'auto'),
    corsOrigins: origins(env['CORS_ORIGINS']),
    adminEmail: nonEmpty(env['ADMIN_EMAIL']),
    signup: oneOf(env, 'SIGNUP', ['open', 'closed'] as const, 'open'),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000),
    metrics: bool(env, 'METRICS', true),
    maxConcurrentPerAccount: int(env, 'MAX_CONCURRENT_PER_ACCOUNT', 4),
    holdSweepIntervalMs: Math.max(1_000, int(env, 'HOLD_SWEEP_INTERVAL_MS', 60_000)),
    holdSweepGraceMs: int(env, 'HOLD_SWEEP_GRACE_MS', 60_000),
  };
}
