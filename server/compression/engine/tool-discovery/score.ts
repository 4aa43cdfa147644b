import { nearnessTo, stem, terms } from '../score/lexical.js';
import { GLUE } from '../text/stop-words.js';
import type { WordRelations, WordVectors } from '../../../project/bundled-words.js';
import { longForms } from './abbreviations.js';
import { centroid, cosine } from './centroid.js';
import { fileCueWords } from './file-cues.js';
import type { ToolText } from './tool-text.js';

/** The engine's word resources the semantic signal reads (either may be missing: it then matches literally). */
export interface SemanticResources {
  vectors: WordVectors | undefined;
  relations: WordRelations | undefined;
  /** Corpus frequency ranks (most frequent first), to weigh common query words down. */
  ranks: ReadonlyMap<string, number> | undefined;
}

/** One tool's signals, each 0..1, and what matched (for the reasoning). */
export interface ToolScore {
  total: number;
  lexical: number;
  semantic: number;
  model: number;
  /** Share of the query's term weight the tool's name words hold (same stem), 0..1. */
  name?: number;
  /** How much of the tool's name the query says, literally or by meaning (rare name words weigh more), 0..1. */
  cover?: number;
  /** Cosine of the query's and the tool's name-and-description gist vectors (centroid.ts), 0..1. */
  gist?: number;
  /** Query words the tool contains (same stem), in query order. */
  matched: string[];
  /** Query words the tool lacks but paraphrases: the query word and the tool's nearest word. */
  related: Array<{ query: string; word: string }>;
}

/**
 * Blend of the signals, chosen on the benchmark's dev split at 100 tools (grid in
 * docs/tool-discovery-benchmark.md): the lexical signal ranks literal queries, the name bonus
 * puts the tool named by the query first, the semantic one carries paraphrases, the network's
 * reading breaks near-ties.
 */
export const WEIGHTS: Blend = { lexical: 0.45, semantic: 0.3, model: 0.05, name: 0.1, cover: 0.2, gist: 0.1 };

/** How the signals are blended (the benchmark's tuning harness tries others). */
export interface Blend {
  lexical: number;
  semantic: number;
  model: number;
  /** Bonus for query words in the tool's name (ranks `create_directory` first for "create a directory"). */
  name?: number;
  /** Bonus for the share of the tool's name the query covers (`list_commits`, not `push_files`, for "list the commits"). */
  cover?: number;
  /** Weight of the gist cosine (the query as a whole against the tool's name and description). */
  gist?: number;
}
/** How near words count (chosen on the benchmark's dev split; tune.ts --knobs tries others). */
export const NEARNESS = {
  /** A parameter's word counts this much of a name or description word: long parameter lists (DigitalOcean's) catch faint neighbours. */
  param: 0.6,
  /** Cosine below which two words are unrelated (rescaled from there to 1). */
  vector: 0.5,
  /** A WordNet neighbour (synonym, broader or narrower term, derivation). */
  related: 0.7,
  /** A neighbour's neighbour, through a neighbour with at most TWO_HOP_DEGREE of its own (0: off). */
  twoHop: 0,
  /** A tool word's match scaled by (its IDF over the pool / the highest IDF) to this power: "request" says less than "invoice". */
  specificity: 0.5,
  /** The name cover reads each name word's nearness to this power (2: faint links count less). */
  coverPower: 1,
  /** 1 when the name cover reads vector neighbours too; 0 for the same stem and WordNet only. */
  coverVectors: 1,
  /** The lexical signal is scaled by the share of the query its best tool matches, to this power. */
  literalShare: 1,
};
/** Neighbours with more neighbours than this ("out", "up", "take") link too much to pass a match on. */
const TWO_HOP_DEGREE = 30;
/** A related word is named in the reasoning from this nearness on. */
const NAMED_NEARNESS = 0.3;
/**
 * The corpus's most frequent words ("will", "take", "one", "all") are near too many others in
 * the vectors to say anything by nearness: as query words they weigh COMMON_SHARE of a rare
 * word, and as a tool's words they are matched literally only.
 */
const COMMON_RANK = 400;
const COMMON_SHARE = 0.1;

interface QueryTerm {
  surface: string;
  stem: string;
}

