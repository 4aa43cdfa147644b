import type { WeightsId } from '../../catalog/model-catalog.js';
import type { WordScorer } from '../../model/word-scorer.js';
import { splitWords, type Word } from '../../model/words.js';
import { assemble, CUT_MARKS_MIN_TOKENS, PLACEHOLDER } from './assemble/assemble.js';
import { cutText, type CutOptions, type ScoredText, type Target } from './select/compress-text.js';
import { resolveTuning, type EngineTuning } from './tuning.js';
import { compressToolOutput } from './formats/compress-tool-output.js';
import type { ToolFormat } from './formats/format-input.js';
import { looksLikeJson } from './formats/looks-like-json.js';
import { markdownBlocks } from './split/markdown-blocks.js';
import { withFactBonus } from './score/fact-sentences.js';
import { countSentences, type SentenceCounts } from './score/lexical.js';
import { labelledLines } from './assemble/labelled-lines.js';
import { keepFraction } from './ratio.js';
import { coarseToFinePlan } from './score/scoring-plan.js';
import { segment, type Block, type Span } from './split/segment.js';
import { spanScorer } from './score/span-scores.js';
import { countTokens } from './text/tokens.js';
import { rankToolsWith, type ToolDiscoveryInput, type ToolRanking } from './tool-discovery/rank.js';

/**
 * How the engine reads a context: `text` (paragraphs, or structure-aware with heuristic chunking),
 * `markdown` (parsed; structure kept verbatim, prose shrinks) or `tool` (JSON, logs, tables or
 * text, detected per context).
 */
export type ContentFormat = 'text' | 'markdown' | 'tool';

export interface EngineRequest {
  context: string;
  /** Default `text`. */
  format?: ContentFormat | undefined;
  /**
   * Several texts compressed as one (a chat transcript's older messages): `context` must be
   * `joinParts(parts)`; the budget is shared, and the result renders each part on its own.
   */
  parts?: readonly string[] | undefined;
  /**
   * With `parts`: each part's line prefix in the rendered whole (history: `user: `). Then a part
   * that keeps nothing renders empty, a run of such parts is one `[...]` line, and the budget is
   * checked on those lines, so labels and markers of dropped turns no longer eat it.
   */
  partLabels?: readonly string[] | undefined;
  /** Added to the score of a sentence's words in proportion to the facts it states (fact-sentences.ts; history). */
  factBonus?: number | undefined;
  /** Text the reader has verbatim beside the output (history: the recent turns): facts it states earn no fact bonus. */
  knownText?: string | undefined;
  /** `LexicalMatch.wholeQuery` (history: a turn echoing one word of the question is no match for it). */
  wholeQuery?: number | undefined;
  /** Coarse units are sentences, not paragraphs (`CutOptions.sentenceUnits`; history with a query). */
  sentenceUnits?: boolean | undefined;
  /** Word units: a kept number takes the word it quantifies with a query too (history: the query asks about the older turns, never for a bare number). */
  numberWords?: boolean | undefined;
  /** Required by query-aware weights. */
  query?: string | undefined;
  weights: WeightsId;
  /** o200k count of `context` when the caller already has it (it was counted for billing). */
  originalTokens?: number | undefined;
  /** `target_compression_ratio`; undefined means `defaultRatio`. */
  ratio: number | undefined;
  defaultRatio: number;
  /** Paragraph units (true) or word units (false). */
  coarse: boolean;
  /** Structure-aware chunking before scoring (format `text`). */
  heuristicChunking: boolean;
  placeholders: boolean;
  /** latte_v2 `dynamic=true`: pick the ratio from the score knee, clamped to these Nx bounds. */
  dynamic?: { minRatio: number; maxRatio: number } | undefined;
  /** Benchmarks and tests only: knobs production leaves at their served values. */
  tuning?: EngineTuning | undefined;
  /** Tool discovery: rank these tools against `query` instead of compressing `context` (which is ignored). */
  tools?: ToolDiscoveryInput | undefined;
}

