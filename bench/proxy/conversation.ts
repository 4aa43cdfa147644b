/**
 * A realistic 30-turn agent conversation for the proxy's prefix-stability bench and tests: an
 * on-call engineer and a coding agent chase a checkout latency incident. Tool results (log
 * searches as JSON, metrics tables, source files, order records) are generated from a fixed seed,
 * three user turns paste a long document with a question after it, and the agent's answers quote
 * what the tools returned. Deterministic: the same turns on every run.
 */

export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  result: string;
}

export interface Turn {
  user: string;
  calls: ToolCall[];
  answer: string;
}

/** mulberry32: a small seeded generator, so the conversation is the same on every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVICES = ['checkout-api', 'payments-gateway', 'inventory-svc', 'cart-svc', 'pricing-svc'];
const MESSAGES = [
  'upstream request completed',
  'slow query on orders_by_customer',
  'retrying payment authorization after timeout',
  'cache miss for price list',
  'connection pool exhausted, waiting for a free connection',
  'circuit breaker half-open for fraud-check',
  'inventory reservation conflict, retrying',
  'request completed',
  'TLS handshake to card processor took longer than expected',
  'discount rules evaluated',
];

const USER_QUESTIONS = [
  'Checkout p99 latency alarm fired at 14:05. Can you look at the checkout-api logs from the last hour and tell me what stands out?',
  'Which downstream call is the slow one? Check the payments-gateway logs too.',
  'Pull the latency metrics for checkout-api over the last 6 hours so we can see when it started.',
  'Show me the connection pool configuration in the payments client.',
  'Is the pool size the same in staging? What changed in the last deploy?',
  '', // a pasted runbook (document turn)
  'Ok, let us follow step 3 of the runbook. What does the fraud-check circuit breaker look like right now?',
  'List the orders stuck in PENDING_PAYMENT so I can tell support how many customers are affected.',
  'How many of those are over 100 EUR? Support wants to prioritise them.',
  'Check the inventory-svc logs for reservation conflicts in the same window.',
  'Could the reservation retries be what is holding the connections?',
  'Read the retry policy in the inventory client.',
  'What would happen if we lower maxRetries to 2 there?',
  '', // a pasted postmortem (document turn)
  'Does that old incident look like what we have today? Compare with the metrics you pulled.',
  'Pull the pricing-svc logs, someone said the price cache was flushed this morning.',
  'How many cache misses per minute are we seeing compared with yesterday?',
  'Show me the cache warm-up code in pricing-svc.',
  'Draft a short status update for the incident channel with what we know so far.',
  'Payments team says the card processor had a TLS certificate rotation at 13:50. Check the handshake timings in the logs.',
  'So is it the processor or our pool? Give me your best assessment with the evidence.',
  'Check the checkout-api metrics again for the last 30 minutes, did the mitigation help?',
  '', // a pasted vendor SLA (document turn)
  'Are we entitled to a service credit under that SLA for today?',
  'List the orders that failed with PAYMENT_TIMEOUT in the last hour.',
  'Write the query support should use to find affected customers tomorrow.',
  'Read the alert rule file so we can tune the p99 alarm.',
  'Suggest a better threshold and an evaluation window based on the metrics.',
  'Summarise the timeline of the incident from the first alarm to now.',
  'Last one: list the follow-up actions with owners for the postmortem.',
];

const TOOL_PLAN: Array<Array<{ name: string; args: Record<string, unknown> }>> = [
  [{ name: 'search_logs', args: { service: 'checkout-api', since: '1h', level: 'warn' } }],
  [{ name: 'search_logs', args: { service: 'payments-gateway', since: '1h' } }],
  [{ name: 'query_metrics', args: { service: 'checkout-api', metric: 'latency', window: '6h' } }],
  [{ name: 'read_file', args: { path: 'services/checkout-api/src/payments/client.ts' } }],
  [{ name: 'read_file', args: { path: 'deploy/staging/checkout-api.yaml' } }, { name: 'search_logs', args: { service: 'deploy-bot', since: '24h' } }],
  [],
  [{ name: 'search_logs', args: { service: 'payments-gateway', since: '30m', query: 'circuit breaker' } }],
  [{ name: 'list_orders', args: { status: 'PENDING_PAYMENT', since: '2h' } }],
  [],
  [{ name: 'search_logs', args: { service: 'inventory-svc', since: '1h', query: 'reservation conflict' } }],
  [],
  [{ name: 'read_file', args: { path: 'services/checkout-api/src/inventory/retry-policy.ts' } }],
  [],
  [],
  [{ name: 'query_metrics', args: { service: 'checkout-api', metric: 'pool_wait', window: '6h' } }],
  [{ name: 'search_logs', args: { service: 'pricing-svc', since: '6h', query: 'cache' } }],
  [{ name: 'query_metrics', args: { service: 'pricing-svc', metric: 'cache_miss', window: '48h' } }],
  [{ name: 'read_file', args: { path: 'services/pricing-svc/src/cache/warm-up.ts' } }],
  [],
  [{ name: 'search_logs', args: { service: 'payments-gateway', since: '2h', query: 'TLS handshake' } }],
  [],
  [{ name: 'query_metrics', args: { service: 'checkout-api', metric: 'latency', window: '30m' } }],
  [],
  [],
  [{ name: 'list_orders', args: { status: 'FAILED', reason: 'PAYMENT_TIMEOUT', since: '1h' } }],
  [],
  [{ name: 'read_file', args: { path: 'ops/alerts/checkout-latency.yaml' } }],
  [],
  [],
  [],
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const hex = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
const clock = (minute: number) => `2026-11-30T${String(13 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:${String(Math.floor((minute * 7) % 60)).padStart(2, '0')}Z`;

function logs(r: () => number, service: string, n: number): string {
  const rows = Array.from({ length: n }, (_, i) => {
    const msg = pick(r, MESSAGES);
    const slow = /pool|timeout|TLS|slow/.test(msg);
    return {
      ts: clock(Math.floor((i * 60) / n) + 5),
      level: slow ? 'warn' : 'info',
      service,
      trace_id: hex(r, 16),
      route: pick(r, ['POST /checkout', 'POST /payments/authorize', 'GET /cart', 'POST /reserve']),
      msg,
      latency_ms: Math.round(slow ? 800 + r() * 4200 : 20 + r() * 180),
      pod: `${service}-${hex(r, 5)}`,
    };
  });
  return JSON.stringify({ query: { service }, total: n, entries: rows }, null, 2);
}

function metrics(r: () => number, metric: string, rows: number): string {
  const lines = ['time                 | p50_ms | p95_ms | p99_ms | rps  | errors', '---------------------|--------|--------|--------|------|-------'];
  for (let i = 0; i < rows; i++) {
    const bad = i > rows * 0.6;
    const p50 = Math.round((bad ? 140 : 60) + r() * 30);
    lines.push(`${clock(i * 5).slice(0, 16)}     | ${String(p50).padStart(6)} | ${String(p50 * 3 + Math.round(r() * 90)).padStart(6)} | ${String(Math.round(p50 * (bad ? 28 : 6) + r() * 200)).padStart(6)} | ${String(Math.round(300 + r() * 120)).padStart(4)} | ${String(Math.round(bad ? 5 + r() * 40 : r() * 3)).padStart(5)}`);
  }
  return `metric: ${metric}\n${lines.join('\n')}`;
}

function sourceFile(r: () => number, path: string): string {
  const out = [`// ${path}`, "import { Pool } from './pool.js';", "import { logger } from '../logger.js';", ''];
  for (let f = 0; f < 9; f++) {
    const name = pick(r, ['authorize', 'capture', 'reserve', 'release', 'warmUp', 'refresh', 'retry', 'backoff', 'evaluate']) + f;
    out.push(`/** ${pick(r, ['Calls the processor', 'Retries with exponential backoff', 'Reads the price list', 'Reserves stock for an order'])} (${name}). */`);
    out.push(`export async function ${name}(input: Input, pool: Pool): Promise<Result> {`);
    out.push(`  const started = Date.now();`);
    out.push(`  const conn = await pool.acquire({ timeoutMs: ${pick(r, [250, 500, 1000, 2000])} });`);
    out.push('  try {');
    out.push(`    for (let attempt = 0; attempt < ${pick(r, [3, 5, 8])}; attempt++) {`);
    out.push(`      const res = await conn.send('${name}', input, { deadlineMs: ${pick(r, [800, 1500, 3000])} });`);
    out.push('      if (res.ok) return res.value;');
    out.push(`      await sleep(${pick(r, [50, 100, 200])} * 2 ** attempt);`);
    out.push('    }');
    out.push(`    throw new Error('${name} failed after retries');`);
    out.push('  } finally {');
    out.push('    conn.release();');
    out.push(`    logger.debug({ fn: '${name}', ms: Date.now() - started });`);
    out.push('  }');
    out.push('}');
    out.push('');
  }
  out.push(`export const POOL_SIZE = ${pick(r, [10, 20, 40])};`);
  return out.join('\n');
}

function orders(r: () => number, status: string, n: number): string {
  return JSON.stringify(
    Array.from({ length: n }, () => ({
      order_id: `ord_${hex(r, 10)}`,
      customer_id: `cus_${hex(r, 8)}`,
      status,
      amount_eur: Math.round(r() * 40000) / 100,
      created_at: clock(Math.floor(r() * 120)),
      items: Math.ceil(r() * 6),
      payment_attempts: Math.ceil(r() * 4),
    })),
    null,
    2,
  );
}

function toolResult(r: () => number, name: string, args: Record<string, unknown>): string {
  switch (name) {
    case 'search_logs':
      return logs(r, String(args['service']), 28 + Math.floor(r() * 20));
    case 'query_metrics':
      return metrics(r, String(args['metric']), 40 + Math.floor(r() * 30));
    case 'read_file':
      return sourceFile(r, String(args['path']));
    default:
      return orders(r, String(args['status']), 25 + Math.floor(r() * 20));
  }
}

const DOC_TOPICS: Record<number, { title: string; question: string; sections: string[] }> = {
  5: {
    title: 'Runbook: checkout latency (CHK-RB-7)',
    question: 'Here is our runbook for this alarm. Which steps apply to what we have found so far, and in what order should we do them?',
    sections: ['Scope and paging', 'Step 1: confirm the alarm', 'Step 2: find the slow dependency', 'Step 3: check circuit breakers', 'Step 4: connection pools', 'Step 5: mitigations', 'Step 6: communication', 'Escalation'],
  },
  13: {
    title: 'Postmortem PM-2291: payment authorisations timing out (March)',
    question: 'This is the postmortem from the March incident. What was the root cause there and which of its action items were never done?',
    sections: ['Summary', 'Impact', 'Timeline', 'Root cause', 'What went well', 'What went badly', 'Action items', 'Lessons'],
  },
  22: {
    title: 'Card processor service level agreement, schedule B',
    question: 'Pasting the SLA with the card processor. What does it promise for authorisation latency and how are credits claimed?',
    sections: ['Definitions', 'Availability commitment', 'Latency commitment', 'Measurement', 'Exclusions', 'Service credits', 'Claims procedure', 'Maintenance windows'],
  },
};

function documentText(r: () => number, turn: number): string {
  const doc = DOC_TOPICS[turn]!;
  const paragraphs = [doc.title];
  for (const section of doc.sections) {
    paragraphs.push(`## ${section}`);
    for (let p = 0; p < 2; p++) {
      const sentences = Array.from({ length: 4 + Math.floor(r() * 3) }, () =>
        pick(r, [
          `The on-call engineer checks the ${pick(r, SERVICES)} dashboard and records the p99 latency every ${pick(r, [5, 10, 15])} minutes.`,
          `If the error rate stays above ${pick(r, [1, 2, 5])}% for more than ${pick(r, [5, 10, 20])} minutes, the incident is raised to severity ${pick(r, [1, 2, 3])}.`,
          `Connection pools are sized at ${pick(r, [10, 20, 40])} per pod and must not be raised without the database team.`,
          `Authorisation requests that take longer than ${pick(r, [2, 3, 5])} seconds count as failed for the purpose of this section.`,
          `Credits are ${pick(r, [5, 10, 25])}% of the monthly fee for each full hour below the commitment, capped at ${pick(r, [30, 50])}%.`,
          `The payments team owns the processor relationship and is paged through the ${pick(r, ['payments-primary', 'payments-oncall'])} rotation.`,
          `A mitigation is rolled back if the p95 does not improve within ${pick(r, [10, 15, 30])} minutes.`,
          `Status updates go to the incident channel every ${pick(r, [15, 30])} minutes until the incident is resolved.`,
          `The retry budget of a client is ${pick(r, [2, 3, 5])} attempts with exponential backoff starting at ${pick(r, [50, 100])} ms.`,
          `Claims must be filed within ${pick(r, [10, 30])} days with the request identifiers and timestamps of the failed calls.`,
        ]),
      );
      paragraphs.push(sentences.join(' '));
    }
  }
  return `${paragraphs.join('\n\n')}\n\n${doc.question}`;
}

