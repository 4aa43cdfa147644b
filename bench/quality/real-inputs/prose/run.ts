/**
 * Real-input benchmark of the prose families (`npm run bench:real:prose`): markdown on package
 * READMEs, question-agnostic on hard-wrapped Debian documents and the README example, history on
 * written support chats, question-specific on short contexts at budgets of 1-10 tokens. Each at
 * 2x / 4x / 10x against first-N truncation and whole sentences in order at the same token count.
 * Writes bench/out/real-inputs-prose.{md,json}; flags: --models DIR, --out DIR, --readmes N (30),
 * --families a,b (default all four).
 */
import { parseArgs } from 'node:util';
import type { components } from '../../../../generated/schema.js';
import { assemble, normalizeSpans } from '../../../../server/compression/engine/assemble/assemble.js';
import { history, type HistoryItem } from '../../../../server/compression/history.js';
import { MODEL_CATALOG } from '../../../../server/catalog/model-catalog.js';
import { markdown, questionAgnostic } from '../../../../server/compression/question-agnostic.js';
import { questionSpecific } from '../../../../server/compression/question-specific.js';
import { segment } from '../../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { truncate } from '../../../lib/baselines.js';
import { budgetFor, createBench, machineHeader, pct, Report } from '../../../lib/common.js';
import { facts } from '../../families/question-agnostic.js';
import { CHATS, type Chat } from '../../../../test/fixtures/prose-chats.js';
import { CHATS_DEV2 } from '../../../../test/fixtures/prose-chats-dev2.js';
import { packageReadmes, plainDocs, README_EXAMPLE } from './inputs.js';
import { boilerplateShare, codeBlocks, codeFate, cutSides, installCommands, withItsWord, outputPieces, sentencesOf, subjectOf, wholeSentenceShare } from './measures.js';
import { SHORT_QUESTIONS } from './short-questions.js';
import { SHORT_QUESTIONS_DEV } from './short-questions-dev.js';

type ChatMessage = components['schemas']['ChatMessage'];

const NX = [2, 4, 10];
const BUDGETS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Whole sentences in text order while they fit the budget (the sentence baseline). */
export function leadSentences(text: string, budget: number): string {
  const kept = [];
  let used = 0;
  for (const b of segment(text, false)) {
    for (const s of b.sentences) {
      const cost = countTokens(text.slice(s.start, s.end));
      if (used + cost > budget) continue;
      kept.push({ start: s.start, end: s.end });
      used += cost;
    }
  }
  return assemble(text, normalizeSpans(kept), false);
}

