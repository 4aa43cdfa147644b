/**
 * Question-agnostic benchmark (`npm run bench:quality -- --family question-agnostic`): how much of
 * the information a query-free reader needs survives espresso_v1 (numbers, named entities,
 * dates), against random sentences and first-N truncation at the same token budget, plus how
 * closely the route meets the requested ratio.
 *
 * Contexts: the SQuAD 2.0 dev paragraphs of ../shared/data (a TEST set: measured, never tuned on),
 * deduplicated, plus 100 prose passages of package READMEs in node_modules.
 * Flags: --limit N (contexts: half SQuAD, half README), --models DIR, --out DIR, --seed S.
 */
import { MODEL_CATALOG } from '../../../server/catalog/model-catalog.js';
import { questionAgnostic } from '../../../server/compression/question-agnostic.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { randomSentences, truncate } from '../../lib/baselines.js';
import { loadSquad, rng } from '../../lib/squad.js';
import { adherence, budgetFor, createBench, familyArgs, machineHeader, mean, pct, readmeProse, Report, type FamilyMain } from '../../lib/common.js';

const NX = [2, 4, 10];
const KINDS = ['numbers', 'entities', 'dates'] as const;
type Kind = (typeof KINDS)[number];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Whether offset `i` of `text` starts a sentence (text start, after . ! ? and spaces, or after a line break). */
function sentenceStart(text: string, i: number): boolean {
  const before = text.slice(Math.max(0, i - 12), i);
  return i === 0 || /(^|[.!?]["'”’)\]]*\s+|\n\s*)$/u.test(before) || text.slice(0, i).trim() === '';
}

/** The distinct numbers, named entities and dates of a text. */
export function facts(text: string): Record<Kind, string[]> {
  const numbers = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*/gu)) numbers.add(m[0]);
  const entities = new Set<string>();
  // Capitalised words (multiword runs count per word), not at a sentence start; 2+ characters ("I", "A" are not names).
  for (const m of text.matchAll(/(?<![\p{L}\p{N}'’-])\p{Lu}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*/gu)) {
    if (m[0].length >= 2 && !sentenceStart(text, m.index)) entities.add(m[0]);
  }
  const dates = new Set<string>();
  for (const m of text.matchAll(/(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/gu)) dates.add(m[0]);
  for (const m of text.matchAll(/(?<![\d.,])(?:1\d{3}|20\d{2})(?![\d.,]\d)(?!\d)/gu)) dates.add(m[0]);
  for (const m of text.matchAll(new RegExp(`\\b(?:${MONTHS.join('|')})\\b`, 'gu'))) dates.add(m[0]);
  return { numbers: [...numbers], entities: [...entities], dates: [...dates] };
}

/** Whether a fact survives: present, not glued to digits (numbers) or letters/digits (words). */
function survives(out: string, fact: string): boolean {
  const edge = /^\d/u.test(fact) ? /\d/u : /[\p{L}\p{N}]/u;
  let at = out.indexOf(fact);
  while (at >= 0) {
    const before = out[at - 1] ?? ' ';
    const after = out[at + fact.length] ?? ' ';
    const glued = edge.test(before) || edge.test(after) || (/^\d/u.test(fact) && /[.,]/u.test(after) && /\d/u.test(out[at + fact.length + 1] ?? ''));
    if (!glued) return true;
    at = out.indexOf(fact, at + 1);
  }
  return false;
}

interface Cell {
  kept: Record<Kind, number>;
  total: Record<Kind, number>;
  adherence: number[];
  keptFraction: number[];
}
const cell = (): Cell => ({ kept: { numbers: 0, entities: 0, dates: 0 }, total: { numbers: 0, entities: 0, dates: 0 }, adherence: [], keptFraction: [] });

const METHODS = ['espresso_v1 coarse (route)', 'espresso_v1 fine (route)', 'random sentences', 'first-N truncation'] as const;
type Method = (typeof METHODS)[number];

export const main: FamilyMain = async (argv) => {
  const args = familyArgs(argv);
  const squad = loadSquad();
  const squadContexts = [...new Set(squad.paragraphs)];
  const readme = readmeProse(100, rng(args.seed)).map((p) => p.text);
  const half = args.limit === undefined ? undefined : Math.ceil(args.limit / 2);
  const contexts = [
    ...squadContexts.slice(0, half).map((text) => ({ source: 'squad' as const, text })),
    ...readme.slice(0, args.limit === undefined ? undefined : args.limit - half!).map((text) => ({ source: 'readme' as const, text })),
  ];
  const bench = createBench(args.models);
  const spec = MODEL_CATALOG.espresso_v1;

  // cells[source][method][nx]
  const cells: Record<string, Record<string, Record<number, Cell>>> = {};
  const get = (source: string, m: Method, nx: number) => (((cells[source] ??= {})[m] ??= {})[nx] ??= cell());
  const started = performance.now();
  for (let i = 0; i < contexts.length; i++) {
    const { source, text } = contexts[i]!;
    const f = facts(text);
    const original = countTokens(text);
    for (const nx of NX) {
      const budget = budgetFor(original, nx);
      const outs: Record<Method, string> = {} as Record<Method, string>;
      for (const coarse of [true, false]) {
        const options = questionAgnostic.options({ compression_model_name: 'espresso_v1', target_compression_ratio: nx, coarse, inputs: [] }, spec);
        const [r] = await bench.run(questionAgnostic, [{ context: text }], options);
        outs[coarse ? 'espresso_v1 coarse (route)' : 'espresso_v1 fine (route)'] = r!.compressed;
      }
      outs['random sentences'] = randomSentences(text, budget, rng(args.seed * 1000 + i));
      outs['first-N truncation'] = truncate(text, budget);
      for (const m of METHODS) {
        const out = outs[m];
        const tokens = countTokens(out);
        for (const c of [get(source, m, nx), get('all', m, nx)]) {
          for (const k of KINDS) {
            c.total[k] += f[k].length;
            c.kept[k] += f[k].filter((x) => survives(out, x)).length;
          }
          c.adherence.push(adherence(original, tokens, nx));
          c.keptFraction.push(tokens / original);
        }
      }
    }
    if ((i + 1) % 50 === 0) console.error(`question-agnostic: ${i + 1}/${contexts.length} contexts, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const report = new Report('question-agnostic');
  const all = cells.all!;
  const totals = all[METHODS[0]]![NX[0]!]!.total;
  report.print(`## question-agnostic (espresso_v1)`);
  report.print();
  report.print(machineHeader());
  report.print();
  report.print(
    `${contexts.length} contexts: ${contexts.filter((c) => c.source === 'squad').length} deduplicated SQuAD 2.0 dev paragraphs (test set, measured only) + ${contexts.filter((c) => c.source === 'readme').length} README prose passages from node_modules; ` +
      `${totals.numbers} numbers, ${totals.entities} named entities (capitalised words not at a sentence start, per word), ${totals.dates} dates (years 1000-2099, month names, ISO dates), distinct per context. ` +
      `Baselines get the route's token budget (round(original / N)).`,
  );
  report.print();
  for (const k of KINDS) {
    report.table(
      `${k} surviving in the output (share of the input's ${k})`,
      ['method', ...NX.map((nx) => `${nx}x`)],
      METHODS.map((m) => [m, ...NX.map((nx) => pct(all[m]![nx]!.kept[k], all[m]![nx]!.total[k]))]),
    );
  }
  report.table(
    'ratio adherence: mean |actual - target| of the removed fraction (mean tokens kept)',
    ['method', ...NX.map((nx) => `${nx}x (target ${(100 / nx).toFixed(0)}%)`)],
    METHODS.map((m) => [m, ...NX.map((nx) => `${mean(all[m]![nx]!.adherence).toFixed(3)} (${(100 * mean(all[m]![nx]!.keptFraction)).toFixed(1)}%)`)]),
  );
  const bySource = (source: string) =>
    NX.map((nx) => {
      const c = cells[source]?.['espresso_v1 coarse (route)']?.[nx];
      return c ? KINDS.map((k) => pct(c.kept[k], c.total[k])).join(' / ') : 'n/a';
    });
  report.table('espresso_v1 coarse by source: numbers / entities / dates kept', ['source', ...NX.map((nx) => `${nx}x`)], [
    ['SQuAD paragraphs', ...bySource('squad')],
    ['README prose', ...bySource('readme')],
  ]);
  report.speed(bench.speed);
  const c4 = all['espresso_v1 coarse (route)']![4]!;
  const r4 = all['random sentences']![4]!;
  const t4 = all['first-N truncation']![4]!;
  report.print(
    `summary: at 4x espresso_v1 coarse keeps ${pct(c4.kept.numbers, c4.total.numbers)} of numbers, ${pct(c4.kept.entities, c4.total.entities)} of entities, ${pct(c4.kept.dates, c4.total.dates)} of dates ` +
      `(random sentences ${pct(r4.kept.numbers, r4.total.numbers)}/${pct(r4.kept.entities, r4.total.entities)}/${pct(r4.kept.dates, r4.total.dates)}, truncation ${pct(t4.kept.numbers, t4.total.numbers)}/${pct(t4.kept.entities, t4.total.entities)}/${pct(t4.kept.dates, t4.total.dates)}); ` +
      `mean ratio error ${mean(c4.adherence).toFixed(3)} over ${contexts.length} contexts.`,
  );
  const summarise = (c: Cell) => ({
    kept: c.kept,
    total: c.total,
    share: Object.fromEntries(KINDS.map((k) => [k, c.total[k] ? c.kept[k] / c.total[k] : null])),
    meanAbsRatioError: mean(c.adherence),
    meanKeptFraction: mean(c.keptFraction),
  });
  report.write(args.out, {
    family: 'question-agnostic',
    model: 'espresso_v1',
    machine: machineHeader(),
    contexts: { total: contexts.length, squad: contexts.filter((c) => c.source === 'squad').length, readme: contexts.filter((c) => c.source === 'readme').length },
    ratios: NX,
    results: Object.fromEntries(Object.entries(cells).map(([source, ms]) => [source, Object.fromEntries(Object.entries(ms).map(([m, byNx]) => [m, Object.fromEntries(Object.entries(byNx).map(([nx, c]) => [nx, summarise(c)]))]))])),
    scoringSpeed: Object.fromEntries(bench.speed),
  });
};
