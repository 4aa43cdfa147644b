import type { Word } from '../../../model/words.js';
import { assemble, CUT_MARKS_MIN_TOKENS, fillCheapGaps, normalizeSpans } from '../assemble/assemble.js';
import { answerInformationOf, informationOf, withInformationPrior } from '../score/information.js';
import { answerWordValues, TINY_GOAL } from '../score/tiny-answer.js';
import { kneeCount } from './kneedle.js';
import { withLexicalPrior, type LexicalMatch, type SentenceCounts } from '../score/lexical.js';
import type { Block, Sentence, Span } from '../split/segment.js';
import { bestRun, selectSpans, type Candidate } from './select.js';
import { spanScorer, spanTotal } from '../score/span-scores.js';
import { countTokens } from '../text/tokens.js';
import { withQuantifiedWords } from './number-words.js';
import { hasContent, negationsOf, tidy } from './tidy.js';
import { wordRanks, wordVectors, wordRelations } from '../../../project/bundled-words.js';
import { unspacedShare } from '../text/language.js';
import { queryEchoes } from '../score/query-echoes.js';
import { withAntecedents } from '../score/anaphora.js';

/**
 * Share of a word's score that comes from its sentence's BM25 relevance to the query: lexical
 * overlap settles the model's near-ties between candidate sentences (docs/tuning.md, "LEXICAL_WEIGHT").
 */
export const LEXICAL_WEIGHT = 0.7;
/** Share of a query-free word's score from what it carries on its own: numbers, names, identifiers, negations (docs/tuning.md, "INFORMATION_WEIGHT"). */
const INFORMATION_WEIGHT = 0.5;
/**
 * How the lexical prior matches the query: stems; soft matches (retrofitted word vectors, WordNet
 * neighbours) for query terms the text never uses; a quarter of the relevance from the paragraph;
 * a bonus for the kind of answer asked; IDF scaled by corpus rarity (docs/tuning.md, "Lexical prior").
 */
export const LEXICAL_MATCH: LexicalMatch = {
  stems: true,
  soft: { vectors: wordVectors, weight: 0.5, threshold: 0.5, unseenOnly: true, related: { relations: wordRelations, nearness: 0.3, minRank: 3_000 } },
  blockShare: 0.25,
  askedKind: 0.4,
  rarity: { ranks: wordRanks, share: 0.5 },
};
/**
 * Word units: share of a sentence's block (paragraph) in the sentence score its words rank by; by
 * sentence alone, word units lost the answer's paragraph (docs/tuning.md, "BLOCK_WEIGHT"). Coarse units are blocks already.
 */
export const BLOCK_WEIGHT = 0.85;
/**
 * Word units with a query: a sentence of at most this many words (tokens in Chinese and Japanese) is kept
 * or dropped whole, at its sentence's rank: short answers ("Go ahead.") rank low word by word (docs/tuning.md, "SHORT_SENTENCE_WORDS").
 */
const SHORT_SENTENCE_WORDS = 8;
/**
 * With a query: added to the rank of a paragraph's opening sentence, so a kept paragraph's details
 * do not outrank the statement they qualify (docs/tuning.md, "LEAD_BONUS").
 */
export const LEAD_BONUS = 0.05;
/**
 * Coarse mode with a query: share of a paragraph's rank that is its best sentence's (the rest its mean),
 * so a paraphrased answer is not hidden among plain sentences (docs/tuning.md, "BLOCK_BEST_SHARE").
 */
const BLOCK_BEST_SHARE = 0.7;
/** With a query, weight of the answer information (`answerInformationOf`) in a word's own rank. */
const ANSWER_SHARE = 0.5;
/** Weight of a clause's query echo (`queryEchoes`) in its answer information, in Chinese and Japanese (docs/languages.md, "Query echoes"). */
const ECHO_SHARE = 2;
/** Share of a Chinese or Japanese sentence's rank its antecedent gets when it opens on "これは", "它" (docs/languages.md, "Antecedents"). */
const ANTECEDENT_SHARE = 0.97;
/** Tokens one placeholder adds, charged per kept unit while selecting. */
const PLACEHOLDER_TOKENS = 2;
const MAX_REFINEMENTS = 10;
/** Targets up to this many tokens are met by trying every budget on texts of up to 2,000 units... */
const EXHAUSTIVE_GOAL = 64;
/** ...and any target while tries x (units + output tokens) stays below this (short texts). */
const EXHAUSTIVE_WORK = 100_000;
/** Consecutive over-target tries after which larger budgets are not tried. */
const OVERSHOOTS = 8;
/** Widest gap between the search's bounds that is scanned budget by budget. */
const SCAN_WINDOW = 48;

