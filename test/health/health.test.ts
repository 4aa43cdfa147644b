import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { createInProcessBackend } from '../../server/compression/runtime/in-process-backend.js';
import { catalogWeights, warmUp } from '../../server/model/readiness.js';
import type { WordScorer } from '../../server/model/word-scorer.js';
import { fakeScorer } from '../helpers/fake-scorer.js';
import { startTestApp, useTestApp } from '../helpers/test-app.js';

/** The fake scorer with a warm-up that finishes (or fails) when the test says so. */
function gatedScorer() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const warmed: WeightsId[][] = [];
  const gate = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const scorer: WordScorer = {
    ...fakeScorer,
    warm: async (weights) => {
      warmed.push([...weights]);
      await gate;
    },
  };
  return { scorer, finish, fail, warmed };
}

const allBundled = { isAvailable: () => true };
const t = useTestApp({}, { backend: createInProcessBackend(fakeScorer), weights: allBundled });

describe('GET /', () => {
  it('answers JSON to an API client', async () => {
    const res = await request(t().app).get('/').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'crema', status: 'ok', docs: '/docs', dashboard: '/dashboard/' });
  });

  it('sends a browser to the dashboard', async () => {
    const res = await request(t().app).get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/dashboard/');
  });
});

describe('GET /health (liveness)', () => {
  it('answers without touching the database', async () => {
    const down = await startTestApp({}, { backend: t().backend, weights: allBundled });
    try {
      await down.db.db.destroy();
      // circuits make no I/O either: nothing has checked the database yet
      expect((await request(down.app).get('/health/circuits')).body.circuits.database.state).toBe('unknown');
      const res = await request(down.app).get('/health');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', version: expect.any(String), uptime_s: expect.any(Number) });
      // the deep check does touch it, and says so
      const deep = await request(down.app).get('/health/deep');
      expect(deep.status).toBe(503);
      expect(deep.headers['retry-after']).toBe('5');
      expect(deep.body.checks.database).toMatchObject({ status: 'error', detail: expect.any(String) });
      const circuits = await request(down.app).get('/health/circuits');
      expect(circuits.body).toMatchObject({ status: 'degraded', open: ['database'] });
    } finally {
      await down.close();
    }
  });
});

describe('GET /health/deep', () => {
  it('is 200 when the database answers, limits are in memory and every network is bundled', async () => {
    const res = await request(t().app).get('/health/deep').query({ include_compression: true });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks.database).toMatchObject({ status: 'ok', driver: t().db.driver });
    expect(res.body.checks.redis).toMatchObject({ status: 'ok', store: 'memory' });
    expect(res.body.checks.models).toMatchObject({ status: 'ok', readiness: 'ready' });
    expect(res.body.checks.models.weights.map((w: { id: string }) => w.id).sort()).toEqual(catalogWeights().sort());
  });

  it('is 503 when a network is not bundled, or Redis does not answer', async () => {
    const noEspresso = await startTestApp({}, { backend: t().backend, weights: { isAvailable: (w) => w !== 'espresso_v1' } });
    try {
      const res = await request(noEspresso.app).get('/health/deep');
      expect(res.status).toBe(503);
      expect(res.body.checks.models).toMatchObject({ status: 'error', detail: expect.stringContaining('espresso_v1') });
      const circuits = await request(noEspresso.app).get('/health/circuits');
      expect(circuits.body.open).toEqual(['engine']);
    } finally {
      await noEspresso.close();
    }
    const redisDown = { ...t().quotas, kind: 'redis' as const, healthy: () => false };
    const cut = await startTestApp({}, { backend: t().backend, weights: allBundled, quotas: redisDown });
    try {
      const res = await request(cut.app).get('/health/deep');
      expect(res.status).toBe(503);
      expect(res.body.checks.redis).toMatchObject({ status: 'error', store: 'redis' });
      expect((await request(cut.app).get('/health/circuits')).body.open).toEqual(['redis']);
    } finally {
      await cut.close();
    }
  });
});

describe('GET /health/circuits', () => {
  it('reports the last database check: closed after one answered', async () => {
    await request(t().app).get('/api/compress/history/health');
    const res = await request(t().app).get('/health/circuits');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', open: [], circuits: { database: { state: 'closed' }, redis: { state: 'closed' }, engine: { state: 'closed' } } });
  });
});

describe('readiness', () => {
  it('/health/ready is 503 while the weights load, 200 once they have; family health follows', async () => {
    const gated = gatedScorer();
    const backend = createInProcessBackend(gated.scorer);
    const readiness = warmUp(backend, ['latte_v1', 'latte_v2']);
    const app = await startTestApp({}, { backend, weights: allBundled, readiness });
    try {
      expect(gated.warmed).toEqual([['latte_v1', 'latte_v2']]);
      const loading = await request(app.app).get('/health/ready');
      expect(loading.status).toBe(503);
      expect(loading.headers['retry-after']).toBe('5');
      expect(loading.body).toMatchObject({ status: 'loading', ready: false, weights: ['latte_v1', 'latte_v2'], error: null });
      expect((await request(app.app).get('/api/compress/question-specific/health')).body.compression_server).toBe(false);

      gated.finish();
      await new Promise((resolve) => setImmediate(resolve));
      const ready = await request(app.app).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', ready: true });
      expect((await request(app.app).get('/api/compress/question-specific/health')).body.compression_server).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('stays 503 with the reason when loading fails, and the engine circuit opens', async () => {
    const gated = gatedScorer();
    const readiness = warmUp(createInProcessBackend(gated.scorer), ['espresso_v1']);
    const app = await startTestApp({}, { backend: t().backend, weights: allBundled, readiness });
    try {
      gated.fail(new Error('model.onnx is truncated'));
      await new Promise((resolve) => setImmediate(resolve));
      const res = await request(app.app).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'failed', ready: false, error: 'model.onnx is truncated' });
      const circuits = await request(app.app).get('/health/circuits');
      expect(circuits.body.open).toEqual(['engine']);
      expect((await request(app.app).get('/health/deep')).status).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('a backend that cannot warm is ready at once', async () => {
    const readiness = warmUp(createInProcessBackend(fakeScorer), ['latte_v1']);
    expect(readiness.status()).toBe('ready');
  });
});
