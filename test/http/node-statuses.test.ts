import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../server/project/openapi-spec.js';
import { NODE_STATUSES } from '../../scripts/lint-spec.js';
import { useListeningApp } from '../helpers/listening-app.js';
import { rawRequest } from '../helpers/raw-http.js';

// What Node's HTTP server and the router answer on their own, and that openapi.yaml says so
// with the body actually sent.
const t = useListeningApp();
const spec = loadSpec() as unknown as { paths: Record<string, Record<string, any>>; components: Record<string, Record<string, any>> };
const responses = spec.components['responses']!;

const EMPTY_BODY_CASES: Array<{ name: string; status: number; component: string; head: string[]; body?: string }> = [
  { name: 'an oversized header', status: 431, component: 'HeaderFieldsTooLarge', head: ['GET /api/billing/tiers HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(20_000)}`] },
  { name: 'an oversized query string', status: 431, component: 'HeaderFieldsTooLarge', head: [`GET /api/billing/tiers?${'a'.repeat(20_000)} HTTP/1.1`, 'Host: x'] },
  { name: 'an unknown HTTP version', status: 400, component: 'MalformedRequest', head: ['GET /api/billing/tiers HTTP/9.9', 'Host: x'] },
  { name: 'an unknown method', status: 400, component: 'MalformedRequest', head: ['FOO /api/billing/tiers HTTP/1.1', 'Host: x'] },
  { name: 'a header name with a space', status: 400, component: 'MalformedRequest', head: ['GET /api/billing/tiers HTTP/1.1', 'Host: x', 'Bad Header: y'] },
  { name: 'HTTP/1.1 without Host', status: 400, component: 'MalformedRequest', head: ['GET /api/billing/tiers HTTP/1.1'] },
  { name: 'a non-numeric Content-Length', status: 400, component: 'MalformedRequest', head: ['POST /api/tokens/count HTTP/1.1', 'Host: x', 'Content-Length: abc'] },
  {
    name: 'Content-Length and Transfer-Encoding together',
    status: 400,
    component: 'MalformedRequest',
    head: ['POST /api/tokens/count HTTP/1.1', 'Host: x', 'Content-Length: 3', 'Transfer-Encoding: chunked'],
    body: '0\r\n\r\n',
  },
  {
    name: 'an Expect other than 100-continue',
    status: 417,
    component: 'ExpectationFailed',
    head: ['POST /api/tokens/count HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Expect: 100-banana', 'Content-Length: 2'],
    body: '{}',
  },
];

describe("statuses Node's HTTP server sends by itself", () => {
  it.each(EMPTY_BODY_CASES)('$name: $status with an empty body, declared without content', async ({ status, component, head, body }) => {
    const res = await rawRequest(t().baseUrl, head, body);
    expect(res.status).toBe(status);
    expect(res.body).toBe('');
    expect(responses[component], component).toBeDefined();
    expect(responses[component]!['content'], `${component} declares no body`).toBeUndefined();
  });

  it('408 with an empty body when the headers do not arrive in time', async () => {
    // A private server with short timeouts: the app's own (66 s) would make this test slow.
    const server: Server = createServer({ headersTimeout: 300, requestTimeout: 400, connectionsCheckingInterval: 50 }, t().app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write('GET /api/billing/tiers HTTP/1.1\r\nHost: x\r\n'));
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(text));
      });
      expect(reply).toMatch(/^HTTP\/1\.1 408 /);
      expect(reply.split('\r\n\r\n')[1]).toBe('');
      expect(responses['RequestTimeout']!['content']).toBeUndefined();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('every operation lists them', () => {
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op?.responses) continue;
        for (const s of NODE_STATUSES) expect(Object.keys(op.responses), `${method} ${path}`).toContain(s);
      }
    }
  });
});

describe('a method a path does not have', () => {
  const ajv = new Ajv2020({ strict: false });
  let validate: ReturnType<typeof ajv.compile>;
  beforeAll(() => {
    // The component schema, resolved against the spec's own schemas.
    ajv.addSchema({ $id: 'crema', components: spec.components });
    validate = ajv.compile({ $ref: 'crema#/components/schemas/MethodNotAllowed' });
  });
  afterAll(() => ajv.removeSchema('crema'));

  it.each(['PUT', 'OPTIONS', 'TRACE'])('%s on a GET-only path is 405 with the MethodNotAllowed body', async (method) => {
    const res = await rawRequest(t().baseUrl, [`${method} /api/billing/tiers HTTP/1.1`, 'Host: x']);
    expect(res.status).toBe(405);
    const body = JSON.parse(res.body);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(responses['MethodNotAllowed']!['content']['application/json']['schema']['$ref']).toBe('#/components/schemas/MethodNotAllowed');
  });
});
