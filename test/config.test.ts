import { availableParallelism, totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.js';
import { ConfigError } from '../server/config-error.js';
import { databaseFailure, listenFailure } from '../server/startup-errors.js';

describe('loadConfig', () => {
  it('has embedded defaults: port 8080 on loopback, PGlite, memory limits, bundled models', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      modelsDir: './models',
      requireHttps: false,
      bodyLimit: '10mb',
      requestTimeoutMs: 60_000,
      streamTimeoutMs: 120_000,
      validateResponses: false,
      corsOrigins: [],
    });
  });

  it('ENGINE_WORKERS: two on a host with 2+ cores and 8 GiB (or a cgroup limit that size), else one; a number or auto from the environment', () => {
    const limit = process.constrainedMemory?.() ?? 0;
    const memory = limit > 0 ? Math.min(limit, totalmem()) : totalmem();
    const auto = availableParallelism() >= 2 && memory >= 8 * 1024 ** 3 ? 2 : 1;
    expect(loadConfig({}).engineWorkers).toBe(auto);
    expect(loadConfig({ ENGINE_WORKERS: 'auto' }).engineWorkers).toBe(auto);
    expect(loadConfig({ ENGINE_WORKERS: '3' }).engineWorkers).toBe(3);
    expect(loadConfig({ ENGINE_WORKERS: '0' }).engineWorkers).toBe(1);
    expect(() => loadConfig({ ENGINE_WORKERS: 'many' })).toThrow(/ENGINE_WORKERS/);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://x@h/db',
      REDIS_URL: 'redis://h:6379',
      REQUIRE_HTTPS: 'true',
      TRUST_PROXY: '1',
    });
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgres://x@h/db', redisUrl: 'redis://h:6379', requireHttps: true, trustProxy: 1 });
  });

  it('reads CORS_ORIGINS as a comma list of origins and rejects anything else', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example.com' })).toThrow(/CORS_ORIGINS/);
  });

  it('reads the proxy settings: upstream origins over http(s), the default crema key, the compaction step', () => {
    expect(loadConfig({})).toMatchObject({ proxyUpstreamOpenai: undefined, proxyUpstreamAnthropic: undefined, proxyCremaKey: undefined, proxyKeepRecentTurns: 2, proxyCompactEvery: 0 });
    const c = loadConfig({ PROXY_UPSTREAM_OPENAI: 'https://api.openai.com', PROXY_UPSTREAM_ANTHROPIC: 'http://10.0.0.5:8000/anthropic', PROXY_CREMA_KEY: 'ck_x', PROXY_COMPACT_EVERY: '8' });
    expect(c).toMatchObject({ proxyUpstreamOpenai: 'https://api.openai.com', proxyUpstreamAnthropic: 'http://10.0.0.5:8000/anthropic', proxyCremaKey: 'ck_x', proxyCompactEvery: 8 });
    expect(() => loadConfig({ PROXY_UPSTREAM_OPENAI: 'api.openai.com' })).toThrow(/PROXY_UPSTREAM_OPENAI must be a URL like https:\/\/api.openai.com/);
    expect(() => loadConfig({ PROXY_COMPACT_EVERY: '-1' })).toThrow(/PROXY_COMPACT_EVERY/);
  });

  it('names the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REQUIRE_HTTPS: 'maybe' })).toThrow(/REQUIRE_HTTPS/);
  });

  it('reports every bad value at once, one line each', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: '99999', LOG_LEVEL: 'verbose', DATABASE_URL: 'notaurl', SHUTDOWN_GRACE_MS: '1.5', BODY_LIMIT: 'big' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      "PORT must be a port number from 0 to 65535, got '99999'",
      "DATABASE_URL must be a URL like postgres://user:password@host:5432/crema, got 'notaurl'",
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
      "BODY_LIMIT must be a size like 10mb, 512kb or a number of bytes, got 'big'",
      "SHUTDOWN_GRACE_MS must be a non-negative integer no larger than 2147483647 (about 24.8 days), got '1.5'",
    ]);
  });

  it('checks URLs by scheme and host, and never repeats a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@h/db' })).toThrow("DATABASE_URL must be a URL like postgres://user:password@host:5432/crema, got 'mysql://***@h/db'");
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL must be a URL like redis:\/\/host:6379/);
    expect(loadConfig({ DATABASE_URL: 'postgresql:///crema?host=/var/run/postgresql' }).databaseUrl).toBe('postgresql:///crema?host=/var/run/postgresql');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380' }).redisUrl).toBe('rediss://:pw@cache:6380');
  });

  it('takes ports 0-65535, milliseconds a timer can hold, and TLS files in pairs', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65_535);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '3000000000' })).toThrow('REQUEST_TIMEOUT_MS must be a non-negative integer no larger than 2147483647 (about 24.8 days)');
    expect(() => loadConfig({ TLS_KEY_FILE: 'key.pem' })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE must be set together, got only TLS_KEY_FILE');
    expect(loadConfig({ LOG_LEVEL: 'debug', BODY_LIMIT: '512kb' })).toMatchObject({ logLevel: 'debug', bodyLimit: '512kb' });
  });
});

describe('startup failure lines', () => {
  const url = 'postgres://crema:secret@db.internal:6543/crema';
  it('name the database by host and port with the driver\'s reason, through wrappers', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('migration  failed: Error: connect ECONNREFUSED', { cause: refused });
    expect(databaseFailure(wrapped, { databaseUrl: url, dataDir: 'x' })).toBe('cannot use the database at db.internal:6543 (DATABASE_URL): ECONNREFUSED (nothing listens there)');
    const both = new AggregateError([refused, refused], '');
    expect(databaseFailure(both, { databaseUrl: 'postgres://h/db', dataDir: 'x' })).toBe('cannot use the database at h:5432 (DATABASE_URL): ECONNREFUSED (nothing listens there)');
    const auth = Object.assign(new Error('password authentication failed for user "crema"'), { code: '28P01' });
    expect(databaseFailure(auth, { databaseUrl: url, dataDir: 'x' })).toBe('cannot use the database at db.internal:6543 (DATABASE_URL): 28P01 (wrong password)');
    const cut = new Error('migration  failed: x', { cause: new Error('Connection terminated unexpectedly') });
    expect(databaseFailure(cut, { databaseUrl: url, dataDir: 'x' })).toBe('cannot use the database at db.internal:6543 (DATABASE_URL): Connection terminated unexpectedly');
  });

  it('say why the server could not listen', () => {
    const err = (code: string) => Object.assign(new Error(code), { code });
    expect(listenFailure(err('EADDRINUSE'), '0.0.0.0', 8080)).toBe('PORT 8080 on 0.0.0.0 is already in use by another process: stop it or choose another PORT');
    expect(listenFailure(err('EACCES'), '0.0.0.0', 80)).toMatch(/^PORT 80 on 0.0.0.0 needs privileges/);
    expect(listenFailure(err('EADDRNOTAVAIL'), '10.9.9.9', 8080)).toBe('HOST 10.9.9.9 is not an address of this machine');
  });
});

