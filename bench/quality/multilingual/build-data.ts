/**
 * Builds the per-language question sets of `npm run bench:languages` (bench/data/multilingual/<lang>.json)
 * from translated documentation in Debian packages (sources.ts). Run once; the output is committed:
 *
 *   npx tsx bench/quality/multilingual/build-data.ts [--src /tmp/crema-lang-src] [--out bench/data/multilingual]
 *
 * Each paragraph is checked to be in the language (franc-min) and kept only once. Questions are
 * cloze questions written by a fixed rule, not by hand: one sentence of the gold paragraph, its
 * answer a word that no other paragraph of the language's pool contains (so keeping the answer
 * means keeping the gold sentence), the answer replaced by the language's "what", and each other
 * word kept with probability 0.25 (so the question shares part of the sentence's words, in order).
 * The first 40 questions are the development split (for choosing anything), the next 100 the test.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { franc } from 'franc-min';
import { rng } from '../../lib/squad.js';
import { documents, LANGUAGES, unpacked, type Language } from './sources.js';
import { answerKey, loadLanguage, type LanguageSet } from './data.js';

const { values: args } = parseArgs({
  options: {
    src: { type: 'string', default: '/tmp/crema-lang-src' },
    out: { type: 'string', default: 'bench/data/multilingual' },
    only: { type: 'string' },
    /** Rebuild the paragraph pools too (rendering every man page takes minutes); by default a written set's pool is kept and only its questions are rewritten. */
    repool: { type: 'boolean', default: false },
  },
});

const FRANC: Record<Language, string> = { en: 'eng', de: 'deu', es: 'spa', fr: 'fra', ru: 'rus', zh: 'cmn', ja: 'jpn', ar: 'arb', hi: 'hin' };
/** Letters of the language's own script (an answer must hold one, so it is not an option name in Latin letters). */
const SCRIPT: Record<Language, RegExp> = {
  en: /\p{Script=Latin}/u,
  de: /\p{Script=Latin}/u,
  es: /\p{Script=Latin}/u,
  fr: /\p{Script=Latin}/u,
  ru: /\p{Script=Cyrillic}/u,
  zh: /\p{Script=Han}/u,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  ar: /\p{Script=Arabic}/u,
  hi: /\p{Script=Devanagari}/u,
};
const WHAT: Record<Language, string> = { en: 'what', de: 'was', es: 'qué', fr: 'quoi', ru: 'что', zh: '什么', ja: '何', ar: 'ماذا', hi: 'क्या' };
const QUESTION_MARK: Record<Language, string> = { en: '?', de: '?', es: '?', fr: ' ?', ru: '?', zh: '？', ja: '？', ar: '؟', hi: '?' };
const UNSPACED = new Set<Language>(['zh', 'ja']);

const POOL = 500;
const DEV = 40;
const TEST = 100;
const PER_DOCUMENT = 3;
/** Share of the gold sentence's other words a question keeps: at 0.6 and 0.4 every method kept nearly every answer in seven of the nine languages (dev), at 4x and 10x. */
const KEEP = 0.25;

/** Paragraph length bounds in characters: CJK says in 100 characters what the others say in 300. */
function fits(lang: Language, p: string): boolean {
  const [lo, hi] = UNSPACED.has(lang) ? [60, 400] : [180, 1000];
  return p.length >= lo && p.length <= hi;
}

function scriptShare(lang: Language, p: string): number {
  const letters = [...p].filter((c) => /\p{L}/u.test(c));
  return letters.filter((c) => SCRIPT[lang].test(c)).length / Math.max(1, letters.length);
}

function pool(lang: Language, docs: string[][]): string[] {
  const random = rng(7);
  const order = docs.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const d of order) {
    let taken = 0;
    for (const p of docs[d]!) {
      if (taken >= PER_DOCUMENT || out.length >= POOL) break;
      if (!fits(lang, p) || seen.has(p) || scriptShare(lang, p) < 0.6 || franc(p) !== FRANC[lang]) continue;
      seen.add(p);
      out.push(p);
      taken++;
    }
    if (out.length >= POOL) break;
  }
  return out;
}

/**
 * One paragraph per opening: translation credits, the ISO 8859 family's pages and "your shell may
 * have its own version" notes recur with a word or two changed, and a near copy of the gold among
 * the distractors measures nothing.
 */
function distinctOpenings(paragraphs: string[]): string[] {
  const seen = new Set<string>();
  return paragraphs.filter((p) => {
    const opening = [...p].slice(0, 40).join('');
    if (seen.has(opening)) return false;
    seen.add(opening);
    return true;
  });
}

const SENTENCES = /(?<=[.!?;:؟।])\s+|(?<=[。！？])/u;

function cloze(lang: Language, paragraphs: string[], gold: number, random: () => number): { question: string; answer: string } | undefined {
  const words = new Intl.Segmenter(lang, { granularity: 'word' });
  const keys = paragraphs.map(answerKey);
  const sentences = paragraphs[gold]!.split(SENTENCES).filter((s) => s.trim().length > 0);
  const start = Math.floor(random() * sentences.length);
  for (let k = 0; k < sentences.length; k++) {
    const sentence = sentences[(start + k) % sentences.length]!;
    const segments = [...words.segment(sentence)].filter((s) => s.isWordLike).map((s) => s.segment);
    if (segments.length < 6) continue;
    const candidates = segments
      .map((w, i) => ({ w, i }))
      .filter(({ w }) => [...w].length >= (UNSPACED.has(lang) ? 2 : 4) && SCRIPT[lang].test(w) && !/\d/u.test(w))
      .filter(({ w }) => keys.filter((p) => p.includes(answerKey(w))).length === 1);
    if (candidates.length === 0) continue;
    const { w: answer, i: at } = candidates[Math.floor(random() * candidates.length)]!;
    const kept = segments.map((w, i) => (i === at ? WHAT[lang] : random() < KEEP ? w : undefined)).filter((w): w is string => w !== undefined);
    if (kept.length < 3) continue;
    return { question: kept.join(UNSPACED.has(lang) ? '' : ' ') + QUESTION_MARK[lang], answer };
  }
  return undefined;
}

for (const lang of LANGUAGES) {
  if (args.only && !args.only.split(',').includes(lang)) continue;
  const file = path.join(args.out!, `${lang}.json`);
  const paragraphs = distinctOpenings(!args.repool && existsSync(file) ? loadLanguage(lang, args.out).paragraphs : pool(lang, documents(unpacked(args.src!, lang), lang)));
  const random = rng(11);
  const items: LanguageSet['items'] = [];
  for (let gold = 0; gold < paragraphs.length && items.length < DEV + TEST; gold++) {
    const q = cloze(lang, paragraphs, gold, random);
    if (q) items.push({ ...q, gold, split: items.length < DEV ? 'dev' : 'test' });
  }
  const set: LanguageSet = { language: lang, paragraphs, items };
  mkdirSync(args.out!, { recursive: true });
  writeFileSync(file, `${JSON.stringify(set, null, 1)}\n`);
  console.log(`${lang}: ${paragraphs.length} paragraphs, ${items.length} questions`);
}
