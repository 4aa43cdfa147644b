import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../server/project/openapi-spec.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';
import { TEST_ADMIN_EMAIL } from '../helpers/test-app.js';
import { HOSTILE_STRINGS, leafPaths, mulberry32, Rng, sample, setAt, WRONG_TYPES, type Json } from './spec-sampler.js';

// Every operation of openapi.yaml gets CASES generated requests, most of them hostile, with
// response validation on (a response outside the spec would come back as a 500). Seeded:
// FUZZ_SEED=<n> replays a run; FUZZ_CASES scales it.
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);
const CASES = Number(process.env['FUZZ_CASES'] ?? 14);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const STRATEGIES = ['valid', 'missing-field', 'wrong-type', 'hostile-string', 'bad-credentials', 'no-credentials', 'raw-body', 'no-body', 'path-param', 'bad-headers'] as const;
type Strategy = (typeof STRATEGIES)[number];

interface Operation {
  id: string;
  method: (typeof METHODS)[number];
  path: string;
  auth: 'api-key' | 'bearer' | 'none';
  admin: boolean;
  /** Revokes or deletes the caller's credential or data: gets its own account and runs last. */
  destructive: boolean;
  bodySchema: Record<string, any> | undefined;
  bodyExample: Json | undefined;
  statuses: Set<string>;
}

const spec = loadSpec() as unknown as Record<string, any>;
const operations: Operation[] = Object.entries<Record<string, any>>(spec['paths'])
  .flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => {
      const op = item[method];
      const params = [...(item['parameters'] ?? []), ...(op['parameters'] ?? [])] as Array<Record<string, string>>;
      const security = (op['security'] ?? []) as Array<Record<string, unknown>>;
      const content = op['requestBody']?.content?.['application/json'];
      return {
        id: op['operationId'] as string,
        method,
        path,
        auth: params.some((p) => p['$ref']?.endsWith('/XApiKey')) ? 'api-key' : security.some((s) => 'BearerAuth' in s) ? 'bearer' : 'none',
        admin: path.startsWith('/api/admin/'),
        destructive: method === 'delete' || path.includes('logout'),
        bodySchema: content?.schema,
        bodyExample: content?.example,
        statuses: new Set(Object.keys(op['responses'])),
      } satisfies Operation;
    }),
  )
  .sort((a, b) => Number(a.destructive) - Number(b.destructive));

// One listening server for the ~1,000 requests: supertest given the app itself listens and closes a server per request.
const t = useListeningApp();

interface Creds {
  token: string;
  key: string;
  keyId: string;
  accountId: string;
}
let user: Creds;
let admin: Creds;
const victims = new Map<string, Creds>();

async function account(email?: string): Promise<Creds> {
  const { token, accountId } = await signup(t().app, email ? { email } : {});
  const { key, id } = await createKey(t().app, token);
  return { token, key, keyId: id, accountId };
}

beforeAll(async () => {
  admin = await account(TEST_ADMIN_EMAIL);
  user = await account();
  for (const op of operations.filter((o) => o.destructive)) victims.set(op.id, await account());
}, 120_000);