const ratioStr = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(2));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { models: { type: 'string', default: 'models' }, out: { type: 'string', default: 'bench/out' }, readmes: { type: 'string', default: '30' }, families: { type: 'string', default: 'markdown,question-agnostic,history,question-specific' } } });
  const families = new Set(values.families!.split(','));
  const bench = createBench(values.models!);
  const report = new Report('real-inputs-prose');
  const data: Record<string, unknown> = {};
  const worst: Record<string, string> = {};
  report.print('## Prose families on real inputs');
  report.print();
  report.print(machineHeader());
  report.print();

  // ------------------------------------------------------------ markdown
  if (families.has('markdown')) {
  const readmes = packageReadmes(Number(values.readmes));
  const mdMethods = ['markdown_v1', 'first-N', 'lead sentences'] as const;
  type MdCell = { code: number; whole: number; shortened: number; installs: number; installsKept: number; boilIn: number[]; boilOut: number[]; wholeSeg: number; segs: number };
  const md: Record<string, Record<number, MdCell>> = {};
  const mdCell = (m: string, nx: number) => ((md[m] ??= {})[nx] ??= { code: 0, whole: 0, shortened: 0, installs: 0, installsKept: 0, boilIn: [], boilOut: [], wholeSeg: 0, segs: 0 });
  let worstMd = { score: Infinity, text: '' };
  for (const doc of readmes) {
    const original = countTokens(doc.text);
    const blocks = codeBlocks(doc.text);
    const installs = installCommands(doc.text);
    const boilIn = boilerplateShare(doc.text);
    for (const nx of NX) {
      const budget = budgetFor(original, nx);
      const options = markdown.options({ compression_model_name: 'markdown_v1', target_compression_ratio: nx, inputs: [] }, MODEL_CATALOG.markdown_v1);
      const [r] = await bench.run(markdown, [{ context: doc.text }], options);
      const outs: Record<string, string> = { markdown_v1: r!.compressed, 'first-N': truncate(doc.text, budget), 'lead sentences': leadSentences(doc.text, budget) };
      for (const m of mdMethods) {
        const out = outs[m]!;
        const c = mdCell(m, nx);
        const outBlocks = codeBlocks(out);
        const fates = blocks.map((b) => codeFate(b, outBlocks));
        c.code += blocks.length;
        c.whole += fates.filter((f) => f === 'whole').length;
        c.shortened += fates.filter((f) => f === 'shortened').length;
        c.installs += installs.length ? 1 : 0;
        c.installsKept += installs.length && installs.some((cmd) => out.includes(cmd)) ? 1 : 0;
        c.boilIn.push(boilIn);
        c.boilOut.push(boilerplateShare(out));
        const w = wholeSentenceShare(doc.text, out, true);
        c.wholeSeg += w.whole;
        c.segs += w.segments;
        if (m === 'markdown_v1' && nx === 4) {
          const kept = blocks.length ? fates.filter((f) => f !== 'lost').length / blocks.length : 1;
          if (kept < worstMd.score) worstMd = { score: kept, text: `${doc.name} at 4x (${fates.filter((f) => f !== 'lost').length}/${blocks.length} code blocks kept):\n\n${out.slice(0, 1500)}` };
        }
      }
    }
  }
  worst.markdown = worstMd.text;
  report.print(`### markdown: ${readmes.length} package READMEs with 2+ fenced code blocks (node_modules, lockfile versions)`);
  report.print();
  report.print(readmes.map((d) => d.name).join(', '));
  report.print();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const mdRows = mdMethods.flatMap((m) =>
    NX.map((nx) => {
      const c = md[m]![nx]!;
      return [`${m} ${nx}x`, pct(c.whole + c.shortened, c.code), pct(c.whole, c.code), `${c.installsKept}/${c.installs}`, `${(100 * mean(c.boilIn)).toFixed(1)}% -> ${(100 * mean(c.boilOut)).toFixed(1)}%`, ratioStr(c.wholeSeg / c.segs), String(c.segs)];
    }),
  );
  report.table('markdown', ['method', 'code blocks kept (whole or marked)', 'whole', 'install cmd kept', 'boilerplate share in -> out', 'whole-sentence share', 'prose segments'], mdRows);
  data.markdown = { readmes: readmes.map((d) => d.name), cells: md };

  }
  // ------------------------------------------------------------ question-agnostic
  if (families.has('question-agnostic')) {
  const docs = plainDocs();
  const qaMethods = ['espresso_v1 coarse', 'espresso_v1 fine', 'first-N', 'lead sentences'] as const;
  type QaCell = { facts: number; kept: number; withSubject: number; wholeSeg: number; segs: number; cuts: number; marked: number; numbers: number; withWord: number };
  const qa: Record<string, Record<number, QaCell>> = {};
  const qaCell = (m: string, nx: number) => ((qa[m] ??= {})[nx] ??= { facts: 0, kept: 0, withSubject: 0, wholeSeg: 0, segs: 0, cuts: 0, marked: 0, numbers: 0, withWord: 0 });
  const example: Record<string, string> = {};
  let worstQa = { score: Infinity, text: '' };
  for (const doc of docs) {
    const original = countTokens(doc.text);
    const f = facts(doc.text);
    const all = [...new Set([...f.numbers, ...f.dates, ...f.entities])];
    const sentences = sentencesOf(doc.text);
    const subjects = all.map((x) => subjectOf(sentences.find((s) => s.includes(x)) ?? '', x));
    for (const nx of NX) {
      const budget = budgetFor(original, nx);
      const outs: Record<string, string> = { 'first-N': truncate(doc.text, budget), 'lead sentences': leadSentences(doc.text, budget) };
      for (const coarse of [true, false]) {
        const options = questionAgnostic.options({ compression_model_name: 'espresso_v1', target_compression_ratio: nx, coarse, inputs: [] }, MODEL_CATALOG.espresso_v1);
        const [r] = await bench.run(questionAgnostic, [{ context: doc.text }], options);
        outs[`espresso_v1 ${coarse ? 'coarse' : 'fine'}`] = r!.compressed;
      }
      if (doc.text === README_EXAMPLE) for (const m of qaMethods) example[`${m} ${nx}x`] = outs[m]!;
      for (const m of qaMethods) {
        const out = outs[m]!;
        const c = qaCell(m, nx);
        const pieces = outputPieces(out);
        all.forEach((x, i) => {
          c.facts++;
          if (!out.includes(x)) return;
          c.kept++;
          const subject = subjects[i];
          if (pieces.some((p) => p.includes(x) && (subject === undefined || p.includes(subject)))) c.withSubject++;
        });
        const w = wholeSentenceShare(doc.text, out, false);
        c.wholeSeg += w.whole;
        c.segs += w.segments;
        for (const x of new Set([...f.numbers, ...f.dates])) {
          if (!out.includes(x)) continue;
          c.numbers++;
          if (withItsWord(doc.text, out, x)) c.withWord++;
        }
        const cut = cutSides(doc.text, out);
        c.cuts += cut.cuts;
        c.marked += cut.marked;
        if (m === 'espresso_v1 coarse' && nx === 4 && w.segments > 0 && w.whole / w.segments < worstQa.score) worstQa = { score: w.whole / w.segments, text: `${doc.name} at 4x, coarse (${w.whole}/${w.segments} segments whole sentences):\n\n${out.slice(0, 800)}` };
        if (m === 'espresso_v1 fine' && nx === 10 && doc.name.includes('Apache')) worst['question-agnostic fine'] = `${doc.name} at 10x, fine:\n\n${out.slice(0, 600)}`;
      }
    }
  }
  worst['question-agnostic'] = worstQa.text;
  report.print(`### question-agnostic: ${docs.length - 1} hard-wrapped Debian documents (first ~6,000 characters each) + the README example`);
  report.print();
  report.print(docs.map((d) => d.name).join(', '));
  report.print();
  const qaRows = qaMethods.flatMap((m) =>
    NX.map((nx) => {
      const c = qa[m]![nx]!;
      return [`${m} ${nx}x`, pct(c.kept, c.facts), pct(c.withSubject, c.facts), ratioStr(c.wholeSeg / c.segs), String(c.segs), `${c.marked}/${c.cuts}`, pct(c.withWord, c.numbers)];
    }),
  );
  report.table('question-agnostic (facts: distinct numbers, dates, capitalised names; subject: first content word of the fact\'s sentence in the same output piece)', ['method', 'facts kept', 'kept with subject', 'whole-sentence share', 'segments', 'cut sides marked', 'kept numbers with their word'], qaRows);
  report.print('README example:');
  report.print();
  for (const [k, v] of Object.entries(example)) report.print(`- ${k}: \`${v}\``);
  report.print();
  data.questionAgnostic = { docs: docs.map((d) => d.name), cells: qa, example };

  }
  // ------------------------------------------------------------ history
  if (families.has('history')) {
  const hist: Record<string, Record<number, { facts: number; kept: number; wholeSeg: number; segs: number; cuts: number; marked: number }>> = {};
  const histCell = (m: string, nx: number) => ((hist[m] ??= {})[nx] ??= { facts: 0, kept: 0, wholeSeg: 0, segs: 0, cuts: 0, marked: 0 });
  const toMessages = (chat: Chat): ChatMessage[] => [
    { role: 'system', content: 'You are a support assistant. Answer from the conversation so far.' },
    ...chat.turns.map((content, i): ChatMessage => ({ role: i % 2 === 0 ? 'user' : 'assistant', content })),
    { role: 'user', content: chat.question },
  ];
  let worstHist = { score: Infinity, text: '' };
  // Rows per set: the first 8 development chats, the 13 of the second set (dev2), the 4 held out;
  // `all` stays the first fixture's 12, as in earlier tables.
  const groups = [...CHATS.map((chat) => ({ chat, group: chat.split as string, inAll: true })), ...CHATS_DEV2.map((chat) => ({ chat, group: 'dev2', inAll: false }))];
  for (const { chat, group, inAll } of groups) {
    const messages = toMessages(chat);
    const older = messages.slice(1, -2);
    const olderText = older.map((m) => `${m.role}: ${m.content}`).join('\n');
    for (const nx of NX) {
      const outs: Record<string, string> = {};
      for (const withQuery of [true, false]) {
        const item: HistoryItem = { messages, query: withQuery ? chat.question : undefined, keepRecent: 2 };
        const options = history.options({ compression_model_name: 'hcc_latte_v1', target_compression_ratio: nx, keep_recent: 2, messages: [] }, MODEL_CATALOG.hcc_latte_v1);
        const [r] = await bench.run(history, [item], options);
        outs[withQuery ? 'hcc_latte_v1 with query' : 'hcc_latte_v1 without query'] = r!.summary;
      }
      outs['first-N'] = truncate(olderText, budgetFor(countTokens(olderText), nx));
      for (const [m, out] of Object.entries(outs)) {
        for (const c of [histCell(`${m} (${group})`, nx), ...(inAll ? [histCell(`${m} (all)`, nx)] : [])]) {
          c.facts += chat.facts.length;
          c.kept += chat.facts.filter((x) => out.includes(x)).length;
          const body = out.replace(/^(\[\.\.\.\] )?(?:user|assistant|tool): /gmu, '$1');
          const w = wholeSentenceShare(chat.turns.join('\n\n'), body.split('\n').join('\n\n'), false);
          c.wholeSeg += w.whole;
          c.segs += w.segments;
          const cut = cutSides(chat.turns.join('\n\n'), body.split('\n').join('\n\n'));
          c.cuts += cut.cuts;
          c.marked += cut.marked;
        }
        const share = chat.facts.filter((x) => out.includes(x)).length / chat.facts.length;
        if (m === 'hcc_latte_v1 with query' && nx === 10 && share < worstHist.score) worstHist = { score: share, text: `${chat.id} at 10x with the query "${chat.question}" (${Math.round(share * 100)}% of facts):\n\n${out}` };
      }
    }
  }
  worst.history = worstHist.text;
  report.print(`### history: ${CHATS.length + CHATS_DEV2.length} written support chats (${CHATS.filter((c) => c.split === 'dev').length} development, ${CHATS_DEV2.length} development of a second set, ${CHATS.filter((c) => c.split === 'held-out').length} held out), keep_recent = 2, facts in the first four turns`);
  report.print();
  const histRows = Object.keys(hist).flatMap((m) => NX.map((nx) => [`${m} ${nx}x`, pct(hist[m]![nx]!.kept, hist[m]![nx]!.facts), ratioStr(hist[m]![nx]!.wholeSeg / hist[m]![nx]!.segs), `${hist[m]![nx]!.marked}/${hist[m]![nx]!.cuts}`]));
  report.table('history (early-turn facts kept in the summary)', ['method', 'facts kept', 'whole-sentence share', 'cut sides marked'], histRows);
  data.history = hist;

  }
  // ------------------------------------------------------------ question-specific, short contexts
  if (families.has('question-specific')) {
  const qsMethods = ['latte_v1 coarse', 'latte_v1 fine', 'latte_v2 coarse', 'latte_v2 fine', 'first-N'] as const;
  // The development part may be tuned on; the first twelve are held out (never tuned on).
  const parts = [['development', SHORT_QUESTIONS_DEV], ['held-out', SHORT_QUESTIONS]] as const;
  type QsCell = { kept: number; n: number; splitCode: number; fits: number; keptWhereFits: number };
  const qs: Record<string, Record<string, Record<number, QsCell>>> = {};
  let worstQs = '';
  for (const [part, items] of parts) {
  for (const item of items) {
    const original = countTokens(item.context);
    // The answer alone (without the punctuation after it): below that the ceiling cannot hold it.
    const answerCost = countTokens(item.answer);
    for (const budget of BUDGETS) {
      const nx = original / budget;
      const outs: Record<string, string> = { 'first-N': truncate(item.context, budget) };
      for (const model of ['latte_v1', 'latte_v2'] as const) {
        for (const coarse of [true, false]) {
          const options = questionSpecific.options({ compression_model_name: model, target_compression_ratio: nx, coarse, context: item.context, query: item.question }, MODEL_CATALOG[model]);
          const [r] = await bench.run(questionSpecific, [{ context: item.context, query: item.question }], options);
          outs[`${model} ${coarse ? 'coarse' : 'fine'}`] = r!.compressed;
        }
      }
      for (const m of qsMethods) {
        const out = outs[m]!;
        const c = (((qs[part] ??= {})[m] ??= {})[budget] ??= { kept: 0, n: 0, splitCode: 0, fits: 0, keptWhereFits: 0 });
        c.n++;
        const kept = out.includes(item.answer);
        if (kept) c.kept++;
        if (answerCost <= budget) {
          c.fits++;
          if (kept) c.keptWhereFits++;
        }
        if ((out.match(/`/gu) ?? []).length % 2 === 1) c.splitCode++;
        if (!kept && answerCost <= budget && m === 'latte_v2 coarse' && worstQs.length < 600) worstQs += `- ${part}, ${budget} token(s), "${item.question}" -> \`${out}\`\n`;
      }
    }
  }
  }
  worst['question-specific'] = worstQs ? `latte_v2 coarse, answer lost though it fits the budget:\n${worstQs}` : 'latte_v2 coarse kept every answer that fits its budget\n';
  for (const [part, items] of parts) {
    const cells = qs[part]!;
    report.print(`### question-specific, ${part}: ${items.length} short contexts (1-3 sentences), answer word kept at budgets of 1-10 tokens`);
    report.print();
    const qsRows = qsMethods.map((m) => {
      const byBudget = BUDGETS.map((b) => cells[m]![b]!);
      const fits = byBudget.reduce((s, c) => s + c.fits, 0);
      const keptWhereFits = byBudget.reduce((s, c) => s + c.keptWhereFits, 0);
      return [m, ...byBudget.map((c) => `${c.kept}/${c.n}`), `${keptWhereFits}/${fits}`, String(byBudget.reduce((s, c) => s + c.splitCode, 0))];
    });
    report.table(`question-specific, ${part} (answers kept per budget in tokens; "where it fits": budgets at or above the answer's own token count; last column: outputs with an odd number of backticks)`, ['method', ...BUDGETS.map(String), 'where it fits', 'split code spans'], qsRows);
  }
  data.questionSpecific = qs;

  }
  report.print('### worst outputs');
  report.print();
  for (const [k, v] of Object.entries(worst)) {
    report.print(`**${k}**: ${v.split('\n')[0]}`);
    report.print();
    report.print('```text');
    report.print(v.split('\n').slice(1).join('\n').trim());
    report.print('```');
    report.print();
  }
  data.worst = worst;
  report.speed(bench.speed);
  report.write(values.out!, data);
}

await main();