/** Words after which the next content word is what the user does not want ("without deleting it"). */
const NEGATORS = new Set(['without', 'not', 'don', 'dont', 'never', 'no', 'nor', 'avoid']);

/** The terms less the first content word after each negator, unless the query also says it unnegated. */
function withoutNegated(said: readonly string[]): string[] {
  const negated = new Set<number>();
  for (let i = 0; i < said.length; i++) {
    if (!NEGATORS.has(said[i]!)) continue;
    let j = i + 1;
    // Glue ("without my ...") and the "t" of "don't" are skipped to reach the negated word.
    while (j < said.length && (GLUE.has(said[j]!) || said[j] === 't')) j++;
    if (j < said.length && !NEGATORS.has(said[j]!)) negated.add(j);
  }
  const plain = new Set(said.filter((_, i) => !negated.has(i)).map((w) => stem(w)));
  const dropped = new Set([...negated].map((i) => stem(said[i]!)).filter((st) => !plain.has(st)));
  return said.filter((w) => !dropped.has(stem(w)));
}

/** Most query terms matched by meaning: each costs a pass over every tool word (a long pasted message would dominate). */
const MAX_QUERY_TERMS = 64;

/**
 * The query's distinct content terms, glue words left out, first surface form of each stem. Past
 * MAX_QUERY_TERMS the last ones are kept: a pasted log or message comes first and the request
 * about it last ("... the build is slow, open an issue about it").
 */
export function queryTerms(query: string): QueryTerm[] {
  const said = withoutNegated(terms(query));
  const words = [...said, ...fileCueWords(query), ...longForms(said)].filter((w) => !GLUE.has(w));
  const kept = new Set<string>();
  for (let i = words.length - 1; i >= 0 && kept.size < MAX_QUERY_TERMS; i--) kept.add(stem(words[i]!));
  const seen = new Map<string, string>();
  for (const w of words) {
    const s = stem(w);
    if (kept.has(s) && !seen.has(s)) seen.set(s, w);
  }
  return [...seen].map(([s, surface]) => ({ surface, stem: s }));
}

const K1 = 1.2;
const B = 0.75;

/**
 * The lexical signal: Okapi BM25 over the tools (each one document, its name read twice more,
 * stems compared, the pool the collection), a query term's IDF scaled by its corpus rarity so
 * "take" or "get" weigh little; best tool 1. Reads the tools' cached stem counts only.
 */
function lexicalScores(tools: readonly ToolText[], q: readonly QueryTerm[], ranks: SemanticResources['ranks']): number[] {
  const n = tools.length;
  const avg = tools.reduce((s, t) => s + t.length, 0) / Math.max(1, n) || 1;
  const last = ranks ? Math.log(2 + ranks.size) : 1;
  const idf = q.map((t) => {
    const df = tools.reduce((c, tool) => c + (tool.stemCounts.has(t.stem) ? 1 : 0), 0);
    const rank = ranks?.get(t.surface);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (ranks && rank !== undefined ? Math.log(2 + rank) / last : 1);
  });
  const raw = tools.map((tool) => {
    let score = 0;
    q.forEach((t, i) => {
      const f = tool.stemCounts.get(t.stem);
      if (f) score += (idf[i]! * f * (K1 + 1)) / (f + K1 * (1 - B + (B * tool.length) / avg));
    });
    return score;
  });
  const top = raw.reduce((a, b) => Math.max(a, b), 0);
  return raw.map((v) => (top > 0 ? v / top : 0));
}

/**
 * Per query term, its weight: rare across the tools (IDF, where a term no tool uses literally
 * weighs most) and rare in the corpus (a query's "get" or "make" says little about the tool).
 */
function termWeights(q: readonly QueryTerm[], toolStems: readonly Set<string>[], ranks: SemanticResources['ranks']): number[] {
  const n = toolStems.length;
  const last = ranks ? Math.log(2 + ranks.size) : 1;
  return q.map((t) => {
    const df = toolStems.reduce((c, s) => c + (s.has(t.stem) ? 1 : 0), 0);
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const rank = ranks?.get(t.surface);
    const rarity = !ranks || rank === undefined ? 1 : rank < COMMON_RANK ? COMMON_SHARE : Math.log(2 + rank) / last;
    return idf * rarity;
  });
}

