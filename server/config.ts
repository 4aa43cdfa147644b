import { availableParallelism, hostname, totalmem } from 'node:os';
import path from 'node:path';
import { defaultShutdownGraceMs } from './http/graceful-stop.js';
import { ConfigError } from './config-error.js';
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
  /** After SIGTERM/SIGINT, how long the listener keeps accepting while readiness answers 503, ms. */
  shutdownDelayMs: number;
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
  /** Origin the OpenAI-compatible proxy forwards to (`PROXY_UPSTREAM_OPENAI`); unset: no `/v1/chat/completions`. */
  proxyUpstreamOpenai: string | undefined;
  /** Origin the Anthropic-compatible proxy forwards to (`PROXY_UPSTREAM_ANTHROPIC`); unset: no `/v1/messages`. */
  proxyUpstreamAnthropic: string | undefined;
  /** crema key billed for proxy requests that send no `x-crema-key` (`PROXY_CREMA_KEY`); unset: the header is required. */
  proxyCremaKey: string | undefined;
  /** User turns whose prose the proxy forwards verbatim (`PROXY_KEEP_RECENT_TURNS`, default 2). */
  proxyKeepRecentTurns: number;
  /** Older prose is compacted in steps of this many user turns (`PROXY_COMPACT_EVERY`; default 0: never, see docs/proxy.md). */
  proxyCompactEvery: number;
  /**
   * What stays the same when this replica restarts (REPLICA_NAME; default host:PORT, or none with
   * PORT=0): a start ends the leases of earlier incarnations of the same name and frees their holds.
   */
  replicaName: string | null;
  /** A replica lease not renewed for this long counts as a dead process (its holds are released). */
  leaseTtlMs: number;
  /** How often a live replica renews its lease. */
  leaseRenewMs: number;
  /** Where the server writes what it derives at start (fp32 twins, the served-format choice): CACHE_DIR. */
  cacheDir: string;
}

type Env = Record<string, string | undefined>;

/**
 * Engine workers when ENGINE_WORKERS is not set: two on a host with 2+ cores and 8 GiB of memory (the
 * cgroup's limit when there is one), else one: one worker's JavaScript runs beside the other's ONNX call
 * (docs/tuning.md, "ENGINE_WORKERS auto").
 */
function defaultEngineWorkers(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  const memory = limit > 0 ? Math.min(limit, totalmem()) : totalmem();
  return availableParallelism() >= 2 && memory >= 8 * 1024 ** 3 ? 2 : 1;
}

/**
 * Bad values found so far. Each reader below records its problem here instead of throwing, so
 * `loadConfig` reports every bad value at once; it returns the fallback, which is never used
 * because loadConfig throws at the end.
 */
type Problems = string[];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// Node's timers overflow above 2^31-1 ms (about 24.8 days) and fire at once.
const MAX_TIMER_MS = 2_147_483_647;

function int(env: Env, problems: Problems, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER, what = ''): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > max) {
    const bound = max < Number.MAX_SAFE_INTEGER ? ` no larger than ${max}${what}` : '';
    problems.push(`${name} must be a non-negative integer${bound}, got '${raw}'`);
    return fallback;
  }
  return n;
}

/** Milliseconds that go into a timer. */
const ms = (env: Env, problems: Problems, name: string, fallback: number): number => int(env, problems, name, fallback, MAX_TIMER_MS, ' (about 24.8 days)');

/** A TCP port; 0 lets the system choose one. */
function port(env: Env, problems: Problems, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,5}$/.test(raw.trim()) || Number(raw) > 65_535) {
    problems.push(`${name} must be a port number from 0 to 65535, got '${raw}'`);
    return fallback;
  }
  return Number(raw);
}

