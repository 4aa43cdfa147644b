import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const key = useApiKey(() => t().app);
const BODY = { context: 'Paris is the capital of France. The weather is mild today.', query: 'capital?', compression_model_name: 'latte_v1' };

/** The value of one sample line, e.g. `name{a="b"} 3`. */
function sampleValue(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix + ' '));
  return line === undefined ? undefined : Number(line.slice(prefix.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by spec route and status, engine jobs, tokens in/out and pending holds', async () => {
    expect((await request(t().app).post('/api/compress/question-specific/').set('X-API-Key', key()).send(BODY)).status).toBe(200);
    expect((await request(t().app).post('/api/compress/question-specific/').set('X-API-Key', key()).send({})).status).toBe(422);
    const res = await request(t().app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const text = res.text;
    const route = 'route="/api/compress/question-specific/"';
    expect(sampleValue(text, `crema_http_requests_total{method="POST",${route},status="200"}`)).toBe(1);
    expect(sampleValue(text, `crema_http_requests_total{method="POST",${route},status="422"}`)).toBe(1);
    expect(sampleValue(text, `crema_http_request_duration_seconds_count{method="POST",${route},status="200"}`)).toBe(1);
    expect(sampleValue(text, 'crema_tokens_total{model="latte_v1",direction="in"}')).toBeGreaterThan(5);
    expect(sampleValue(text, 'crema_tokens_total{model="latte_v1",direction="out"}')).toBeGreaterThan(0);
    expect(sampleValue(text, 'crema_engine_job_duration_seconds_count{op="compress"}')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'crema_engine_queue_depth')).toBe(0);
    expect(sampleValue(text, 'crema_billing_holds_pending')).toBe(0);
    expect(text).toContain('crema_process_resident_memory_bytes');
  });

  it('unknown paths share one route label', async () => {
    await request(t().app).get('/no/such/path/1');
    await request(t().app).get('/no/such/path/2');
    const text = (await request(t().app).get('/metrics')).text;
    expect(sampleValue(text, 'crema_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
  });
});