/** How near each query term a tool word is (1 same stem; vectors and WordNet neighbours below), memoised per word. */
function nearnessOf(q: readonly QueryTerm[], res: SemanticResources, vectors = true): (word: string) => Float32Array | undefined {
  const vectorNear = res.vectors && vectors ? nearnessTo(q.map((t) => t.surface), res.vectors, NEARNESS.vector) : () => undefined;
  const neighbours = (w: string) => res.relations?.neighbours(w) ?? [];
  const neighbourStems = q.map((t) => new Set(neighbours(t.surface).map((w) => stem(w))));
  const twoHopStems = q.map((t) =>
    NEARNESS.twoHop > 0 ? new Set(neighbours(t.surface).flatMap((n) => { const nn = neighbours(n); return nn.length <= TWO_HOP_DEGREE ? nn.map((w) => stem(w)) : []; })) : new Set<string>(),
  );
  const memo = new Map<string, Float32Array | undefined>();
  return (word) => {
    if (memo.has(word)) return memo.get(word);
    const s = stem(word);
    const common = (res.ranks?.get(word) ?? Infinity) < COMMON_RANK;
    let row = common ? undefined : vectorNear(word);
    q.forEach((t, i) => {
      const v = t.stem === s ? 1 : common ? 0 : neighbourStems[i]!.has(s) ? NEARNESS.related : twoHopStems[i]!.has(s) ? NEARNESS.twoHop : 0;
      if (v > 0) (row ??= new Float32Array(q.length))[i] = Math.max(row[i]!, v);
    });
    memo.set(word, row);
    return row;
  };
}

/** A tool's gist vector, kept with its cached text (the same definition is read again every call). */
const gists = new WeakMap<ToolText, Float32Array | null>();
function toolGist(tool: ToolText, res: SemanticResources): Float32Array | undefined {
  if (!res.vectors) return undefined;
  let g = gists.get(tool);
  if (g === undefined) gists.set(tool, (g = centroid(tool.headWords, res.vectors, res.ranks) ?? null));
  return g ?? undefined;
}

/** Per tool word, (its IDF over the pool / the highest IDF) ** NEARNESS.specificity; 1 when off. */
function specificityOf(tools: readonly ToolText[]): (word: string) => number {
  if (NEARNESS.specificity <= 0) return () => 1;
  const df = new Map<string, number>();
  for (const t of tools) for (const s of t.stems) df.set(s, (df.get(s) ?? 0) + 1);
  const n = tools.length;
  const idf = (d: number) => Math.log(1 + (n - d + 0.5) / (d + 0.5));
  const top = idf(1);
  const memo = new Map<string, number>();
  return (word) => {
    let v = memo.get(word);
    if (v === undefined) memo.set(word, (v = (idf(df.get(stem(word)) ?? 1) / top) ** NEARNESS.specificity));
    return v;
  };
}

/** Name words that say nothing of what a tool does (a namespace, an API prefix, a version). */
const NAME_NOISE = new Set(['api', 'mcp', 'tool', 'v1', 'v2', 'v3']);

/**
 * Share of the tool's name the query says: each name word's best nearness to a query term (1 the
 * same stem, below for WordNet and vector neighbours), common words ("get", "list") weighing
 * COMMON_SHARE of a rare one.
 */
function nameCover(nameWords: readonly string[], near: (word: string) => Float32Array | undefined, ranks: SemanticResources['ranks']): number {
  let sum = 0;
  let total = 0;
  for (const w of new Set(nameWords)) {
    if (NAME_NOISE.has(w) || GLUE.has(w) || /^\d+$/.test(w)) continue;
    const rank = ranks?.get(w);
    const weight = rank !== undefined && rank < COMMON_RANK ? COMMON_SHARE : 1;
    const row = near(w);
    sum += weight * (row ? Math.max(...row) : 0) ** NEARNESS.coverPower;
    total += weight;
  }
  return total > 0 ? sum / total : 0;
}

/**
 * The blend of each tool's signals. `modelScores` is the network's reading per tool (any scale,
 * rescaled so the tools span 0..1), or undefined: the lexical and semantic signals decide alone.
 */