function bool(env: Env, problems: Problems, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  problems.push(`${name} must be true or false, got '${env[name]}'`);
  return fallback;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function origins(raw: string | undefined, problems: Problems): string[] {
  const list = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const o of list) {
    let origin: string | undefined;
    try {
      origin = new URL(o).origin;
    } catch {
      origin = undefined;
    }
    if (o !== '*' && origin !== o) problems.push(`CORS_ORIGINS entries must be origins like https://app.example.com (scheme, host, optional port), got '${o}'`);
  }
  return list;
}

/** A Linux nice value a thread may raise itself to: 0 (unchanged) to 19. */
function niceValue(env: Env, problems: Problems, name: string, fallback: number): number {
  const before = problems.length;
  const n = int(env, problems, name, fallback);
  if (problems.length === before && n > 19) {
    problems.push(`${name} must be a nice value from 0 to 19, got '${env[name]}'`);
    return fallback;
  }
  return n;
}

function oneOf<T extends string>(env: Env, problems: Problems, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    problems.push(`${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
    return fallback;
  }
  return raw as T;
}

/** The value with any `user:password@` part masked, for messages. */
const masked = (raw: string): string => raw.replace(/\/\/[^/@]*@/, '//***@');

/** A URL with one of `schemes` and a host (a database or Redis address). */
function serviceUrl(env: Env, problems: Problems, name: string, schemes: readonly string[], example: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  // Postgres also takes its host from `?host=` (a Unix socket directory).
  const hasHost = !!url && (url.hostname !== '' || url.searchParams.has('host'));
  if (!url || !schemes.includes(url.protocol) || !hasHost) {
    problems.push(`${name} must be a URL like ${example}, got '${masked(raw)}'`);
    return undefined;
  }
  return raw;
}

/** A body size as body-parser reads it: `10mb`, `512kb`, `1048576`. */
function byteSize(env: Env, problems: Problems, name: string, fallback: string): string {
  const raw = env[name];
  if (!raw) return fallback;
  if (!/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(raw.trim())) {
    problems.push(`${name} must be a size like 10mb, 512kb or a number of bytes, got '${raw}'`);
    return fallback;
  }
  return raw.trim();
}

function tlsPair(env: Env, problems: Problems): [string | undefined, string | undefined] {
  const cert = nonEmpty(env['TLS_CERT_FILE']);
  const key = nonEmpty(env['TLS_KEY_FILE']);
  if (!!cert !== !!key) problems.push(`TLS_CERT_FILE and TLS_KEY_FILE must be set together, got only ${cert ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'}`);
  return [cert, key];
}

const nonEmpty = (v: string | undefined): string | undefined => (v ? v : undefined);


/** Parses the environment; throws a ConfigError naming every bad variable, one line each. */
export function loadConfig(env: Env = process.env): Config {
  const p: Problems = [];
  const [tlsCertFile, tlsKeyFile] = tlsPair(env, p);
  const config: Config = {
    port: port(env, p, 'PORT', 8080),
    host: env['HOST'] || '127.0.0.1',
    databaseUrl: serviceUrl(env, p, 'DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/crema'),
    dataDir: env['DATA_DIR'] || './.data/pglite',
    redisUrl: serviceUrl(env, p, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://host:6379'),
    modelsDir: env['MODELS_DIR'] || './models',
    logLevel: oneOf(env, p, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    requireHttps: bool(env, p, 'REQUIRE_HTTPS', false),
    tlsCertFile,
    tlsKeyFile,
    trustProxy: trustProxy(env['TRUST_PROXY']),
    bodyLimit: byteSize(env, p, 'BODY_LIMIT', '10mb'),
    requestTimeoutMs: ms(env, p, 'REQUEST_TIMEOUT_MS', 60_000),
    streamTimeoutMs: ms(env, p, 'STREAM_TIMEOUT_MS', 120_000),
    estimateRpmPerIp: int(env, p, 'ESTIMATE_RPM_PER_IP', 60),
    authRpmPerIp: int(env, p, 'AUTH_RPM_PER_IP', 30),
    sessionTtlHours: int(env, p, 'SESSION_TTL_HOURS', 168),
    validateResponses: bool(env, p, 'VALIDATE_RESPONSES', false),
    // Default: the longest request budget plus a margin, so SIGTERM lets admitted requests finish.
    // 5 s: HAProxy in deploy/ marks a replica down after two failed checks 2 s apart; Kubernetes
    // takes a few seconds to take a terminating pod out of its endpoints.
    shutdownDelayMs: ms(env, p, 'SHUTDOWN_DELAY_MS', 5_000),
    shutdownGraceMs: ms(env, p, 'SHUTDOWN_GRACE_MS', defaultShutdownGraceMs(ms(env, [], 'REQUEST_TIMEOUT_MS', 60_000), ms(env, [], 'STREAM_TIMEOUT_MS', 120_000))),
    engineWorkers: env['ENGINE_WORKERS'] === 'auto' ? defaultEngineWorkers() : Math.max(1, int(env, p, 'ENGINE_WORKERS', defaultEngineWorkers())),
    engineNice: niceValue(env, p, 'ENGINE_NICE', 10),
    dynamicBatching: bool(env, p, 'DYNAMIC_BATCHING', true),
    batchCollectMs: ms(env, p, 'BATCH_COLLECT_MS', 0),
    overlapHold: bool(env, p, 'OVERLAP_HOLD', true),
    modelFormat: oneOf(env, p, 'MODEL_FORMAT', MODEL_FORMATS, 'auto'),
    corsOrigins: origins(env['CORS_ORIGINS'], p),
    adminEmail: nonEmpty(env['ADMIN_EMAIL']),
    signup: oneOf(env, p, 'SIGNUP', ['open', 'closed'] as const, 'open'),
    keepAliveTimeoutMs: ms(env, p, 'KEEP_ALIVE_TIMEOUT_MS', 65_000),
    metrics: bool(env, p, 'METRICS', true),
    maxConcurrentPerAccount: int(env, p, 'MAX_CONCURRENT_PER_ACCOUNT', 4),
    holdSweepIntervalMs: Math.max(100, ms(env, p, 'HOLD_SWEEP_INTERVAL_MS', 5_000)),
    holdSweepGraceMs: ms(env, p, 'HOLD_SWEEP_GRACE_MS', 60_000),
    proxyUpstreamOpenai: serviceUrl(env, p, 'PROXY_UPSTREAM_OPENAI', ['http:', 'https:'], 'https://api.openai.com'),
    proxyUpstreamAnthropic: serviceUrl(env, p, 'PROXY_UPSTREAM_ANTHROPIC', ['http:', 'https:'], 'https://api.anthropic.com'),
    proxyCremaKey: nonEmpty(env['PROXY_CREMA_KEY']),
    proxyKeepRecentTurns: int(env, p, 'PROXY_KEEP_RECENT_TURNS', 2, 1_000),
    proxyCompactEvery: int(env, p, 'PROXY_COMPACT_EVERY', 0, 1_000),
    replicaName: null,
    leaseTtlMs: Math.max(1_000, ms(env, p, 'LEASE_TTL_MS', 20_000)),
    leaseRenewMs: Math.max(100, ms(env, p, 'LEASE_RENEW_MS', 5_000)),
    // The one folder the server writes to beside its database, so models/ and the install may be read-only.
    cacheDir: path.resolve(env['CACHE_DIR'] || '.cache'),
  };
  config.replicaName = nonEmpty(env['REPLICA_NAME']?.trim()) ?? (config.port === 0 ? null : `${hostname()}:${config.port}`);
  if (config.leaseRenewMs * 2 > config.leaseTtlMs) {
    p.push(`LEASE_RENEW_MS must be at most half of LEASE_TTL_MS (a live replica renews at least twice per lease), got ${config.leaseRenewMs} and ${config.leaseTtlMs}`);
  }
  if (p.length > 0) throw new ConfigError(p);
  return config;
}