/** A text already split into words, scored, and segmented into blocks. */
export interface ScoredText {
  text: string;
  words: readonly Word[];
  scores: Float32Array;
  blocks: readonly Block[];
  /** The query's counts in the blocks' sentences, when the scoring plan made them (the lexical prior checks they match). */
  lexical?: SentenceCounts;
}

/** How to cut a scored text. */
export interface CutOptions {
  query?: string | undefined;
  /** Paragraph units (true) or word units (false). */
  coarse: boolean;
  placeholders: boolean;
  /** Markdown: a placeholder for dropped blocks gets blank lines around it (see `assemble`). */
  blockPlaceholders?: boolean | undefined;
  lexicalWeight?: number | undefined;
  /** How the lexical prior matches the query (default LEXICAL_MATCH). */
  lexicalMatch?: LexicalMatch | undefined;
  /** Word units: share of a sentence's block in the sentence score words rank by (default BLOCK_WEIGHT). */
  blockWeight?: number | undefined;
  /** With a query: bonus of a paragraph's opening sentence (default LEAD_BONUS). */
  leadBonus?: number | undefined;
  /** Share of the information prior without a query (default INFORMATION_WEIGHT); benchmarks set 0 to see a model alone. */
  informationWeight?: number | undefined;
  /** Word units: a kept number takes its word with a query too (default: only without one). */
  numberWords?: boolean | undefined;
  /**
   * Coarse units are sentences, not paragraphs, and only a sentence with a score bonus may be cut
   * (history: a turn's small talk neither rides along with its facts nor fills the budget in pieces).
   */
  sentenceUnits?: boolean | undefined;
}

/** How many tokens to keep: a fixed target, or the score knee clamped to Nx bounds. */
export type Target = { tokens: number } | { knee: { minRatio: number; maxRatio: number; originalTokens: number } };

interface Prepared {
  /** The best sentence's best part within a budget: the sentence, or its best run of words (never empty). */
  bestWithin(budget: number): Span[];
  candidates: Candidate[];
  /** Kept at every ratio (markdown structure). */
  required: Span[];
  /** Sentences whose prefix or companions follow them into the output. */
  prefixed: Sentence[];
  /** Scores of the units the knee is found on (blocks when coarse, sentences otherwise). */
  unitScores: number[];
  /** What kept spans are worth: the summed rank of their words (answer information included). */
  worth(spans: readonly Span[]): number;
  /**
   * Paragraph mode: every optional sentence of every block as a unit of its own, and the cost of
   * the smallest unit of `candidates`; a target below that keeps sentences only (cutText).
   */
  sentences?: { candidates: () => Candidate[]; below: number };
}

/** Computes on first call only: candidates' parts are revisited on every budget refinement. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Adds to each word's answer information how much of the query it echoes, in proportion to the share
 * of Chinese and Japanese letters: there a word is a clause, and the networks cannot say which one
 * matters. Not for spaced scripts, where it favours the echo over the answer beside it.
 */
function withQueryEchoes(info: Float32Array, text: string, words: readonly Word[], query: string): Float32Array {
  const share = ECHO_SHARE * unspacedShare(text);
  if (share <= 0) return info;
  const echoes = queryEchoes(text, words, query);
  for (let i = 0; i < info.length; i++) info[i] = info[i]! + share * echoes[i]!;
  return info;
}

