/**
 * Tool-discovery benchmark (`npm run bench:tools`): which tools crema's tool-discovery route keeps
 * for a query out of pools of 20, 100 and 500 real tool definitions (MCP server packages pinned
 * in bench/data/tools, extract.ts), against BM25 over the same tool text and a random pick, all at
 * k = max_tools = 5. Reports recall@5 (share of the needed tools among those returned), recall@1
 * (the first tool returned is a needed one), mean tools returned and latency (median, p90), per
 * query kind (literal, paraphrase) on the test split; the dev split's figures go to the JSON.
 *
 * crema runs in this process (createApp, in-memory PGlite, the engine pool over --models) unless
 * --base-url points at a running server (--api-key or CREMA_API_KEY). Requests are sent one at a
 * time after a warm-up, so latency is one request's.
 *
 * Flags: --base-url URL, --api-key KEY, --model ID (default tdc_coldbrew_v1), --models DIR,
 * --pools 20,100,500, --limit N (queries), --seed S, --out DIR, --fresh (extract the tools again),
 * --format reference|openai|anthropic|mcp (the shape the tools are sent in; default the reference's),
 * --self-check (run the harness against a stand-in route that answers with BM25 and check that its
 * rows equal the BM25 rows; writes nothing).
 */
import { parseArgs } from 'node:util';
import { machineHeader, mean, quantile, Report } from '../../lib/common.js';
import { rng } from '../../lib/squad.js';
import { bm25Pick, randomPick } from './bm25.js';
import { buildPool, checkQueries, inFormat, TOOL_FORMATS, type CheckedQuery, type Split, type ToolFormat } from './dataset.js';
import { loadTools } from './extract.js';
import { QUERIES } from './queries.js';
import { discover, startCrema, startStandIn, type Target } from './servers.js';

const K = 5;
const METHODS = ['crema', 'bm25', 'random'] as const;
type Method = (typeof METHODS)[number];
type Kind = CheckedQuery['kind'];

interface Outcome {
  query: string;
  split: Split;
  kind: Kind;
  pool: number;
  method: Method;
  needs: string[];
  returned: string[];
  recallK: number;
  recall1: number;
  /** Names returned that are not in the pool, or returned twice (a route bug, never a baseline's). */
  foreign: number;
  ms: number;
  serverMs?: number | undefined;
  reasoning?: string | null | undefined;
}

const { values: flags } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    'api-key': { type: 'string' },
    model: { type: 'string', default: 'tdc_coldbrew_v1' },
    models: { type: 'string', default: 'models' },
    pools: { type: 'string', default: '20,100,500' },
    limit: { type: 'string' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: 'bench/out' },
    fresh: { type: 'boolean', default: false },
    'self-check': { type: 'boolean', default: false },
    warmup: { type: 'string', default: '3' },
    format: { type: 'string', default: 'reference' },
  },
});
if (!(TOOL_FORMATS as readonly string[]).includes(flags.format!)) throw new Error(`--format must be one of ${TOOL_FORMATS.join(', ')}`);
const format = flags.format as ToolFormat;
const pools = flags.pools!.split(',').map(Number);
const seed = Number(flags.seed);
const selfCheck = flags['self-check']!;

const tools = await loadTools(flags.fresh);
const checked = checkQueries(QUERIES, tools);
const queries = flags.limit ? checked.slice(0, Number(flags.limit)) : checked;

let target: Target;
if (selfCheck) target = await startStandIn();
else if (flags['base-url']) {
  const key = flags['api-key'] ?? process.env['CREMA_API_KEY'];
  if (!key) throw new Error('--base-url needs --api-key or CREMA_API_KEY');
  target = { base: flags['base-url'].replace(/\/$/u, ''), key, close: async () => undefined };
} else target = await startCrema(flags.models!);

const request = (query: string, pool: Parameters<typeof inFormat>[0]) => ({ query, tools: inFormat(pool, format), max_tools: K, compression_model_name: flags.model });