function answerFor(r: () => number, turn: number, calls: ToolCall[]): string {
  const facts = calls.map((c) => {
    const ids = [...c.result.matchAll(/"trace_id": "(\w+)"/g)].slice(0, 2).map((m) => m[1]);
    const slow = [...c.result.matchAll(/"latency_ms": (\d+)/g)].map((m) => Number(m[1])).filter((n) => n > 800).length;
    return c.name === 'search_logs'
      ? `The ${String(c.args['service'])} logs show ${slow} slow requests in the window; the worst traces are ${ids.join(' and ')}, both waiting on a pool connection before the processor call.`
      : c.name === 'query_metrics'
        ? `The ${String(c.args['metric'])} series for ${String(c.args['service'])} is flat until about 14:00 and then the p99 climbs to five to seven times its baseline while p50 only doubles.`
        : c.name === 'read_file'
          ? `In ${String(c.args['path'])} the pool is acquired before the retry loop, so every retry keeps the connection for the whole backoff.`
          : `There are ${(c.result.match(/order_id/g) ?? []).length} matching orders; most have two or more payment attempts.`;
  });
  const filler = [
    'This pattern fits a dependency that got slower rather than one that fails outright: requests are not erroring, they are queueing.',
    'I would not change the pool size yet; the waits line up with the retries, so more connections would mostly mean more concurrent retries against a slow processor.',
    'The timing matches the change window, which is the strongest lead we have so far.',
    'Support can use the order identifiers above; customers with more than one attempt are the ones most likely to have been charged twice in the UI, although the processor deduplicates captures.',
    'One caveat: the logs are sampled at 10% for info level, so counts from them are lower bounds, while the metrics are complete.',
    'If you want, I can prepare the exact commands for the mitigation so that whoever is on the next shift can run them.',
    'The deploy at 13:42 touched only the pricing rules, so I would treat it as a coincidence unless the cache warm-up turns out to depend on those rules.',
    'From the pool metrics, the median wait for a connection went from under a millisecond to roughly 400 ms, and the 99th percentile wait is now longer than the processor call itself.',
    'The circuit breaker for fraud-check opened twice and closed again within a minute each time, which means it is reacting to the same slowness rather than causing it.',
    'Staging runs with a pool of 20 connections per pod, production with 10, and the difference dates from the capacity review in September, not from this week.',
    'For the status update I would keep to what is confirmed: elevated checkout latency since about 14:00, no data loss, payments succeeding but slowly, and the next update in thirty minutes.',
    'A safer mitigation than raising the pool is to cut the retry budget to two attempts and move the acquire inside the loop, so that a connection is only held while a call is in flight.',
    'The processor status page reports no incident, but their certificate rotation at 13:50 would explain slower handshakes if our clients do not reuse TLS sessions.',
    'Timeline so far: 13:42 pricing deploy, 13:50 processor certificate rotation, 14:00 p99 starts to climb, 14:05 alarm, 14:20 first pool exhaustion warnings, 14:40 breaker flaps.',
    'The order counts are stable over the last twenty minutes, so the backlog is not growing any more; the customers affected are the ones listed above and no new ones since 14:45.',
  ];
  // Distinct sentences in a seeded order: an answer never repeats itself.
  const order = filler.map((f) => ({ f, k: r() })).sort((a, b) => a.k - b.k).map((x) => x.f);
  return [...facts, ...order.slice(0, 2 + ((turn * 5) % 9))].join('\n\n');
}

