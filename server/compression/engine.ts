import type { WeightsId } from './model-catalog.js';
import type { WordScorer } from '../model/word-scorer.js';
import { splitWords, type Word } from '../model/words.js';
import { assemble, normalizeSpans } from './assemble.js';
import { kneeCount } from './kneedle.js';
import { withLexicalPrior } from './lexical.js';
import { keepFraction } from './ratio.js';
import { segment, type Sentence, type Span } from './segment.js';
import { selectSpans, type Candidate } from './select.js';
import { spanScorer } from './span-scores.js';
import { countTokens } from './tokens.js';

export interface EngineRequest {
  context: string;
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
  /** Structure-aware chunking before scoring. */
  heuristicChunking: boolean;
  placeholders: boolean;
  /** Share of the lexical prior (default LEXICAL_WEIGHT); the quality bench sets 0 to measure a model alone. */
  lexicalWeight?: number | undefined;
  /** latte_v2 `dynamic=true`: pick the ratio from the score knee, clamped to these Nx bounds. */
  dynamic?: { minRatio: number; maxRatio: number } | undefined;
}

export interface EngineResult {
  compressed: string;
  originalTokens: number;
  compressedTokens: number;
}

/**
 * Share of a word's score that comes from its sentence's BM25 relevance to the query. The models
 * put the answering sentence among the top few more often than BM25 does but pick the single best
 * one less surely; lexical overlap settles those near-ties (SQuAD, 705 questions, gold + 19
 * distractors, latte_v1 fine at 10x/20x/50x: 96.3/94.2/80.4 alone, 98.0/95.5/88.2 with 0.5; BM25
 * 95.9/93.3/74.9). Chosen on the first 300 questions: 0.3-0.5 best in fine mode, 0.5-0.7 in coarse.
 */
const LEXICAL_WEIGHT = 0.5;
/** Tokens one placeholder adds, charged per kept unit while selecting. */
const PLACEHOLDER_TOKENS = 2;
const MAX_REFINEMENTS = 6;

interface Prepared {
  /** The best sentence (r = 1 keeps only this span). */
  best: Span | undefined;
  candidates: Candidate[];
  /** Scores of the units the knee is found on (blocks when coarse, sentences otherwise). */
  unitScores: number[];
}

/** Computes on first call only: candidates' parts are revisited on every budget refinement. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function prepare(req: EngineRequest, words: Word[], modelScores: Float32Array): Prepared {
  const text = req.context;
  const blocks = segment(text, req.heuristicChunking);
  const scores = req.query
    ? withLexicalPrior(text, words, modelScores, blocks.flatMap((b) => b.sentences), req.query, req.lexicalWeight ?? LEXICAL_WEIGHT)
    : modelScores;
  const score = spanScorer(words, scores);
  const tokenCost = (s: Span) => countTokens(text.slice(s.start, s.end));
  const sentenceScore = new Map<Sentence, number>();
  for (const b of blocks) for (const s of b.sentences) sentenceScore.set(s, score(s));
  let best: Span | undefined;
  let bestScore = -Infinity;
  for (const [s, v] of sentenceScore) if (v > bestScore) [best, bestScore] = [{ start: s.start, end: s.end }, v];

  // With a query a word ranks mostly by its sentence: the model is far surer which sentence answers
  // than which single word does, so fine mode keeps the best sentences' words together and trims
  // inside them (SQuAD at 20x/50x, 200 questions: latte_v2 92.0/74.5 with 0.85, 89.0/63.5 with 0.4).
  // Without one, informative words are spread over every sentence, so the word's own score leads
  // (espresso_v1 keeps 83.2% of entities at 2x with 0.4, 80.3% with 0.85).
  const sentenceWeight = req.query ? 0.85 : 0.4;
  const tokenCandidates = (s: Sentence): Candidate[] =>
    s.tokens.map((t) => ({ ...t, score: (1 - sentenceWeight) * score(t) + sentenceWeight * sentenceScore.get(s)!, tokens: tokenCost(t) }));
  const sentenceCandidate = (s: Sentence): Candidate => ({
    start: s.start,
    end: s.end,
    score: sentenceScore.get(s)!,
    tokens: tokenCost(s),
    ...(s.atomic ? {} : { words: once(() => tokenCandidates(s)) }),
  });

  if (req.coarse) {
    // A block ranks by its own mean and by its best sentence, so one decisive sentence in a
    // long paragraph still lifts it.
    const candidates = blocks.map((b): Candidate => {
      const best = Math.max(...b.sentences.map((s) => sentenceScore.get(s)!));
      return { start: b.start, end: b.end, score: 0.5 * score(b) + 0.5 * best, tokens: tokenCost(b), parts: once(() => b.sentences.map(sentenceCandidate)) };
    });
    return { best, candidates, unitScores: candidates.map((c) => c.score) };
  }
  const candidates = blocks.flatMap((b) => b.sentences.flatMap((s) => (s.atomic ? [sentenceCandidate(s)] : tokenCandidates(s))));
  return { best, candidates, unitScores: [...sentenceScore.values()] };
}

/** The keep target in tokens: from the ratio, or from the score knee when dynamic. */
function targetTokens(req: EngineRequest, prepared: Prepared, originalTokens: number): number {
  if (!req.dynamic) return Math.round(originalTokens * keepFraction(req.ratio ?? req.defaultRatio));
  const sorted = [...prepared.unitScores].sort((a, b) => b - a);
  const keepUnits = kneeCount(sorted);
  const fraction = Math.min(1, keepUnits / Math.max(1, sorted.length));
  const nx = Math.min(req.dynamic.maxRatio, Math.max(req.dynamic.minRatio, 1 / fraction));
  return Math.round(originalTokens / nx);
}

