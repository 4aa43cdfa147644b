/**
 * House rules for openapi.yaml that the OpenAPI schema itself does not enforce.
 * Prints one line per violation; exits 1 when there is any.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Statuses Node's HTTP server sends on any route: unreadable request, timeout, bad Expect, oversized headers. */
export const NODE_STATUSES = ['400', '408', '417', '431'] as const;

/** Returns the list of rule violations in the given spec document. */
export function lintSpec(spec: Json): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries<Json>(spec['paths'] ?? {})) {
    for (const method of METHODS) {
      const op: Json | undefined = item[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (!op['operationId']) problems.push(`${where}: no operationId`);
      else if (seen.has(op['operationId'])) problems.push(`${where}: duplicate operationId ${op['operationId']}`);
      seen.add(op['operationId']);
      if (!op['summary']) problems.push(`${where}: no summary`);
      if (!op['tags']?.length) problems.push(`${where}: no tag`);
      const statuses = Object.keys(op['responses'] ?? {});
      if (!statuses.includes('500')) problems.push(`${where}: does not document 500`);
      const params: Json[] = [...(item['parameters'] ?? []), ...(op['parameters'] ?? [])];
      const takesKey = params.some((p) => p['$ref'] === '#/components/parameters/XApiKey');
      if (path.startsWith('/api/compress/') && method === 'post') {
        if (!takesKey) problems.push(`${where}: compression POST without the X-API-Key parameter`);
        for (const s of ['401', '402', '403', '422', '429']) {
          if (!statuses.includes(s)) problems.push(`${where}: does not document ${s}`);
        }
      }
      if (op['security']?.some((s: Json) => 'BearerAuth' in s) && !statuses.includes('401')) {
        problems.push(`${where}: bearer route does not document 401`);
      }
      if (op['requestBody'] && !statuses.includes('422')) problems.push(`${where}: takes a body but does not document 422`);
      // REQUIRE_HTTPS answers 403 https_required on every route.
      if (!statuses.includes('403')) problems.push(`${where}: does not document 403 (https_required)`);
      // Any body sent to a non-GET route is read: too large, undecodable or unparseable.
      if (method !== 'get') {
        for (const s of ['413', '415', '422']) if (!statuses.includes(s)) problems.push(`${where}: reads a body but does not document ${s}`);
      }
      // Node answers these itself, before the app sees the request (test/http/node-statuses.test.ts).
      for (const s of NODE_STATUSES) if (!statuses.includes(s)) problems.push(`${where}: does not document ${s} (sent by Node's HTTP server)`);
      if (path.includes('{') && !statuses.includes('422')) problems.push(`${where}: has a path parameter but does not document 422`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const spec = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as Json;
  const problems = lintSpec(spec);
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log('openapi.yaml: house rules hold');
}