/** The 30 turns, built from seed 49. */
export function incidentConversation(): Turn[] {
  const r = rng(49);
  return USER_QUESTIONS.map((q, turn) => {
    const user = q || documentText(r, turn);
    const calls = TOOL_PLAN[turn]!.map((c, k) => ({ id: `call_${turn}_${k}_${hex(r, 6)}`, name: c.name, args: c.args, result: toolResult(r, c.name, c.args) }));
    return { user, calls, answer: answerFor(r, turn, calls) };
  });
}

export const SYSTEM_PROMPT =
  'You are an incident-response assistant for the payments platform. Use the tools to read logs, metrics, source files and orders. Quote trace and order identifiers exactly. Be brief and concrete.';

type Json = Record<string, unknown>;

/**
 * Every request an agent loop sends for these turns, in order: per turn, one request ending with
 * the user's message, then one more after each tool call's result. OpenAI chat format.
 */
export function openAiReplay(turns: readonly Turn[], model = 'gpt-4.1'): Json[] {
  const messages: Json[] = [{ role: 'system', content: SYSTEM_PROMPT }];
  const bodies: Json[] = [];
  const send = () => bodies.push({ model, messages: structuredClone(messages) });
  for (const t of turns) {
    messages.push({ role: 'user', content: t.user });
    send();
    for (const c of t.calls) {
      messages.push({ role: 'assistant', content: null, tool_calls: [{ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } }] });
      messages.push({ role: 'tool', tool_call_id: c.id, content: c.result });
      send();
    }
    messages.push({ role: 'assistant', content: t.answer });
  }
  return bodies;
}

/** The same requests in Anthropic Messages format (system top-level, tool_use / tool_result blocks). */
export function anthropicReplay(turns: readonly Turn[], model = 'claude-sonnet-4-5'): Json[] {
  const messages: Json[] = [];
  const bodies: Json[] = [];
  const send = () => bodies.push({ model, max_tokens: 1024, system: SYSTEM_PROMPT, messages: structuredClone(messages) });
  for (const t of turns) {
    messages.push({ role: 'user', content: t.user });
    send();
    for (const c of t.calls) {
      messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: c.id, name: c.name, input: c.args }] });
      messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: c.id, content: c.result }] });
      send();
    }
    messages.push({ role: 'assistant', content: [{ type: 'text', text: t.answer }] });
  }
  return bodies;
}