export function withModel(scores: readonly ToolScore[], modelScores: readonly number[] | undefined, blend: Blend = WEIGHTS): ToolScore[] {
  const lo = modelScores ? Math.min(...modelScores) : 0;
  const hi = modelScores ? Math.max(...modelScores) : 0;
  return scores.map((s, k) => {
    const model = modelScores && hi > lo ? (modelScores[k]! - lo) / (hi - lo) : 0;
    return { ...s, model, total: blend.lexical * s.lexical + blend.semantic * s.semantic + (blend.name ?? 0) * (s.name ?? 0) + (blend.cover ?? 0) * (s.cover ?? 0) + (blend.gist ?? 0) * (s.gist ?? 0) + (modelScores ? blend.model * model : 0) };
  });
}

/** Each tool's lexical and semantic signals and what matched (total and model left 0 for `withModel`). */
export function signalScores(tools: readonly ToolText[], rawQuery: string, res: SemanticResources): ToolScore[] {
  // A possessive's "s" ("what's", "Ana's") is no query word.
  const query = rawQuery.replace(/['’]s\b/gi, '');
  const q = queryTerms(query);
  const toolWords = tools.map((t) => t.words);
  const toolStems = tools.map((t) => t.stems);
  const weights = termWeights(q, toolStems, res.ranks);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const near = nearnessOf(q, res);
  const nearForCover = NEARNESS.coverVectors ? near : nearnessOf(q, res, false);
  const specific = specificityOf(tools);
  const queryGist = res.vectors ? centroid(q.map((t) => t.surface), res.vectors, res.ranks) : undefined;
  // Relative to the pool: above its mean cosine, best tool 1 (every text shares some gist with any other).
  const cos = tools.map((t) => cosine(queryGist, toolGist(t, res)));
  const cosMean = cos.reduce((a, b) => a + b, 0) / Math.max(1, cos.length);
  const cosTop = Math.max(...cos, cosMean);
  const gistOf = cos.map((c) => (cosTop > cosMean ? Math.max(0, (c - cosMean) / (cosTop - cosMean)) : 0));
  // BM25 is scaled so its best tool is 1; times the share of the query's weight that tool matches
  // literally, so a best match on "show" alone does not read as a full match.
  const bm25 = lexicalScores(tools, q, res.ranks);
  const top = bm25.indexOf(1);
  const coverage = top >= 0 && weightSum > 0 ? weights.reduce((s, wt, i) => s + (toolStems[top]!.has(q[i]!.stem) ? wt : 0), 0) / weightSum : 0;
  const lexical = bm25.map((v) => v * coverage ** NEARNESS.literalShare);
  return tools.map((_, k) => {
    const best = new Float32Array(q.length);
    const nearest: string[] = q.map(() => '');
    const head = tools[k]!.headWords;
    for (const w of toolWords[k]!) {
      const row = near(w);
      if (!row) continue;
      const f = (head.has(w) ? 1 : NEARNESS.param) * specific(w);
      for (let i = 0; i < q.length; i++) {
        if (row[i]! * f > best[i]!) {
          best[i] = row[i]! * f;
          nearest[i] = w;
        }
      }
    }
    // Squared: many faint neighbours (cosines just over the threshold) must not add up to one real match.
    const semantic = weightSum > 0 ? weights.reduce((s, wt, i) => s + wt * best[i]! * best[i]!, 0) / weightSum : 0;
    const matched = q.filter((t) => toolStems[k]!.has(t.stem)).map((t) => t.surface);
    // Common query words weigh little (termWeights): naming them would overstate why the tool was kept.
    const named = (t: QueryTerm, i: number) => !toolStems[k]!.has(t.stem) && best[i]! >= NAMED_NEARNESS && (res.ranks?.get(t.surface) ?? Infinity) >= COMMON_RANK;
    const related = q.flatMap((t, i) => (named(t, i) ? [{ query: t.surface, word: nearest[i]! }] : []));
    const nameStems = new Set(tools[k]!.nameWords.map((w) => stem(w)));
    const name = weightSum > 0 ? weights.reduce((s, wt, i) => s + (nameStems.has(q[i]!.stem) ? wt : 0), 0) / weightSum : 0;
    return { total: 0, lexical: lexical[k]!, semantic, model: 0, name, cover: nameCover(tools[k]!.nameWords, nearForCover, res.ranks), gist: gistOf[k]!, matched, related };
  });
}
