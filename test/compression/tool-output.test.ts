import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const key = useApiKey(() => t().app);

const compress = (body: Record<string, unknown>) =>
  request(t().app).post('/api/compress/tool-output').set('X-API-Key', key()).send({ tool_name: 'tool', compression_model_name: 'toc_americano_v1', ...body });
const real = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

const LOG = [
  '2026-11-23 10:00:01 INFO  server listening on :8080',
  ...Array.from({ length: 30 }, (_, i) => `2026-11-23 10:00:${String(2 + i).padStart(2, '0')} INFO  health check ok`),
  '2026-11-23 10:00:40 WARN  pool nearly exhausted (9 of 10 connections busy)',
  '2026-11-23 10:00:41 ERROR request 7f3a failed: connect ECONNREFUSED 10.0.0.7:5432',
  '    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)',
  ...Array.from({ length: 20 }, (_, i) => `2026-11-23 10:01:${String(i).padStart(2, '0')} INFO  GET /api/items/${i} 200 in ${10 + i} ms`),
  '2026-11-23 10:01:30 INFO  shutting down',
].join('\n');

describe('tool-output compression', () => {
  it.each([0.1, 0.3, 0.5, 0.9, 2, 4, 10, 50, 200])('real JSON (package-lock.json, package.json) parses at ratio %d', async (ratio) => {
    for (const file of ['package.json', 'node_modules/express/package.json', 'node_modules/kysely/package.json']) {
      const res = await compress({ tool_output: real(file), target_compression_ratio: ratio });
      expect(res.status).toBe(200);
      expect(res.body.data.detected_format).toBe('json');
      expect(() => JSON.parse(res.body.data.compressed_output), `${file} at ${ratio}`).not.toThrow();
    }
  });

  it('trims arrays visibly: the marker counts the items left out', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `Hotel ${i + 1}`, city: i % 2 ? 'Alvik' : 'Porto Sera', stars: 1 + (i % 5) }));
    const res = await compress({ tool_output: JSON.stringify({ total: 120, items }), target_compression_ratio: 10 });
    const out = JSON.parse(res.body.data.compressed_output);
    // One marker per run of left-out records, where the run was.
    const markers = (out.items as unknown[]).filter((x): x is string => typeof x === 'string' && /^\.\.\.\d+ items?$/.test(x));
    const omitted = markers.reduce((s, m) => s + Number(/\d+/.exec(m)![0]), 0);
    expect(omitted).toBeGreaterThan(0);
    expect(out.items.length - markers.length + omitted).toBe(120);
  });

  it('keeps the keys a query names (toc_latte_v1)', async () => {
    const doc = JSON.parse(real('node_modules/express/package.json'));
    const res = await compress({ tool_output: JSON.stringify(doc), compression_model_name: 'toc_latte_v1', query: 'What license does it use?', target_compression_ratio: 10 });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.data.compressed_output).license).toBe(doc.license);
  });

  it.each([0.5, 2, 10])('logs: errors, warnings and stack lines survive at ratio %d; repeats collapse with a count', async (ratio) => {
    const res = await compress({ tool_output: LOG, target_compression_ratio: ratio });
    expect(res.body.data.detected_format).toBe('log');
    const out: string = res.body.data.compressed_output;
    for (const line of LOG.split('\n').filter((l) => /WARN|ERROR|^\s+at /.test(l))) expect(out).toContain(line);
    expect(out).not.toMatch(/(health check ok[^\n]*\n[^\n]*health check ok[^\n]*\n[^\n]*health check ok)/);
  });

  it('logs: when the error, warning and stack lines alone exceed the budget (200x), the error line first, the rest counted', async () => {
    const res = await compress({ tool_output: LOG, target_compression_ratio: 200 });
    const out: string = res.body.data.compressed_output;
    expect(out).toContain('2026-11-23 10:00:41 ERROR request 7f3a failed: connect ECONNREFUSED 10.0.0.7:5432');
    expect(out).toMatch(/\[\.\.\. \d+ lines?, \d+ of them (?:an )?error, warning or trace lines?\]/);
  });

  it("the spec's own log example collapses its repeats at 2x", async () => {
    const spec = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
    const example = JSON.parse(/tool_output: ("2026-12-03 08:00:01 INFO start[^\n]*")/.exec(spec)![1]!) as string;
    const res = await compress({ tool_output: example, target_compression_ratio: 2 });
    const out: string = res.body.data.compressed_output;
    expect(out).toContain('2026-12-03 08:00:{02..06} INFO health check ok in {2..5} ms [5 lines like this]');
    expect(out).toContain('2026-12-03 08:00:07 ERROR disk full on /var');
    expect(res.body.data.compressed_tokens).toBeLessThan(res.body.data.original_tokens);
  });

  it('tables keep the header and whole rows', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `${i + 1},Hotel ${i + 1},${i % 2 ? 'Alvik' : 'Porto Sera'},${80 + i * 3}`);
    const csv = ['id,name,city,price_eur', ...rows].join('\n');
    const res = await compress({ tool_output: csv, target_compression_ratio: 4 });
    expect(res.body.data.detected_format).toBe('table');
    const lines = (res.body.data.compressed_output as string).split('\n');
    expect(lines[0]).toBe('id,name,city,price_eur');
    for (const line of lines.slice(1)) expect(rows.includes(line) || /^\[\.\.\. \d+ more rows\]$/.test(line), line).toBe(true);
  });

  it('keeps the input shape: an array of strings gives an array, mixed formats say mixed', async () => {
    const res = await compress({ tool_output: [real('package.json'), LOG, ''], target_compression_ratio: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.compressed_output).toHaveLength(3);
    expect(res.body.data.compressed_output[2]).toBe('');
    expect(res.body.data.detected_format).toBe('mixed');
    expect(res.body.data.tool_name).toBe('tool');
  });

  it('a tiny output that markers would lengthen comes back whole, never with negative savings', async () => {
    const tiny = 'INFO start\nINFO start\nERROR disk full on /var\nINFO done';
    const res = await compress({ tool_output: tiny });
    expect(res.status).toBe(200);
    expect(res.body.data.tokens_saved).toBeGreaterThanOrEqual(0);
    expect(res.body.data.compressed_output).toContain('ERROR disk full on /var');
  });

  it('toc_latte_v1 without a query and toc_americano_v1 with one are 422 validation_error', async () => {
    const missing = await compress({ tool_output: LOG, compression_model_name: 'toc_latte_v1' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'validation_error', field: 'query' });
    const extra = await compress({ tool_output: LOG, query: 'errors?' });
    expect(extra.status).toBe(422);
    expect(extra.body).toMatchObject({ code: 'validation_error', field: 'query' });
  });

  it('compression_ratio is the Nx factor the hosted SDKs read (original / compressed tokens)', async () => {
    const res = await compress({ tool_output: LOG, target_compression_ratio: 4 });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.compression_ratio).toBeCloseTo(d.original_tokens / d.compressed_tokens, 2);
    expect(d.compression_ratio).toBeGreaterThan(2);
    const empty = await compress({ tool_output: '' });
    expect(empty.body.data).toMatchObject({ compression_ratio: 1, compressed_output: '' });
  });

  it.each([
    ['toc_latte_v2', 'toc_latte_v2'],
    ['toc_latte', 'toc_latte_v2'],
    ['agentic_tool_output_gemfilter', 'toc_latte_v1'],
  ])('%s needs a query and is billed as %s', async (model, canonical) => {
    const doc = JSON.parse(real('node_modules/express/package.json'));
    const res = await compress({ tool_output: JSON.stringify(doc), compression_model_name: model, query: 'What license does it use?', target_compression_ratio: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.parse(res.body.data.compressed_output).license).toBe(doc.license);
    const rows = await t().db.db.selectFrom('usage_events').select(['model', 'request_id']).where('request_id', '=', String(res.headers['x-request-id'])).execute();
    expect(rows.map((r) => r.model)).toEqual([canonical]);
    const missing = await compress({ tool_output: LOG, compression_model_name: model, query: null });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'validation_error', field: 'query' });
  });

  it.each(['toc_americano', 'agentic_tool_output_lingua'])('%s is toc_americano_v1: no query (null counts as none)', async (model) => {
    const res = await compress({ tool_output: LOG, compression_model_name: model, query: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.compressed_output).toContain('ERROR request 7f3a failed');
    expect((await compress({ tool_output: LOG, compression_model_name: model, query: 'errors?' })).status).toBe(422);
  });
});
