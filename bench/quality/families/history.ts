/**
 * History benchmark (`npm run bench:quality -- --family history`): whether hcc_latte_v1 keeps the
 * fact a late question needs when that fact sits in an old turn of a chat transcript, with the
 * query and without, against dropping the oldest turns and against cutting every old message to
 * its first words, at the same ratio of the older messages.
 *
 * Transcripts (keep_recent = 2): a system message, then 6/8/10/12 alternating user/assistant turns
 * (chosen at random) over which one passage's sentences are spread in order, the other turns
 * filler sentences from other passages, then a final user question. The passage never lands in
 * the two verbatim turns, and no filler contains the answer.
 * - SQuAD 2.0 dev (test set, measured only): the gold paragraph, its real question and answers
 *   (one question per paragraph).
 * - README prose of node_modules: a passage with a number of 2+ digits (else a capitalised name
 *   not at a sentence start); the question names up to 3 longer words of that sentence:
 *   "What was the number mentioned about <words>?" (or "... the name ...").
 * Flags: --limit N (transcripts: two thirds SQuAD; default 100 SQuAD + 50 README), --models DIR, --out DIR, --seed S.
 */
import type { components } from '../../../generated/schema.js';
import { history, type HistoryItem } from '../../../server/compression/history.js';
import { MODEL_CATALOG } from '../../../server/catalog/model-catalog.js';
import { sentencesIn } from '../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { truncate } from '../../lib/baselines.js';
import { loadSquad, retained, rng } from '../../lib/squad.js';
import { adherence, createBench, familyArgs, machineHeader, mean, pct, readmeProse, Report, shuffled, type FamilyMain } from '../../lib/common.js';
import { facts } from './question-agnostic.js';

type ChatMessage = components['schemas']['ChatMessage'];

const NX = [2, 4];
const KEEP_RECENT = 2;
const SYSTEM = 'You are a helpful assistant. Answer the user from what was said earlier in this conversation.';

interface Transcript {
  source: 'squad' | 'readme';
  messages: ChatMessage[];
  question: string;
  answers: string[];
}

const sentencesOf = (text: string) => sentencesIn(text, { start: 0, end: text.length }).map((s) => text.slice(s.start, s.end));

/** The passage's sentences spread in order over some of 6-12 turns, filler turns elsewhere, then the question. */
export function build(passage: string[], question: string, answers: string[], fillerPool: readonly string[][], random: () => number): ChatMessage[] | undefined {
  const n = 6 + 2 * Math.floor(random() * 4);
  const g = Math.min(passage.length, n / 2);
  const chunks: string[][] = Array.from({ length: g }, () => []);
  passage.forEach((s, i) => chunks[Math.floor((i * g) / passage.length)]!.push(s));
  // Passage turns among 0..n-2: the last turn and the question stay verbatim (keep_recent = 2).
  const positions = new Set(shuffled(Array.from({ length: n - 1 }, (_, i) => i), random).slice(0, g));
  const turns: string[] = [];
  let k = 0;
  for (let t = 0; t < n; t++) {
    if (positions.has(t)) {
      turns.push(chunks[k++]!.join(' '));
      continue;
    }
    let filler: string | undefined;
    for (let tries = 0; tries < 20 && filler === undefined; tries++) {
      const pool = fillerPool[Math.floor(random() * fillerPool.length)]!;
      const from = Math.floor(random() * pool.length);
      const text = pool.slice(from, from + 1 + Math.floor(random() * 3)).join(' ');
      if (text && !retained(text, answers)) filler = text;
    }
    if (filler === undefined) return undefined;
    turns.push(filler);
  }
  return [
    { role: 'system', content: SYSTEM },
    ...turns.map((content, t): ChatMessage => ({ role: t % 2 === 0 ? 'user' : 'assistant', content })),
    { role: 'user', content: question },
  ];
}

const STOP = new Set('about above after again against also because been before being between both could does doing during each from further have having here into itself just more most once only other over same should some such than that their them then there these they this those through under until very were what when where which while will with would your'.split(' '));

