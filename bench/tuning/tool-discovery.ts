/**
 * Tuning harness of tool discovery on the DEV split only (`npx tsx bench/tuning/tool-discovery.ts`):
 * the ranking's lexical and semantic signals in this process (no network reading, no HTTP), over
 * the same seeded pools as run.ts, for a small grid of blend weights and cuts. Prints recall@5,
 * recall@1 and mean tools returned per query kind, and BM25's on the same pools.
 * Flags: --pools 100 (comma list), --seed 1, --misses (print the dev paraphrase misses of the default blend).
 */
import { parseArgs } from 'node:util';
import { rankTools, defaultResources } from '../../server/compression/engine/tool-discovery/rank.js';
import { NEARNESS, WEIGHTS } from '../../server/compression/engine/tool-discovery/score.js';
import { RELATIVE_CUT } from '../../server/compression/engine/tool-discovery/select.js';
import { bm25Pick } from '../quality/tool-discovery/bm25.js';
import { buildPool, checkQueries } from '../quality/tool-discovery/dataset.js';
import { loadTools } from '../quality/tool-discovery/extract.js';
import { QUERIES } from '../quality/tool-discovery/queries.js';

const K = 5;
const { values: flags } = parseArgs({ options: { pools: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' }, misses: { type: 'boolean', default: false }, grid: { type: 'boolean', default: false }, try: { type: 'string' }, knobs: { type: 'string' } } });
// --knobs '{"twoHop":0.3}': the semantic signal's nearness settings for this run (score.ts NEARNESS).
if (flags.knobs) Object.assign(NEARNESS, JSON.parse(flags.knobs));
const seed = Number(flags.seed);
const tools = await loadTools(false);
// Indexes as run.ts numbers them (over all queries), so the pools are the bench's.
const dev = checkQueries(QUERIES, tools).map((q, i) => ({ q, i })).filter(({ q }) => q.split === 'dev');
const res = defaultResources();

interface Blend { lexical: number; semantic: number; model: number; name?: number; cover?: number; gist?: number; cut: number }
const blends: Blend[] = [{ ...WEIGHTS, cut: RELATIVE_CUT }];
// --try '[{"cover":0.2}]': blends tried over the default one (each object overrides its fields).
if (flags.try) for (const o of JSON.parse(flags.try) as Partial<Blend>[]) blends.push({ ...blends[0]!, ...o });
if (flags.grid) for (const lexical of [0.3, 0.45, 0.6]) for (const semantic of [0.3, 0.45]) for (const name of [0, 0.1, 0.2]) for (const cut of [0.35, 0.5]) blends.push({ lexical, semantic, model: WEIGHTS.model, name, cut });

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
for (const size of flags.pools!.split(',').map(Number)) {
  const pools = dev.map(({ q, i }) => ({ q, pool: buildPool(tools, q.needs, size, seed * 1_000_003 + size * 1_009 + i) }));
  const tally = (kind: string, pick: (query: string, pool: (typeof pools)[number]['pool']) => string[]) => {
    const rows = pools.filter(({ q }) => q.kind === kind).map(({ q, pool }) => {
      const got = pick(q.query, pool);
      return { q, got, r5: q.needs.filter((n) => got.slice(0, K).includes(n)).length / q.needs.length, r1: q.needs.includes(got[0] ?? '') ? 1 : 0 };
    });
    const m = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
    return { line: `r@5 ${pct(m((r) => r.r5))} r@1 ${pct(m((r) => r.r1))} returned ${m((r) => r.got.length).toFixed(2)}`, rows };
  };
  console.log(`== ${size} tools, dev: ${pools.filter((p) => p.q.kind === 'literal').length} literal, ${pools.filter((p) => p.q.kind === 'paraphrase').length} paraphrase`);
  for (const kind of ['literal', 'paraphrase']) console.log(`bm25 ${kind.padEnd(10)} ${tally(kind, (query, pool) => bm25Pick(query, pool, K)).line}`);
  for (const b of blends) {
    const t0 = performance.now();
    const pick = (query: string, pool: (typeof pools)[number]['pool']) =>
      rankTools({ query, tools: pool.map((t) => ({ ...t, description: t.description ?? '', parameters: t.parameters ?? null })), maxTools: K, alwaysKeep: [] }, res, undefined, b).kept.map((k) => pool[k]!.name);
    const lit = tally('literal', pick);
    const par = tally('paraphrase', pick);
    const ms = (performance.now() - t0) / pools.length;
    console.log(`lex ${b.lexical} sem ${b.semantic} name ${b.name ?? 0} cover ${b.cover ?? 0} gist ${b.gist ?? 0} cut ${b.cut} | literal ${lit.line} | paraphrase ${par.line} | ${ms.toFixed(1)} ms/query`);
    if (flags.misses && b === blends[0])
      for (const r of [...lit.rows, ...par.rows].filter((r) => r.r5 < 1 || r.r1 < 1)) console.log(`  ${r.r5 < 1 ? 'MISS' : 'r1  '} [${r.q.kind}] "${r.q.query}" needs ${r.q.needs.join(',')} got ${r.got.join(',')}`);
  }
}