/** Adds each sentence's `bonus` to the scores of the words it holds (sentences and words in text order). */
function withBonuses(words: readonly Word[], scores: Float32Array, sentences: readonly Sentence[]): Float32Array {
  if (!sentences.some((s) => s.bonus)) return scores;
  const out = Float32Array.from(scores);
  let w = 0;
  for (const s of sentences) {
    if (!s.bonus) continue;
    while (w < words.length && words[w]!.start < s.start) w++;
    for (let i = w; i < words.length && words[i]!.start < s.end; i++) out[i] = out[i]! + s.bonus;
  }
  return out;
}

function prepare(input: ScoredText, options: CutOptions, tiny = false): Prepared {
  const { text, words, blocks } = input;
  const sentences = blocks.flatMap((b) => b.sentences);
  const queried = options.query
    ? withLexicalPrior(text, words, input.scores, sentences, options.query, options.lexicalWeight ?? LEXICAL_WEIGHT, options.lexicalMatch ?? LEXICAL_MATCH, blocks, input.lexical)
    : withInformationPrior(words, text, input.scores, options.informationWeight ?? INFORMATION_WEIGHT);
  const scores = withBonuses(words, queried, sentences);
  const score = spanScorer(words, scores);
  const tokenCost = (s: Span) => countTokens(text.slice(s.start, s.end));
  // Inside a sentence the words that carry information lead the choice of run, with a query too.
  const answerInfo = options.query ? withQueryEchoes(answerInformationOf(words, text, options.query), text, words, options.query) : informationOf(words, text);
  const sentenceScore = new Map<Sentence, number>();
  for (const s of sentences) if (!s.required && !s.dependent) sentenceScore.set(s, score(s));
  if (options.query) withAntecedents(text, blocks, sentenceScore, ANTECEDENT_SHARE);
  let best: Sentence | undefined;
  let bestScore = -Infinity;
  for (const [s, v] of sentenceScore) if (v > bestScore) [best, bestScore] = [s, v];
  const information = spanScorer(words, answerInfo);
  // A target of a few tokens, with a query: the words holding the kind of answer asked for lead.
  const asked = tiny && options.query ? answerWordValues(text, words, sentences, options.query) : undefined;
  const askedOf = asked ? spanScorer(words, asked.values) : undefined;

  // With a query a word ranks mostly by its sentence (the model is surer which sentence answers than
  // which word does); without one its own score leads (docs/tuning.md, "Fine mode with a query").
  const sentenceWeight = options.query ? 0.85 : 0.4;
  // Inside a sentence, with a query, what the question asks for (a name for "where", a number
  // for "how wide") outranks the words that echo it; without one the prior already holds it.
  const answerShare = options.query ? ANSWER_SHARE : 0;
  const optional = (b: Block) => b.sentences.filter((s) => !s.required && !s.dependent);
  // A block ranks by its own mean and by its best sentence, so one decisive sentence in a
  // long paragraph still lifts it.
  const bestShare = options.coarse && options.query ? BLOCK_BEST_SHARE : 0.5;
  const blockScore = (b: Block, rest: readonly Sentence[]) => (1 - bestShare) * score(b) + bestShare * Math.max(...rest.map((s) => sentenceScore.get(s)!));
  // In Chinese and Japanese the score is the lexical prior, which holds its paragraph's share already:
  // there a clause ranks by its own sentence, as BM25 sentences do (docs/languages.md, "Block weight").
  const blockWeight = options.coarse ? 0 : (options.blockWeight ?? BLOCK_WEIGHT) * (1 - unspacedShare(text));
  const lead = options.query ? (options.leadBonus ?? LEAD_BONUS) : 0;
  const inContext = new Map<Sentence, number>();
  for (const b of blocks) {
    const rest = optional(b);
    if (rest.length === 0) continue;
    const block = blockWeight > 0 ? blockScore(b, rest) : 0;
    for (const s of rest) inContext.set(s, (1 - blockWeight) * sentenceScore.get(s)! + blockWeight * block + (s === b.sentences[0] ? lead : 0));
  }
  // A word's own score is centred on its sentence's mean, so the run kept from a cut sentence
  // holds the words that carry it rather than simply the most (cheapest) words; a small constant
  // still prefers filling the budget over leaving it unused.
  const tokenCandidates = (s: Sentence): Candidate[] => {
    const mean = sentenceScore.get(s)!;
    const context = sentenceWeight * inContext.get(s)!;
    return (asked ? asked.split(s.pieces) : s.pieces).map((t) => {
      const own = score(t);
      const info = information(t);
      const kind = askedOf ? asked!.weight * askedOf(t) : 0;
      const content = hasContent(text.slice(t.start, t.end));
      return { start: t.start, end: t.end, score: (1 - sentenceWeight) * (own + answerShare * info + kind) + context, own: own - mean + 0.5 * info + kind + 0.05, tokens: tokenCost(t), content };
    });
  };
  // The best sentence that can be cut (an atomic one, such as code, only when it fits whole).
  let bestCuttable: Sentence | undefined;
  let cuttableScore = -Infinity;
  // At a tiny target the sentence holding the answer's kind is the one cut (asked.sentenceBonus).
  for (const [s, v] of sentenceScore) {
    const value = v + (asked ? asked.sentenceBonus(s) : 0);
    if (!s.atomic && s.pieces.length > 0 && value > cuttableScore) [bestCuttable, cuttableScore] = [s, value];
  }
  const bestWithin = (budget: number): Span[] => {
    if (!best) return [];
    if (tokenCost(best) <= budget || !bestCuttable) return [{ start: best.start, end: best.end }];
    const sentence = bestCuttable;
    if (tokenCost(sentence) <= budget) return [{ start: sentence.start, end: sentence.end }];
    const words = tokenCandidates(sentence);
    const run = bestRun(words, budget);
    if (run && hasContent(text.slice(run.start, run.end))) return [run];
    // No run with a content word fits: the cheapest content word (the most informative of those),
    // so that a tiny target never gives more tokens than a slightly larger one.
    const content = words.filter((w) => w.content);
    const pick = (a: Candidate, b: Candidate) => (b.tokens < a.tokens || (b.tokens === a.tokens && (b.own ?? 0) > (a.own ?? 0)) ? b : a);
    const top = (content.length ? content : words).reduce(pick);
    return [{ start: top.start, end: top.end }];
  };
  // At a tiny target the output holding the asked kind is worth most, whatever else it keeps.
  const total = spanTotal(words, options.query ? scores.map((v, i) => v + ANSWER_SHARE * answerInfo[i]! + (asked ? asked.weight * asked.values[i]! : 0)) : scores);
  const worth = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + total(s), 0);
  const sentenceCandidate = (s: Sentence, cuttable = !s.atomic): Candidate => ({
    start: s.start,
    end: s.end,
    score: inContext.get(s)! + (asked ? asked.sentenceBonus(s) : 0),
    tokens: tokenCost(s),
    ...(cuttable ? { words: once(() => tokenCandidates(s)) } : {}),
    ...(s.shortenable ? { shortenable: true } : {}),
  });
  const required = sentences.filter((s) => s.required).map((s) => ({ start: s.start, end: s.end }));
  const prefixed = sentences.filter((s) => s.prefix || s.companions);

  if (options.coarse && options.sentenceUnits) {
    // Only a sentence with a bonus (history: one stating facts) is cut to a run: a leftover budget kept `[...] use Apple Pay [...]`.
    const candidates = blocks.flatMap((b) => optional(b).map((s) => sentenceCandidate(s, !s.atomic && (s.bonus ?? 0) > 0)));
    return { bestWithin, candidates, required, prefixed, worth, unitScores: candidates.map((c) => c.score) };
  }
  if (options.coarse) {
    // A block holding required parts offers only its other sentences.
    const candidates = blocks.flatMap((b): Candidate[] => {
      const rest = optional(b);
      if (rest.length === 0) return [];
      if (rest.length < b.sentences.length || (rest.length === 1 && rest[0]!.shortenable)) return rest.map((s) => sentenceCandidate(s));
      return [{ start: b.start, end: b.end, score: blockScore(b, rest), tokens: tokenCost(b), parts: once(() => rest.map((s) => sentenceCandidate(s))) }];
    });
    const sentences = { candidates: once(() => blocks.flatMap((b) => optional(b).map((s) => sentenceCandidate(s)))), below: candidates.reduce((min, c) => Math.min(min, c.tokens), Infinity) };
    return { bestWithin, candidates, required, prefixed, worth, unitScores: candidates.map((c) => c.score), sentences };
  }
  // A Chinese or Japanese piece is a clause: there a short sentence is one of few tokens, or a 47-token sentence could not be cut.
  const shortSize = (s: Sentence) => (unspacedShare(text.slice(s.start, s.end)) > 0.5 ? tokenCost(s) : s.pieces.length) <= SHORT_SENTENCE_WORDS;
  // ...unless a tiny target's answer candidate sits in it: then its words compete one by one.
  const short = (s: Sentence) => Boolean(options.query) && shortSize(s) && !(asked && asked.sentenceBonus(s) > 0);
  const candidates = blocks.flatMap((b) => optional(b).flatMap((s) => (s.atomic || short(s) ? [sentenceCandidate(s, false)] : tokenCandidates(s))));
  return { bestWithin, candidates, required, prefixed, worth, unitScores: [...sentenceScore.values()] };
}

