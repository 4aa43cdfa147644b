import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../server/project/openapi-spec.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';
import { rawRequest } from '../helpers/raw-http.js';
import { TEST_ADMIN_EMAIL } from '../helpers/test-app.js';

const t = useListeningApp();
const spec = loadSpec() as unknown as { paths: Record<string, Record<string, any>> };

/** Every operation that takes a JSON body, with the credential it needs so the body is what fails. */
const bodyOps = Object.entries(spec.paths).flatMap(([path, item]) =>
  (['post', 'put', 'patch', 'delete'] as const)
    .filter((m) => item[m]?.requestBody?.content?.['application/json'])
    .map((method) => {
      const op = item[method];
      const params = [...(item['parameters'] ?? []), ...(op['parameters'] ?? [])] as Array<Record<string, string>>;
      const security = (op['security'] ?? []) as Array<Record<string, unknown>>;
      const auth = params.some((p) => p['$ref']?.endsWith('/XApiKey')) ? 'api-key' : security.some((s) => 'BearerAuth' in s) ? 'bearer' : 'none';
      return {
        id: op['operationId'] as string,
        method: method.toUpperCase(),
        path: path.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000000'),
        auth,
        required: op['requestBody']['required'] === true,
        statuses: Object.keys(op['responses']).map(Number),
      };
    }),
);

let creds: { token: string; key: string };
beforeAll(async () => {
  const { token } = await signup(t().app, { email: TEST_ADMIN_EMAIL });
  creds = { token, key: (await createKey(t().app, token)).key };
});

function head(op: (typeof bodyOps)[number], extra: string[]): string[] {
  const auth = op.auth === 'api-key' ? [`X-API-Key: ${creds.key}`] : op.auth === 'bearer' ? [`Authorization: Bearer ${creds.token}`] : [];
  return [`${op.method} ${op.path} HTTP/1.1`, 'Host: crema.test', ...auth, ...extra];
}

const required = bodyOps.filter((o) => o.required);
// Destructive operations with an optional body would act on the shared account; none exist today.
const optional = bodyOps.filter((o) => !o.required && o.method !== 'DELETE');

describe('a JSON request without a body', () => {
  it('covers the 15 compression POST routes and PATCH /api/profile/me', () => {
    expect(bodyOps.filter((o) => o.path.startsWith('/api/compress')).length).toBeGreaterThanOrEqual(15);
    expect(required.map((o) => `${o.method} ${o.path}`)).toContain('PATCH /api/profile/me');
    expect(required.filter((o) => o.path.startsWith('/api/compress')).length).toBe(bodyOps.filter((o) => o.path.startsWith('/api/compress')).length);
  });

  it.each(optional)('$method $path (body optional): no body is answered as documented, never 5xx', async (op) => {
    const res = await rawRequest(t().baseUrl, head(op, ['Content-Type: application/json']));
    expect(res.status, res.body).toBeLessThan(500);
    expect(op.statuses, res.body).toContain(res.status);
  });

  it.each(required)('$method $path: no body and no Content-Length is 422 {detail} at body', async (op) => {
    const res = await rawRequest(t().baseUrl, head(op, ['Content-Type: application/json']));
    expect(res.status, res.body).toBe(422);
    expect(JSON.parse(res.body).detail).toContainEqual(expect.objectContaining({ loc: ['body'], type: 'missing' }));
  });

  it.each(required)('$method $path: an empty body (Content-Length: 0) is 422 {detail}', async (op) => {
    const res = await rawRequest(t().baseUrl, head(op, ['Content-Type: application/json', 'Content-Length: 0']));
    expect(res.status, res.body).toBe(422);
    expect(Array.isArray(JSON.parse(res.body).detail)).toBe(true);
  });

  it.each(required)('$method $path: no body and no Content-Type is 422 {detail}', async (op) => {
    const res = await rawRequest(t().baseUrl, head(op, []));
    expect(res.status, res.body).toBe(422);
    expect(Array.isArray(JSON.parse(res.body).detail)).toBe(true);
  });
});