const outcomes: Outcome[] = [];
try {
  // Warm-up: the first requests load the weights and compile; their time is not a request's.
  const warm = buildPool(tools, queries[0]!.needs, Math.min(100, tools.length), seed);
  for (let i = 0; i < Number(flags.warmup); i++) await discover(target, request(queries[0]!.query, warm));

  for (const size of pools) {
    const started = performance.now();
    for (const [i, q] of queries.entries()) {
      const pool = buildPool(tools, q.needs, size, seed * 1_000_003 + size * 1_009 + i);
      const score = (method: Method, returned: string[], ms: number, extra: Partial<Outcome> = {}) => {
        const hit = q.needs.filter((n) => returned.slice(0, K).includes(n)).length;
        const names = new Set(pool.map((t) => t.name));
        const foreign = returned.filter((n, j) => !names.has(n) || returned.indexOf(n) !== j).length;
        outcomes.push({ query: q.query, split: q.split, kind: q.kind, pool: size, method, needs: q.needs, returned, recallK: hit / q.needs.length, recall1: q.needs.includes(returned[0] ?? '') ? 1 : 0, foreign, ms, ...extra });
      };
      const answer = await discover(target, request(q.query, pool));
      score('crema', answer.names, answer.ms, { serverMs: answer.durationMs, reasoning: answer.reasoning });
      let t = performance.now();
      const bm = bm25Pick(q.query, pool, K);
      score('bm25', bm, performance.now() - t);
      t = performance.now();
      score('random', randomPick(pool, K, rng(seed + i)), performance.now() - t);
    }
    console.error(`tool-discovery: ${queries.length} queries at ${size} tools, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await target.close();
}

// ---------------------------------------------------------------- report

interface Row {
  split: Split | 'all';
  kind: Kind | 'all';
  pool: number;
  method: Method;
  queries: number;
  recallK: number;
  recall1: number;
  meanReturned: number;
  medianMs: number;
  p90Ms: number;
  medianServerMs: number | undefined;
}

function rows(split: Split | 'all'): Row[] {
  const out: Row[] = [];
  for (const pool of pools)
    for (const kind of ['literal', 'paraphrase', 'all'] as const)
      for (const method of METHODS) {
        const os = outcomes.filter((o) => o.pool === pool && o.method === method && (kind === 'all' || o.kind === kind) && (split === 'all' || o.split === split));
        if (!os.length) continue;
        const server = os.map((o) => o.serverMs).filter((x): x is number => typeof x === 'number');
        out.push({
          split,
          kind,
          pool,
          method,
          queries: os.length,
          recallK: mean(os.map((o) => o.recallK)),
          recall1: mean(os.map((o) => o.recall1)),
          meanReturned: mean(os.map((o) => o.returned.length)),
          medianMs: quantile(os.map((o) => o.ms), 0.5),
          p90Ms: quantile(os.map((o) => o.ms), 0.9),
          medianServerMs: server.length ? quantile(server, 0.5) : undefined,
        });
      }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const table = (rs: Row[]) =>
  rs.map((r) => [`${r.pool}`, r.kind, r.method, `${r.queries}`, pct(r.recallK), pct(r.recall1), r.meanReturned.toFixed(2), ms(r.medianMs), ms(r.p90Ms), r.medianServerMs === undefined ? '' : ms(r.medianServerMs)]);
const HEADER = ['tools', 'queries', 'method', 'n', `recall@${K}`, 'recall@1', 'mean returned', 'median ms', 'p90 ms', 'server median ms'];

const report = new Report('tool-discovery');
const counts = (s: Split) => `${queries.filter((q) => q.split === s && q.kind === 'literal').length} literal + ${queries.filter((q) => q.split === s && q.kind === 'paraphrase').length} paraphrase`;
report.print(`## tool-discovery (${selfCheck ? 'SELF-CHECK: stand-in route answering with BM25, not crema' : `${flags.model}${flags['base-url'] ? ` at ${flags['base-url']}` : ', in-process'}`}; tools sent in the ${format} shape)`);
report.print();
report.print(machineHeader());
report.print();
const sources = new Set(tools.map((t) => t.source));
report.print(
  `${tools.length} tools from ${sources.size} MCP server packages (bench/data/tools); ${queries.length} queries: test ${counts('test')}, dev ${counts('dev')}. ` +
    `Paraphrase queries share no content stem with their tools' names and descriptions (checked). ` +
    `Pools: the needed tools plus random distractors (seed ${seed}); k = max_tools = ${K}; crema latency is the HTTP round trip, one request at a time; BM25 and random are computed in this process.`,
);
report.print();
const testRows = rows('test');
report.table('test split', HEADER, table(testRows));
report.table('dev split', HEADER, table(rows('dev')));

const foreign = outcomes.filter((o) => o.foreign > 0);
if (foreign.length) report.print(`WARNING: ${foreign.length} answers named tools not in their pool or named one twice, e.g. ${JSON.stringify(foreign[0]!.returned)}`);

if (selfCheck) {
  // The stand-in answers with BM25, so the crema rows must be the BM25 rows exactly.
  const all = rows('all');
  const bad = all.filter((r) => r.method === 'crema').filter((r) => {
    const b = all.find((x) => x.method === 'bm25' && x.pool === r.pool && x.kind === r.kind)!;
    return b.recallK !== r.recallK || b.recall1 !== r.recall1 || b.meanReturned !== r.meanReturned;
  });
  console.log(bad.length ? `self-check FAILED: ${bad.length} rows differ from BM25` : 'self-check passed: the harness scores the route exactly as it scores BM25');
  process.exitCode = bad.length ? 1 : 0;
} else {
  const misses = outcomes.filter((o) => o.method === 'crema' && o.split === 'test' && o.recallK < 1).map(({ query, kind, pool, needs, returned, reasoning }) => ({ query, kind, pool, needs, returned, reasoning }));
  report.write(flags.out!, {
    machine: machineHeader(),
    model: flags.model,
    format,
    target: flags['base-url'] ?? 'in-process',
    k: K,
    seed,
    tools: tools.length,
    sources: [...sources],
    queries: queries.length,
    rows: [...rows('test'), ...rows('dev'), ...rows('all')],
    misses,
  });
}
