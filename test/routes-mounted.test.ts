import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useTestApp } from './helpers/test-app.js';
import { routeTable } from '../server/app.js';

const spec = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
const t = useTestApp();


describe('route table vs openapi.yaml', () => {
  const specOps = new Map<string, string>();
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op?.operationId) specOps.set(op.operationId, `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }

  it('mounts every spec operation at its method and path', () => {
    const mounted = new Map(routeTable(t().deps).map((r) => [r.operationId, `${r.method} ${r.path}`]));
    for (const [id, where] of mounted) expect(specOps.get(id), id).toBe(where);
    const missing = [...specOps.keys()].filter((id) => !mounted.has(id));
    expect(missing).toEqual([]);
  });
});