/** A README transcript's question and answer: a 2+ digit number, else a name, of one sentence, asked about by that sentence's longer words. */
function readmeQuestion(sentences: readonly string[]): { question: string; answer: string } | undefined {
  for (const kind of ['number', 'name'] as const) {
    for (const s of sentences) {
      const f = facts(s);
      const answer = kind === 'number' ? f.numbers.find((x) => x.replace(/\D/gu, '').length >= 2) : f.entities.find((x) => x.length >= 3);
      if (!answer) continue;
      const words = [...s.matchAll(/[\p{L}][\p{L}'-]{3,}/gu)].map((m) => m[0]).filter((w) => !STOP.has(w.toLowerCase()) && !w.includes(answer) && !answer.includes(w));
      const topic = [...words]
        .sort((a, b) => b.length - a.length)
        .slice(0, 3)
        .sort((a, b) => words.indexOf(a) - words.indexOf(b))
        .map((w) => (kind === 'name' || !/^\p{Lu}/u.test(w) ? w : w.toLowerCase()));
      if (topic.length < 2) continue;
      return { question: `What was the ${kind} mentioned about ${topic.join(' ')}?`, answer };
    }
  }
  return undefined;
}

function transcripts(squadCount: number, readmeCount: number, seed: number): Transcript[] {
  const out: Transcript[] = [];
  const random = rng(seed);
  const squad = loadSquad();
  const squadPool = squad.paragraphs.map(sentencesOf);
  const usedGold = new Set<number>();
  for (const item of shuffled(squad.items, random)) {
    if (out.length >= squadCount) break;
    if (usedGold.has(item.gold)) continue;
    const pool = squadPool.filter((_, j) => j !== item.gold);
    const messages = build(squadPool[item.gold]!, item.question, item.answers, pool, random);
    if (!messages) continue;
    usedGold.add(item.gold);
    out.push({ source: 'squad', messages, question: item.question, answers: item.answers });
  }
  const prose = readmeProse(400, rng(seed + 1)).map((p) => sentencesOf(p.text));
  let made = 0;
  for (let i = 0; i < prose.length && made < readmeCount; i++) {
    const qa = readmeQuestion(prose[i]!);
    if (!qa) continue;
    const pool = prose.filter((_, j) => j !== i);
    const messages = build(prose[i]!, qa.question, [qa.answer], pool, random);
    if (!messages) continue;
    out.push({ source: 'readme', messages, question: qa.question, answers: [qa.answer] });
    made++;
  }
  return out;
}

const METHODS = ['hcc_latte_v1 with query', 'hcc_latte_v1 without query', 'drop oldest turns', 'per-message first-N'] as const;
type Method = (typeof METHODS)[number];

interface Cell {
  n: number;
  hits: number;
  adherence: number[];
  keptFraction: number[];
}

export const main: FamilyMain = async (argv) => {
  const args = familyArgs(argv);
  const squadCount = args.limit === undefined ? 100 : Math.ceil((2 * args.limit) / 3);
  const readmeCount = args.limit === undefined ? 50 : args.limit - squadCount;
  const set = transcripts(squadCount, readmeCount, args.seed);
  const bench = createBench(args.models);
  const spec = MODEL_CATALOG.hcc_latte_v1;
  const cells = new Map<string, Cell>();
  const get = (source: string, m: Method, nx: number) => cells.get(`${source}|${m}|${nx}`) ?? cells.set(`${source}|${m}|${nx}`, { n: 0, hits: 0, adherence: [], keptFraction: [] }).get(`${source}|${m}|${nx}`)!;
  const started = performance.now();

  for (let i = 0; i < set.length; i++) {
    const t = set[i]!;
    const firstRecent = t.messages.length - KEEP_RECENT;
    const old = t.messages.map((m, j) => ({ m, j })).filter(({ m, j }) => m.role !== 'system' && j < firstRecent).map(({ j }) => j);
    const tokens = t.messages.map((m) => countTokens(m.content ?? ''));
    const oldTokens = old.reduce((s, j) => s + tokens[j]!, 0);
    for (const nx of NX) {
      const outs: Record<Method, ChatMessage[]> = {} as Record<Method, ChatMessage[]>;
      // hcc_latte_v1 folds the older turns into one summary: its kept older tokens are the summary's (role labels included).
      const summaryTokens: Partial<Record<Method, number>> = {};
      const options = history.options({ compression_model_name: 'hcc_latte_v1', target_compression_ratio: nx, keep_recent: KEEP_RECENT, messages: [] }, spec);
      for (const withQuery of [true, false]) {
        const item: HistoryItem = { messages: t.messages, query: withQuery ? t.question : undefined, keepRecent: KEEP_RECENT };
        const [r] = await bench.run(history, [item], options);
        const method = withQuery ? 'hcc_latte_v1 with query' : 'hcc_latte_v1 without query';
        outs[method] = r!.messages;
        summaryTokens[method] = countTokens(r!.summary);
      }
      // Drop the oldest non-system turns until the older messages fit their budget.
      const budget = Math.round(oldTokens / nx);
      const dropped = new Set<number>();
      let left = oldTokens;
      for (const j of old) {
        if (left <= budget) break;
        dropped.add(j);
        left -= tokens[j]!;
      }
      outs['drop oldest turns'] = t.messages.filter((_, j) => !dropped.has(j));
      outs['per-message first-N'] = t.messages.map((m, j) => (old.includes(j) ? { ...m, content: truncate(m.content ?? '', Math.round(tokens[j]! / nx)) } : m));
      for (const m of METHODS) {
        const msgs = outs[m];
        // Everything but the final question (which never holds the answer).
        const hay = msgs.slice(0, -1).map((x) => x.content ?? '').join('\n\n');
        const keptOld = m === 'drop oldest turns' ? left : (summaryTokens[m] ?? old.reduce((s, j) => s + countTokens(msgs[j]!.content ?? ''), 0));
        for (const source of [t.source, 'all']) {
          const c = get(source, m, nx);
          c.n++;
          if (retained(hay, t.answers)) c.hits++;
          c.adherence.push(adherence(oldTokens, keptOld, nx));
          c.keptFraction.push(keptOld / oldTokens);
        }
      }
    }
    if ((i + 1) % 25 === 0) console.error(`history: ${i + 1}/${set.length} transcripts, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const report = new Report('history');
  const nSquad = set.filter((t) => t.source === 'squad').length;
  const nReadme = set.length - nSquad;
  report.print('## history (hcc_latte_v1)');
  report.print();
  report.print(machineHeader());
  report.print();
  report.print(
    `${set.length} transcripts (keep_recent = ${KEEP_RECENT}): ${nSquad} from SQuAD 2.0 dev paragraphs with their real questions (test set, measured only), ${nReadme} from README prose with a generated question about a number or name of an old turn. ` +
      `${Math.round(mean(set.map((t) => t.messages.length)))} messages and ${Math.round(mean(set.map((t) => t.messages.reduce((s, m) => s + countTokens(m.content ?? ''), 0))))} tokens on average. ` +
      `The ratio applies to the older messages; baselines get the same budget.`,
  );
  report.print();
  const row = (source: string) => (m: Method) => [m, ...NX.map((nx) => pct(get(source, m, nx).hits, get(source, m, nx).n))];
  report.table('answer survives in the compressed transcript', ['method', ...NX.map((nx) => `${nx}x`)], METHODS.map(row('all')));
  report.table('by source: SQuAD / README', ['method', ...NX.map((nx) => `${nx}x`)], METHODS.map((m) => [m, ...NX.map((nx) => `${pct(get('squad', m, nx).hits, get('squad', m, nx).n)} / ${pct(get('readme', m, nx).hits, get('readme', m, nx).n)}`)]));
  report.table(
    'older messages: mean abs(actual - target) of the removed fraction (mean tokens kept)',
    ['method', ...NX.map((nx) => `${nx}x (target ${(100 / nx).toFixed(0)}%)`)],
    METHODS.map((m) => [m, ...NX.map((nx) => `${mean(get('all', m, nx).adherence).toFixed(3)} (${(100 * mean(get('all', m, nx).keptFraction)).toFixed(1)}%)`)]),
  );
  report.speed(bench.speed);
  const at = (m: Method, nx: number) => pct(get('all', m, nx).hits, get('all', m, nx).n);
  report.print(
    `summary: ${set.length} transcripts; answer kept at 2x/4x: with query ${at('hcc_latte_v1 with query', 2)}/${at('hcc_latte_v1 with query', 4)}, ` +
      `without ${at('hcc_latte_v1 without query', 2)}/${at('hcc_latte_v1 without query', 4)}, drop-oldest ${at('drop oldest turns', 2)}/${at('drop oldest turns', 4)}, ` +
      `per-message first-N ${at('per-message first-N', 2)}/${at('per-message first-N', 4)}.`,
  );
  report.write(args.out, {
    family: 'history',
    model: 'hcc_latte_v1',
    machine: machineHeader(),
    transcripts: { total: set.length, squad: nSquad, readme: nReadme, keepRecent: KEEP_RECENT },
    ratios: NX,
    results: Object.fromEntries(
      ['all', 'squad', 'readme'].map((source) => [
        source,
        Object.fromEntries(METHODS.map((m) => [m, Object.fromEntries(NX.map((nx) => {
          const c = get(source, m, nx);
          return [nx, { transcripts: c.n, answerKept: c.hits, share: c.n ? c.hits / c.n : null, meanAbsRatioError: mean(c.adherence), meanKeptFraction: mean(c.keptFraction) }];
        }))])),
      ]),
    ),
    readmeQuestions: set.filter((t) => t.source === 'readme').map((t) => ({ question: t.question, answer: t.answers[0] })),
    scoringSpeed: Object.fromEntries(bench.speed),
  });
};
