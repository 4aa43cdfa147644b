import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { dashboardRouter } from '../../server/dashboard/dashboard-router.js';

const built = mkdtempSync(join(tmpdir(), 'crema-dash-'));
mkdirSync(join(built, 'assets'));
writeFileSync(join(built, 'index.html'), '<!doctype html><title>crema dashboard</title>');
writeFileSync(join(built, 'assets', 'main.js'), 'console.log(1)');
afterAll(() => rmSync(built, { recursive: true, force: true }));

const appWith = (dir: string) => express().use(dashboardRouter(dir));

describe('dashboard static files', () => {
  it('redirects / (for a browser) and /dashboard to /dashboard/', async () => {
    const root = await request(appWith(built)).get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(root.status).toBe(302);
    expect(root.headers['location']).toBe('/dashboard/');
    // An API client (JSON, or no preference) is left to the JSON root behind this router.
    expect((await request(appWith(built)).get('/').set('Accept', 'application/json')).status).toBe(404);
    expect((await request(appWith(built)).get('/')).status).toBe(404);
    const bare = await request(appWith(built)).get('/dashboard');
    expect(bare.status).toBe(301);
    expect(bare.headers['location']).toBe('/dashboard/');
  });

  it.each(['/favicon.ico', '/favicon.svg'])('serves the icon at %s (no 404 on any page)', async (path) => {
    const icon = await request(appWith(built)).get(path);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(icon.body ?? icon.text)).toContain('<svg');
  });

  it('serves the page and its assets with a same-origin-only content policy', async () => {
    const page = await request(appWith(built)).get('/dashboard/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('crema dashboard');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await request(appWith(built)).get('/dashboard/assets/main.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('says how to build the page when the build is missing', async () => {
    const res = await request(appWith(join(built, 'nope'))).get('/dashboard/');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build:dashboard');
  });

  it('leaves other paths to the rest of the app', async () => {
    const app = appWith(built).use((_req, res) => res.status(404).json({ detail: 'Not Found' }));
    expect((await request(app).get('/dashboard/missing.js')).status).toBe(404);
    expect((await request(app).get('/api/keys')).status).toBe(404);
  });
});