export interface EngineResult {
  compressed: string;
  originalTokens: number;
  compressedTokens: number;
  /** What a `tool` context was read as. */
  format?: ToolFormat | undefined;
  /** Per part, when the request had `parts`. */
  parts?: Array<{ compressed: string; tokens: number }> | undefined;
  /** The answer of a `tools` request. */
  ranking?: ToolRanking | undefined;
  /**
   * Milliseconds this request took: its own planning and cutting, plus the batch's shared
   * scoring in proportion to the words it had scored (a batch row's `duration_ms`).
   */
  durationMs?: number | undefined;
}

/** Between the parts of a multi-part context: a paragraph break, so no unit spans two parts. */
const PART_SEPARATOR = '\n\n';

/** The `context` of a multi-part request. */
export function joinParts(parts: readonly string[]): string {
  return parts.join(PART_SEPARATOR);
}

/** First index whose word starts at or after `offset` (words are in text order). */
function firstWordAt(words: readonly Word[], offset: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The words inside `span`, with offsets relative to `span.start`, and their scores. */
function slice(words: readonly Word[], scores: Float32Array, span: Span): { words: Word[]; scores: Float32Array } {
  const from = firstWordAt(words, span.start);
  let to = from;
  while (to < words.length && words[to]!.end <= span.end) to++;
  return {
    words: words.slice(from, to).map((w) => ({ text: w.text, start: w.start - span.start, end: w.end - span.start })),
    scores: scores.slice(from, to),
  };
}

// Resolved once per request: the served lexical weight detects the context's language, and a JSON
// context asks for cut options once per span it shortens.
const resolvedTuning = new WeakMap<EngineRequest, ReturnType<typeof resolveTuning>>();
function tuningOf(req: EngineRequest): ReturnType<typeof resolveTuning> {
  let tuning = resolvedTuning.get(req);
  if (!tuning) resolvedTuning.set(req, (tuning = resolveTuning(req.tuning, req.context)));
  return tuning;
}

function cutOptions(req: EngineRequest): CutOptions {
  const tuning = tuningOf(req);
  return {
    query: req.query,
    coarse: req.coarse,
    placeholders: req.placeholders,
    blockPlaceholders: req.format === 'markdown',
    lexicalWeight: tuning.lexicalWeight,
    lexicalMatch: req.wholeQuery ? { ...tuning.lexicalMatch, wholeQuery: req.wholeQuery } : tuning.lexicalMatch,
    blockWeight: tuning.blockWeight,
    leadBonus: tuning.leadBonus,
    numberWords: req.numberWords,
    sentenceUnits: req.sentenceUnits,
  };
}

function target(req: EngineRequest, originalTokens: number): Target {
  if (req.dynamic) return { knee: { ...req.dynamic, originalTokens } };
  const keep = keepFraction(req.ratio ?? req.defaultRatio);
  // Only r = 1 ("keep the single best span") asks for nothing; any other ratio keeps at least a token.
  return { tokens: keep === 0 ? 0 : Math.max(1, Math.round(originalTokens * keep)) };
}

/** Each part's own kept spans, rendered and counted; the whole is what the budget is checked on. */
function partRenderer(text: string, parts: readonly string[], placeholders: boolean, labels?: readonly string[], cutMarks = false) {
  const starts: number[] = [];
  let at = 0;
  for (const p of parts) {
    starts.push(at);
    at += p.length + PART_SEPARATOR.length;
  }
  const renderParts = (spans: Span[]) =>
    parts.map((p, i) => {
      const from = starts[i]!;
      const own = spans.filter((s) => s.start >= from && s.end <= from + p.length).map((s) => ({ start: s.start - from, end: s.end - from }));
      const compressed = own.length ? assemble(p, own, placeholders, false, cutMarks) : p.trim() && placeholders && !labels ? PLACEHOLDER : '';
      return { compressed, tokens: countTokens(compressed) };
    });
  return {
    renderParts,
    render: (spans: Span[]) => {
      const rendered = renderParts(spans);
      if (labels) {
        const whole = labelledLines(rendered.map((r, i) => ({ label: labels[i] ?? '', compressed: r.compressed })), placeholders);
        return { text: whole, tokens: countTokens(whole) };
      }
      return { text: rendered.map((r) => r.compressed).join(PART_SEPARATOR), tokens: rendered.reduce((s, r) => s + r.tokens, 0) };
    },
  };
}

/**
 * Compression never costs tokens: when markers or a format's smallest valid form (a JSON
 * skeleton, a log's `[... N lines]`) would make a tiny input longer, the input comes back as it was.
 */
function neverLonger(req: EngineRequest, r: EngineResult): EngineResult {
  if (r.compressedTokens < r.originalTokens) return r;
  return {
    ...r,
    compressed: req.context,
    compressedTokens: r.originalTokens,
    ...(req.parts ? { parts: req.parts.map((p) => ({ compressed: p, tokens: countTokens(p) })) } : {}),
  };
}

/** Whether a context is read as JSON (cut along its items and values on every route). */
function readsAsJson(req: EngineRequest): boolean {
  return req.format === 'tool' || ((req.format ?? 'text') === 'text' && !req.parts && looksLikeJson(req.context));
}

/** What the model scores for one request: every word, or (coarse-to-fine) the chosen blocks' words. */
interface ScoringPlan {
  words: Word[];
  originalTokens: number;
  blocks?: Block[];
  /** The query's counts in the blocks' sentences, made for the plan and read again by the lexical prior. */
  lexical?: SentenceCounts;
  scored?: number[];
}

function planScoring(req: EngineRequest): ScoringPlan {
  const words = splitWords(req.context);
  const originalTokens = req.originalTokens ?? countTokens(req.context);
  if (req.tuning?.coarseToFine === false || !req.coarse || !req.query || req.dynamic || req.parts || req.format === 'markdown' || readsAsJson(req)) return { words, originalTokens };
  const goal = target(req, originalTokens);
  if (!('tokens' in goal)) return { words, originalTokens };
  const blocks = segment(req.context, req.heuristicChunking);
  const tuning = tuningOf(req);
  const c2f = tuning.coarseToFine || undefined;
  const lexical = countSentences(req.context, blocks.flatMap((b) => b.sentences), req.query, tuning.lexicalMatch);
  const scored = coarseToFinePlan(req.context, words, blocks, req.query, goal.tokens, originalTokens, c2f, tuning.lexicalMatch, lexical);
  return scored ? { words, originalTokens, blocks, lexical, scored } : { words, originalTokens, blocks, lexical };
}

function compressOne(req: EngineRequest, plan: ScoringPlan, scores: Float32Array): EngineResult {
  const text = req.context;
  const { words, originalTokens } = plan;
  const goal = target(req, originalTokens);

  // A JSON context is cut along its items and values on every route, so the output still parses.
  if (readsAsJson(req)) {
    const score = spanScorer(words, scores);
    const { output, format } = compressToolOutput({
      text,
      score,
      targetTokens: 'tokens' in goal ? goal.tokens : Math.round(originalTokens / 2),
      query: req.query,
      soft: tuningOf(req).lexicalMatch.soft,
      placeholders: req.placeholders,
      compressSpan: (span, budget) => {
        const sub = slice(words, scores, span);
        const subText = text.slice(span.start, span.end);
        return cutText({ text: subText, ...sub, blocks: segment(subText, false) }, cutOptions(req), { tokens: budget }).text;
      },
    });
    return { compressed: output, originalTokens, compressedTokens: countTokens(output), ...(req.format === 'tool' ? { format } : {}) };
  }

  const found = plan.blocks ?? (req.format === 'markdown' ? markdownBlocks(text) : segment(text, req.heuristicChunking));
  const blocks = req.factBonus ? withFactBonus(text, found, req.factBonus, req.knownText, req.query) : found;
  const scored: ScoredText = { text, words, scores, blocks, ...(plan.lexical ? { lexical: plan.lexical } : {}) };
  if (req.parts) {
    const { render, renderParts } = partRenderer(text, req.parts, req.placeholders, req.partLabels, req.coarse && (!('tokens' in goal) || goal.tokens >= CUT_MARKS_MIN_TOKENS));
    const cut = cutText(scored, cutOptions(req), goal, render);
    return { compressed: cut.text, originalTokens, compressedTokens: cut.tokens, parts: renderParts(cut.spans) };
  }
  const cut = cutText(scored, cutOptions(req), goal);
  return { compressed: cut.text, originalTokens, compressedTokens: cut.tokens };
}

/**
 * The compression pipeline shared by every family: split -> score -> select -> assemble (docs/architecture.md).
 * Only scoring touches the model; requests are scored together so batches share ONNX calls.
 * @example
 * const [r] = await createEngine(scorer).compress([{ context, query, weights: 'latte_v1', ratio: 0.5, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true }]);
 */
export function createEngine(scorer: WordScorer) {
  const engine = {
    async compress(requests: readonly EngineRequest[]): Promise<EngineResult[]> {
      // Tool-discovery requests rank instead of compressing; they share the scorer (and its batches).
      if (requests.some((r) => r.tools)) {
        const ranking = requests.filter((r) => r.tools);
        const [ranked, compressed] = await Promise.all([
          rankToolsWith(scorer, ranking.map((r) => ({ ...r.tools!, weights: r.weights }))),
          engine.compress(requests.filter((r) => !r.tools)),
        ]);
        let a = 0;
        let b = 0;
        return requests.map((r) => (r.tools ? { compressed: '', originalTokens: 0, compressedTokens: 0, ranking: ranked[a++]! } : compressed[b++]!));
      }
      const live = requests.map((r, i) => ({ r, i })).filter(({ r }) => r.context.length > 0);
      const own = live.map(() => 0);
      const plans = live.map(({ r }, k) => {
        const t0 = performance.now();
        const plan = planScoring(r);
        own[k] = performance.now() - t0;
        return plan;
      });
      const scoringStarted = performance.now();
      const partial = live.length
        ? await scorer.score(
            live.map(({ r }, k) => {
              const { words, scored } = plans[k]!;
              return { weights: r.weights, query: r.query, words: scored ? scored.map((w) => words[w]!.text) : words.map((w) => w.text) };
            }),
          )
        : [];
      const scoringMs = performance.now() - scoringStarted;
      const scoredWords = plans.map((p) => (p.scored ? p.scored.length : p.words.length));
      const allWords = scoredWords.reduce((a, b) => a + b, 0);
      // Words the plan left out keep a model score of 0.
      const scores = partial.map((s, k) => {
        const { words, scored } = plans[k]!;
        if (!scored) return s;
        const full = new Float32Array(words.length);
        scored.forEach((w, j) => (full[w] = s[j]!));
        return full;
      });
      const results: EngineResult[] = requests.map((r) => ({
        compressed: '',
        originalTokens: 0,
        compressedTokens: 0,
        ...(r.parts ? { parts: r.parts.map(() => ({ compressed: '', tokens: 0 })) } : {}),
      }));
      live.forEach(({ r, i }, k) => {
        const t0 = performance.now();
        const result = neverLonger(r, compressOne(r, plans[k]!, scores[k]!));
        const shared = allWords > 0 ? (scoringMs * scoredWords[k]!) / allWords : 0;
        results[i] = { ...result, durationMs: own[k]! + performance.now() - t0 + shared };
      });
      return results;
    },
  };
  return engine;
}