function compressOne(req: EngineRequest, words: Word[], scores: Float32Array): EngineResult {
  const text = req.context;
  const originalTokens = req.originalTokens ?? countTokens(text);
  const prepared = prepare(req, words, scores);
  const target = targetTokens(req, prepared, originalTokens);
  const overhead = req.placeholders ? PLACEHOLDER_TOKENS : 0;
  const render = (spans: Span[]) => assemble(text, normalizeSpans(spans), req.placeholders);

  if (target <= 0) {
    const compressed = prepared.best ? render([prepared.best]) : '';
    return { compressed, originalTokens, compressedTokens: countTokens(compressed) };
  }

  // Selection estimates costs unit by unit; the exact count of the assembled text may differ
  // (merges across joins, placeholders), so the budget is corrected until the output fits.
  const tolerance = Math.max(1, Math.round(target * 0.01));
  let budget = target;
  let best: { text: string; tokens: number } | undefined;
  for (let i = 0; i < MAX_REFINEMENTS; i++) {
    const out = render(selectSpans(prepared.candidates, budget, overhead));
    const tokens = countTokens(out);
    const miss = tokens - target;
    if (miss <= tolerance && (!best || Math.abs(miss) < Math.abs(best.tokens - target))) best = { text: out, tokens };
    if (Math.abs(miss) <= tolerance) break;
    // The output grows with the budget roughly in proportion (each kept word is charged a
    // placeholder it may not need once neighbours merge), so scale rather than shift the budget.
    budget = Math.max(1, Math.round((budget * target) / Math.max(1, tokens)));
  }
  if (!best) {
    // Nothing fit (one atomic unit larger than the budget): the best sentence alone.
    const out = prepared.best ? render([prepared.best]) : '';
    best = { text: out, tokens: countTokens(out) };
  }
  return { compressed: best.text, originalTokens, compressedTokens: best.tokens };
}

/**
 * The compression pipeline shared by every family: split -> score -> select -> assemble.
 * Only scoring touches the model; requests are scored together so batches share ONNX calls.
 * @example
 * const engine = createEngine(scorer);
 * const [r] = await engine.compress([{ context, query, weights: 'latte_v1', ratio: 0.5, defaultRatio: 0.5,
 *   coarse: true, heuristicChunking: false, placeholders: true }]);
 */
export function createEngine(scorer: WordScorer) {
  return {
    async compress(requests: readonly EngineRequest[]): Promise<EngineResult[]> {
      const live = requests.map((r, i) => ({ r, i })).filter(({ r }) => r.context.length > 0);
      const words = live.map(({ r }) => splitWords(r.context));
      const scores = live.length
        ? await scorer.score(live.map(({ r }, k) => ({ weights: r.weights, query: r.query, words: words[k]!.map((w) => w.text) })))
        : [];
      const results: EngineResult[] = requests.map(() => ({ compressed: '', originalTokens: 0, compressedTokens: 0 }));
      live.forEach(({ r, i }, k) => {
        results[i] = compressOne(r, words[k]!, scores[k]!);
      });
      return results;
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