const JUNK_KEYS = ['', 'cmp_', `cmp_${'A'.repeat(40)}`, `cmp_${'z'.repeat(2000)}`, 'sk-live-123', 'cmp_%00', "cmp_' or 1=1 --"];
const JUNK_BEARERS = ['Bearer', 'Bearer ', `Bearer crs_${'x'.repeat(40)}`, 'Basic dXNlcjpwYXNz', `Bearer ${'y'.repeat(5000)}`, 'Bearer crs_%00'];
const JUNK_IDS = ['not-a-uuid', '0', '%00', '..%2F..%2Fetc', 'x'.repeat(300), '00000000-0000-0000-0000-000000000000', '%F0%9F%98%80', "1'%20or%20'1"];
type Raw = { contentType?: string; encoding?: string; body: string };
const RAW_BODIES: Raw[] = [
  { body: '{"context": "c", "query": ' },
  { body: 'not json at all' },
  { body: '[]' },
  { body: 'null' },
  { body: '"a string"' },
  { body: '{"a":'.repeat(2000) },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/json; charset=latin1', body: '{}' },
  { contentType: 'application/json; charset=utf-16', body: '{}' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x--' },
  { encoding: 'gzip', body: '{"not":"gzip"}' },
  { encoding: 'deflate', body: 'zzzz' },
  { encoding: 'br', body: 'zzzz' },
  { encoding: 'x-unknown', body: '{}' },
];

interface Outcome {
  op: string;
  strategy: Strategy;
  status: number;
  note: string;
  body: string;
  /** An error body in one of the two documented shapes: the envelope's `code` or the framework's `detail`. */
  errorShaped: boolean;
}

/** One generated request for `op`, sent; returns what came back. */
async function fire(op: Operation, strategy: Strategy, rng: Rng): Promise<Outcome> {
  const own = victims.get(op.id) ?? (op.admin ? admin : user);
  let note = '';
  // path parameters: the caller's own ids, a real model id, or junk
  let path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (strategy === 'path-param') {
      const junk = rng.pick(JUNK_IDS);
      note += `${name}=${junk} `;
      return junk;
    }
    if (name === 'key_id') return own.keyId;
    if (name === 'account_id') return user.accountId;
    if (name === 'model_id') return rng.pick(['latte_v1', 'latte_v2', 'espresso_v1', 'markdown_v1', 'hcc_latte_v1', 'toc_latte_v1', 'toc_americano_v1', 'nope']);
    return 'x';
  });
  if (op.path.endsWith('/') && !path.endsWith('/')) path += '/';

  let body: Json | undefined;
  if (op.bodySchema) {
    body = op.bodyExample !== undefined && rng.chance(0.5) ? structuredClone(op.bodyExample) : sample(spec, op.bodySchema, rng);
    const leaves = leafPaths(body);
    const target = rng.pick(leaves.length > 1 ? leaves.slice(1) : leaves);
    if (strategy === 'missing-field') body = setAt(body, target, undefined);
    if (strategy === 'wrong-type') body = setAt(body, target, rng.pick(WRONG_TYPES));
    if (strategy === 'hostile-string' || (strategy === 'path-param' && !op.path.includes('{'))) body = setAt(body, target, rng.pick(HOSTILE_STRINGS));
    if (strategy !== 'valid' && strategy !== 'no-body') note += `at ${JSON.stringify(target)} `;
  } else if (strategy === 'hostile-string' || strategy === 'wrong-type') {
    body = { unexpected: rng.pick(HOSTILE_STRINGS) };
  }

  let req = request(t().baseUrl)[op.method](path);
  // credentials
  if (op.auth === 'api-key') {
    if (strategy === 'bad-credentials') req = req.set('X-API-Key', rng.pick(JUNK_KEYS));
    else if (strategy !== 'no-credentials') req = req.set('X-API-Key', own.key);
  }
  if (op.auth === 'bearer' || op.auth === 'none') {
    if (strategy === 'bad-credentials') req = req.set('Authorization', rng.pick(JUNK_BEARERS));
    else if (strategy !== 'no-credentials' && op.auth === 'bearer') req = req.set('Authorization', `Bearer ${own.token}`);
  }
  if (strategy === 'bad-headers') {
    const pickHeader = rng.pick([
      ['X-Request-Id', 'x'.repeat(500)],
      ['X-Request-Id', '../../etc'],
      ['Accept', 'text/html'],
      ['Accept-Encoding', 'x-unknown'],
      ['X-Forwarded-Proto', 'http'],
      ['X-Forwarded-For', '999.999.999.999, <script>'],
      ['If-None-Match', '*'],
      ['Range', 'bytes=0-1'],
    ] as const);
    req = req.set(pickHeader[0], pickHeader[1]);
    note += `${pickHeader[0]}: ${pickHeader[1].slice(0, 20)} `;
  }
  if (strategy === 'raw-body') {
    const raw = rng.pick(RAW_BODIES);
    note += `raw ${raw.contentType ?? 'application/json'} ${raw.encoding ?? ''} ${raw.body.slice(0, 24)}`;
    req = req.set('Content-Type', raw.contentType ?? 'application/json');
    if (raw.encoding) req = req.set('Content-Encoding', raw.encoding);
    req = req.send(raw.body);
  } else if (strategy === 'no-body') {
    // JSON announced, no body and no framing: Node's client would add Content-Length: 0 (an
    // empty body, a different case) unless both framing headers are removed before it sends.
    note += 'no body, no Content-Length';
    req = req.set('Content-Type', 'application/json');
    req.on('request', (r: { req: { removeHeader(name: string): void } }) => {
      r.req.removeHeader('Content-Length');
      r.req.removeHeader('Transfer-Encoding');
    });
  } else if (body !== undefined) {
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  }
  const res = await req;
  const parsed = res.body as Record<string, unknown> | undefined;
  const errorShaped = !!parsed && (typeof parsed['code'] === 'string' || 'detail' in parsed);
  return { op: op.id, strategy, status: res.status, note: note.trim(), body: (res.text ?? '').slice(0, 300), errorShaped };
}

describe('spec-driven fuzz: every operation, generated bad requests, response validation on', () => {
  it(`answers ${CASES} cases per operation with documented statuses and no 5xx (seed ${SEED})`, async () => {
    const rng = new Rng(mulberry32(SEED));
    const started = performance.now();
    const outcomes: Outcome[] = [];
    const undocumented: Outcome[] = [];
    const serverErrors: Outcome[] = [];
    const badShape: Outcome[] = [];
    for (const op of operations) {
      for (let i = 0; i < CASES; i++) {
        // every strategy at least once per operation, then random ones
        const strategy = i < STRATEGIES.length ? STRATEGIES[i]! : rng.pick(STRATEGIES);
        const out = await fire(op, strategy, rng);
        outcomes.push(out);
        if (out.status >= 500) serverErrors.push(out);
        if (!op.statuses.has(String(out.status))) undocumented.push(out);
        if (out.status >= 400 && !out.errorShaped) badShape.push(out);
      }
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const byStatus: Record<number, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    console.log(
      `spec fuzz (seed ${SEED}): ${outcomes.length} requests over ${operations.length} operations in ${seconds} s; ` +
        `statuses ${JSON.stringify(byStatus)}; 5xx ${serverErrors.length}; undocumented ${undocumented.length}; error bodies off-shape ${badShape.length}`,
    );
    const show = (list: Outcome[]) => list.slice(0, 12).map((o) => `${o.op} [${o.strategy}] ${o.note} -> ${o.status} ${o.body}`).join('\n');
    expect(serverErrors, show(serverErrors)).toEqual([]);
    expect(undocumented, show(undocumented)).toEqual([]);
    expect(badShape, show(badShape)).toEqual([]);
  }, 180_000);
});