/** Adds the prefix (list bullet, quote marker) and companions (link definitions) of every sentence that kept any part of itself. */
function withPrefixes(kept: Span[], prefixed: readonly Sentence[]): Span[] {
  if (prefixed.length === 0 || kept.length === 0) return kept;
  const spans = normalizeSpans(kept);
  const out = [...spans];
  let j = 0;
  for (const s of prefixed) {
    while (j < spans.length && spans[j]!.end <= s.start) j++;
    const k = spans[j];
    if (k && k.start < s.end) {
      if (s.prefix) out.push(s.prefix);
      if (s.companions) out.push(...s.companions);
    }
  }
  return out;
}

/** The selection, or the best sentence's best part when the selection is empty (one unit larger than the budget, or a budget below a placeholder's cost). */
function largest(selected: Cut | undefined, fallback: () => Cut): Cut {
  return selected && selected.text.length > 0 ? selected : fallback();
}

function targetTokens(target: Target, prepared: Prepared): number {
  if ('tokens' in target) return target.tokens;
  const { minRatio, maxRatio, originalTokens } = target.knee;
  const sorted = [...prepared.unitScores].sort((a, b) => b - a);
  const fraction = Math.min(1, kneeCount(sorted) / Math.max(1, sorted.length));
  const nx = Math.min(maxRatio, Math.max(minRatio, 1 / fraction));
  return Math.round(originalTokens / nx);
}

