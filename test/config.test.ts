import { availableParallelism, totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.js';

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

  it('names the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REQUIRE_HTTPS: 'maybe' })).toThrow(/REQUIRE_HTTPS/);
  });
});