/** The kept spans of a text cut to a token target, and their rendering. */
export interface Cut {
  spans: Span[];
  text: string;
  tokens: number;
}

/**
 * Keeps the best units of a scored text within a token target: select -> assemble, with the
 * budget corrected until the rendered output fits. `render` turns kept spans into text (one
 * string for a context; several texts render per part).
 */
export function cutText(input: ScoredText, options: CutOptions, target: Target, render?: (spans: Span[]) => { text: string; tokens: number }): Cut {
  const prepared = prepare(input, options, 'tokens' in target && target.tokens <= TINY_GOAL);
  const goal = targetTokens(target, prepared);
  const overhead = options.placeholders ? PLACEHOLDER_TOKENS : 0;
  const draw =
    render ??
    ((spans: Span[]) => {
      const text = assemble(input.text, spans, options.placeholders, options.blockPlaceholders, options.coarse && goal >= CUT_MARKS_MIN_TOKENS);
      return { text, tokens: countTokens(text) };
    });
  // Many budgets select the same spans (greedy selection changes only where a unit starts or
  // stops fitting): each distinct selection is tidied, rendered and counted once.
  const finished = new Map<string, Cut>();
  const negations = negationsOf(input);
  // Word units: a kept number takes the word it quantifies along (number-words.ts).
  // Without a query only (unless `numberWords`): with one, the number may be the answer itself, and at a tiny target its word would cost it.
  const quantified = (spans: Span[]) => (options.coarse || (options.query && !options.numberWords) ? spans : withQuantifiedWords(input.text, input.blocks, spans));
  // `orphans`: keep orphan runs too (only for a text that is nothing else).
  const finish = (kept: Span[], orphans = false): Cut => {
    const key = `${orphans ? '+' : ''}${kept.map((k) => `${k.start}:${k.end}`).join(',')}`;
    let cut = finished.get(key);
    if (!cut) {
      const spans = fillCheapGaps(
        input.text,
        normalizeSpans(withPrefixes([...prepared.required, ...(orphans ? normalizeSpans(kept) : quantified(tidy(input, kept, negations)))], prepared.prefixed)),
        options.placeholders,
        options.blockPlaceholders,
      );
      finished.set(key, (cut = { spans, ...draw(spans) }));
    }
    return cut;
  };

  const requiredTokens = prepared.required.reduce((s, r) => s + countTokens(input.text.slice(r.start, r.end)), 0);
  // Never empty: at least the best sentence, or its best run of words within what is left. A
  // target of 0 (r = 1, "keep only the single best span") keeps that sentence whole.
  const bestPart = (goal: number) => (prepared.required.length ? [] : prepared.bestWithin(goal === 0 ? Infinity : Math.max(1, goal - requiredTokens)));
  const fallbackAt = (goal: number) => finish(bestPart(goal));
  // A text of nothing but glue words and punctuation is all orphan runs: its best part stays as it is.
  const neverEmpty = (cut: Cut): Cut => (cut.text.length > 0 || !/\S/u.test(input.text) ? cut : finish(bestPart(goal), true));
  if (goal - requiredTokens <= 0) return neverEmpty(fallbackAt(goal));

  const room = Math.max(1, goal - requiredTokens);
  // Selection estimates costs unit by unit; the exact count of the assembled text may differ
  // (merges across joins, placeholders), so the budget is corrected until the output fits. The
  // target is a ceiling, never passed, so a higher ratio can never give a longer output.
  const search = (candidateList: readonly Candidate[], goal: number): Cut => {
    const room = Math.max(1, goal - requiredTokens);
    // Each try selects among the candidates and renders about `goal` tokens.
    // Word units pay a placeholder each while selecting, so their budget runs up to (1 + overhead)
    // times the output; tries stop once several budgets in a row overshoot.
    const maxBudget = room * (2 + overhead) + overhead;
    if (maxBudget * (candidateList.length + goal) <= EXHAUSTIVE_WORK || (goal <= EXHAUSTIVE_GOAL && candidateList.length <= 2_000)) {
      // Small targets: greedy selection is not monotone in its budget (a unit that just misses
      // changes what follows), so every budget up to twice the room is tried and the output within
      // the target worth most wins (the longer on a tie). A larger target tries a superset of these
      // budgets, and a new winner must beat every shorter output, so it is never shorter.
      let best: Cut | undefined;
      let bestWorth = -Infinity;
      // The shortest output seen: when nothing fits, it stands in if shorter than the fallback, so
      // a smaller target never gets more tokens than a larger one found.
      let shortest: Cut | undefined;
      let over = 0;
      for (let budget = 1; budget <= maxBudget && over < OVERSHOOTS; budget++) {
        const selected = finish(selectSpans(candidateList, budget, overhead));
        over = selected.tokens > goal ? over + 1 : 0;
        // The best sentence's best part stands in only where the selection kept nothing.
        const out = selected.text.length > 0 ? selected : finish(prepared.bestWithin(budget));
        if (out.tokens <= goal) {
          const value = prepared.worth(out.spans);
          if (!best || value > bestWorth || (value === bestWorth && out.tokens > best.tokens)) [best, bestWorth] = [out, value];
        }
        if (out.text.length > 0 && (!shortest || out.tokens < shortest.tokens)) shortest = out;
      }
      if (best === undefined && shortest !== undefined) {
        const instead = fallbackAt(goal);
        return shortest.tokens < instead.tokens ? shortest : instead;
      }
      return largest(best, () => fallbackAt(goal));
    }
    const tolerance = Math.max(1, Math.round(goal * 0.01));
    let budget = room;
    // Budgets known to give an output within the target (lo) and over it (hi): once both are
    // known the search bisects, so it ends on the largest output that fits.
    let lo = 0;
    let hi = Infinity;
    // Among outputs within the target the one worth most wins, as in the exhaustive search: a kept
    // word can replace a placeholder, so more content may cost fewer tokens, and preferring the
    // longer output there made a higher ratio return more tokens than a lower one.
    let best: Cut | undefined;
    let bestWorth = -Infinity;
    const consider = (out: Cut) => {
      if (out.tokens > goal) return;
      const value = prepared.worth(out.spans);
      if (!best || value > bestWorth || (value === bestWorth && out.tokens > best.tokens)) [best, bestWorth] = [out, value];
    };
    // Moves in one direction at least double: an output stuck a token over the target (a placeholder
    // that appears as soon as a word is dropped) nudged the scaled budget down by one per try and
    // spent every refinement without finding an output that fits.
    let stride = 1;
    let direction = 0;
    for (let i = 0; i < MAX_REFINEMENTS; i++) {
      const out = finish(selectSpans(candidateList, budget, overhead));
      consider(out);
      const miss = out.tokens - goal;
      if (miss <= 0) {
        lo = Math.max(lo, budget);
        if (miss >= -tolerance) break;
      } else hi = Math.min(hi, budget);
      // The output grows with the budget roughly in proportion (each kept word is charged a
      // placeholder it may not need once neighbours merge), so scale rather than shift the budget.
      let next = Math.max(1, Math.round((budget * room) / Math.max(1, out.tokens - requiredTokens)));
      const towards = miss > 0 ? -1 : 1;
      stride = towards === direction ? stride * 2 : 1;
      direction = towards;
      if (Math.abs(next - budget) < stride || Math.sign(next - budget) !== towards) next = Math.max(1, budget + towards * stride);
      if (next <= lo || next >= hi) next = Number.isFinite(hi) ? Math.floor((lo + hi) / 2) : Math.max(lo + 1, next);
      if (next <= lo || next >= hi || next === budget) break;
      budget = next;
    }
    // Nothing fitted yet (every try over the target): smaller budgets until one does, so the
    // answer is a selection near the target rather than the lone best sentence.
    for (let b = Number.isFinite(hi) ? Math.floor(hi * 0.7) : 0; !best && b >= 1; b = Math.floor(b * 0.7)) {
      const out = finish(selectSpans(candidateList, b, overhead));
      consider(out);
      if (best) lo = b;
    }
    // Greedy selection is not quite monotone in its budget: when the search ends short of the
    // target, every budget left between the bounds is tried (a few dozen at most).
    const found = best as Cut | undefined;
    if (found && found.tokens < goal - tolerance && Number.isFinite(hi) && hi - lo <= SCAN_WINDOW) {
      for (let b = lo + 1; b < hi; b++) consider(finish(selectSpans(candidateList, b, overhead)));
    }
    return largest(best, () => fallbackAt(goal));
  };
  // Paragraph mode with a target below every block keeps sentences only: the sentences of every block
  // also compete by their own rank, and that selection serves when it fits and is at least as long as
  // the block-by-block one, so a higher ratio never gives more tokens (docs/tuning.md, "Paragraph mode
  // below every paragraph").
  const blocksCut = search(prepared.candidates, goal);
  if (!prepared.sentences || room >= 2 * prepared.sentences.below) return neverEmpty(blocksCut);
  const sentencesGoal = Math.min(goal, prepared.sentences.below - 1 + requiredTokens);
  // A selection that fits sentencesGoal cannot be longer than this one.
  if (blocksCut.tokens > sentencesGoal) return neverEmpty(blocksCut);
  const sentencesCut = search(prepared.sentences.candidates(), sentencesGoal);
  return neverEmpty(sentencesCut.tokens <= sentencesGoal && sentencesCut.tokens >= blocksCut.tokens ? sentencesCut : blocksCut);
}
