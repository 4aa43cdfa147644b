import type { Word } from '../../../model/words.js';
import type { Span } from '../split/segment.js';
import { spansHoldingAskedKind } from './answer-kind.js';
import { cosineAt } from './word-vectors.js';
import type { WordRelations, WordVectors } from '../../../project/bundled-words.js';
import { languageOf, stemKeepsFirstLetter, stemmerFor, unreadShare } from '../text/language.js';
import { wordUnits } from '../text/word-units.js';
import { STOP_WORDS } from '../text/stop-words.js';

/**
 * Porter stem of a lowercased term: English's stemmer from language.ts (one memo), so the tool and
 * information matchers key words exactly as the lexical prior does on English text.
 */
export const stem: (term: string) => string = stemmerFor('eng');

/** Lowercased, accent-free content terms of a text, in any script (word-units.ts), without `stopWords` (default STOP_WORDS). */
export function terms(text: string, stopWords: ReadonlySet<string> = STOP_WORDS): string[] {
  if (ASCII_ONLY.test(text)) return asciiTerms(text.toLowerCase(), stopWords);
  return wordUnits(text, stopWords.size ? (w) => stopWords.has(w) : undefined);
}

const NO_STOP_WORDS: ReadonlySet<string> = new Set();

/**
 * The stop words of a text: English glue (STOP_WORDS) in Latin script; none in a text mostly in
 * another script, where an ASCII word is a command or an identifier ("at ジョブ", "do"), not glue.
 */
export function stopWordsFor(text: string): ReadonlySet<string> {
  return unreadShare(text) > 0.5 ? NO_STOP_WORDS : STOP_WORDS;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * `terms` of lowercased ASCII, where letters and digits are a-z and 0-9: scanned by character code,
 * as the Unicode-class split took half of the lexical prior's time on a 100k-token text.
 */
function asciiTerms(lower: string, stopWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const term = lower.slice(start, i);
      if (!stopWords.has(term)) out.push(term);
      start = -1;
    }
  }
  return out;
}

/**
 * Soft matching: a query term a span does not contain still counts as a fraction of an occurrence
 * when a word of the span is near it in vector space, so a sentence that paraphrases the question
 * ("downtime" for "maintenance window") is not scored 0. The fraction is the cosine rescaled from
 * `threshold` (0) to 1 (1), times `weight`.
 */
export interface SoftMatch {
  /** Read on first use; without vectors (files missing) matching is literal only. */
  vectors: () => WordVectors | undefined;
  threshold: number;
  weight: number;
  /** Only for query terms that no span of the text contains. */
  unseenOnly?: boolean | undefined;
    /**
     * A word among a soft-matched query term's WordNet neighbours counts as at least `nearness` near it,
     * for terms outside the corpus's `minRank` most frequent words: rare words have no vector, and a word
     * and its broader term sit far apart in the vectors (docs/tuning.md, "WordNet neighbours"). Read on first use.
     */
  related?: { relations: () => WordRelations | undefined; nearness: number; minRank?: number | undefined } | undefined;
}

/** A word's rescaled nearness to each query term, or undefined when it is near none. */
export function nearnessTo(queryWords: readonly string[], vectors: WordVectors, threshold: number): (word: string) => Float32Array | undefined {
  const rows = queryWords.map((q) => vectors.index.get(q));
  return (word) => {
    const j = vectors.index.get(word);
    let row: Float32Array | undefined;
    for (let i = 0; i < queryWords.length; i++) {
      const c = queryWords[i] === word ? 1 : j === undefined || rows[i] === undefined ? 0 : cosineAt(vectors, rows[i]!, j);
      if (c > threshold) (row ??= new Float32Array(queryWords.length))[i] = (c - threshold) / (1 - threshold);
    }
    return row;
  };
}

/**
 * `nearness` with the WordNet neighbours (compared by stem) of each query word outside the corpus's
 * `related.minRank` most frequent words (the vectors' rows are in frequency order) at least
 * `related.nearness` near it.
 */
function withRelated(nearness: (word: string) => Float32Array | undefined, queryWords: readonly string[], related: SoftMatch['related'], vectors: WordVectors): (word: string) => Float32Array | undefined {
  const relations = related && related.nearness > 0 ? related.relations() : undefined;
  if (!relations) return nearness;
  const { nearness: floor, minRank = 0 } = related!;
  // A common word has many senses, and their neighbours are everywhere: its vectors decide alone.
  const common = (q: string) => (vectors.index.get(q) ?? Infinity) < minRank;
  const stems = queryWords.map((q) => new Set(common(q) ? [] : relations.neighbours(q).map((w) => stem(w))));
  if (stems.every((s) => s.size === 0)) return nearness;
  // A stem keeps its word's first letter: words no neighbour opens like are not stemmed.
  const openers = new Set(stems.flatMap((set) => [...set].map((s) => s[0])));
  return (word) => {
    let row = nearness(word);
    if (!openers.has(word[0])) return row;
    const s = stem(word);
    stems.forEach((set, k) => {
      if (set.has(s)) (row ??= new Float32Array(queryWords.length))[k] = Math.max(row[k]!, floor);
    });
    return row;
  };
}

/**
 * How rare a word is outside the text (one context is a small collection): a query term's IDF is scaled
 * by `(1 - share) + share * rarity`, rarity being the log of its corpus rank scaled to 1 at the list's
 * end, 1 for words the list lacks (docs/tuning.md, "rarity").
 */
interface RarityWeight {
  /** Words by corpus frequency, most frequent first (rank = value); undefined leaves IDF alone. */
  ranks: () => ReadonlyMap<string, number> | undefined;
  share: number;
}

/** Per query term (surface forms), its IDF multiplier. */
function rarityWeights(queryWords: readonly string[], rarity: RarityWeight): Float64Array | undefined {
  const ranks = rarity.share > 0 ? rarity.ranks() : undefined;
  if (!ranks) return undefined;
  const last = Math.log(2 + ranks.size);
  return Float64Array.from(queryWords, (w) => {
    const rank = ranks.get(w);
    return 1 - rarity.share + rarity.share * (rank === undefined ? 1 : Math.log(2 + rank) / last);
  });
}

/** Occurrences of a query's terms in each span of a text: what BM25 needs, and all it needs. */
interface QueryCounts {
  /** Per span, how often each distinct (normalised) query term occurs. */
  tf: Float64Array[];
  /** Per span, its number of terms. */
  lengths: Float64Array;
  /** Per span, each soft-matched term's best nearness among the span's words (absent without soft matching). */
  near?: Float64Array[];
  softWeight: number;
  /** Per query term, its IDF multiplier (absent: 1; see RarityWeight). */
  idfScale?: Float64Array | undefined;
}

interface CountOptions {
  /** A stemmer: it must keep a term's first character (terms are skipped by it). */
  normalize?: ((term: string) => string) | undefined;
  soft?: SoftMatch | undefined;
  rarity?: RarityWeight | undefined;
  /** Whether `normalize` keeps a term's first character (default true). */
  keepsFirst?: boolean | undefined;
}

function countQueryTerms(text: string, spans: readonly Span[], query: string, { normalize, soft, rarity, keepsFirst = true }: CountOptions = {}): QueryCounts {
  const norm = (t: string) => (normalize ? normalize(t) : t);
  const glue = stopWordsFor(text);
  const queryTerms = terms(query, glue);
  // Each distinct term with its first surface form, which stands for it where a word list is
  // looked up (stems have no entry). One pass: a query can be a long text of its own.
  const firstForm = new Map<string, string>();
  for (const w of queryTerms) {
    const t = norm(w);
    if (!firstForm.has(t)) firstForm.set(t, w);
  }
  const q = [...firstForm.keys()];
  const surface = [...firstForm.values()];
  const idfScale = rarity && rarityWeights(surface, rarity);
  const slot = new Map(q.map((t, i) => [t, i]));
  // A Porter stem keeps its word's first letter: a term whose first letter opens no query term is
  // not one, and is not stemmed at all (most of a text's terms).
  const openers = keepsFirst ? new Set(q.map((t) => t[0])) : undefined;
  const vectors = soft && soft.weight > 0 ? soft.vectors() : undefined;
  // Only the query's terms are counted in each span (and their spans' count): the scores need nothing
  // else, and a map of every term of every span was slow on long texts (docs/tuning.md, "Engine CPU").
  const lengths = new Float64Array(spans.length);
  const spanTerms: string[][] = [];
  const tf = spans.map((s, d) => {
    const counts = new Float64Array(q.length);
    const ts = terms(text.slice(s.start, s.end), glue);
    if (vectors) spanTerms[d] = ts;
    lengths[d] = ts.length;
    for (const t of ts) {
      if (openers && !openers.has(t[0])) continue;
      const at = slot.get(norm(t));
      if (at !== undefined) counts[at]!++;
    }
    return counts;
  });
  const df = q.map((_, i) => tf.reduce((n, counts) => n + (counts[i]! > 0 ? 1 : 0), 0));
  // Soft matches, for the terms they apply to (with unseenOnly, usually none: no second pass).
  const softTerms = vectors ? q.map((_, i) => i).filter((i) => !soft!.unseenOnly || df[i] === 0) : [];
  if (softTerms.length === 0) return { tf, lengths, softWeight: 0, idfScale };
  // Each distinct word of the text is looked up once.
  const softWords = softTerms.map((i) => surface[i]!);
  const nearness = withRelated(nearnessTo(softWords, vectors!, soft!.threshold), softWords, soft!.related, vectors!);
  const rows = new Map<string, Float32Array | undefined>();
  const near = spanTerms.map((ts) => {
    const best = new Float64Array(q.length);
    for (const t of ts) {
      let row = rows.get(t);
      if (row === undefined && !rows.has(t)) rows.set(t, (row = nearness(t)));
      if (row) softTerms.forEach((i, k) => (best[i] = Math.max(best[i]!, row[k]!)));
    }
    return best;
  });
  return { tf, lengths, near, softWeight: soft!.weight, idfScale };
}

/** The counts of groups of consecutive spans (sentences -> their paragraph): `groupOf[d]` is span d's group. */
function groupCounts(counts: QueryCounts, groupOf: Int32Array, groups: number): QueryCounts {
  const termCount = counts.tf[0]?.length ?? 0;
  const tf = Array.from({ length: groups }, () => new Float64Array(termCount));
  const lengths = new Float64Array(groups);
  const near = counts.near && Array.from({ length: groups }, () => new Float64Array(termCount));
  counts.tf.forEach((row, d) => {
    const g = groupOf[d]!;
    if (g < 0) return;
    lengths[g]! += counts.lengths[d]!;
    for (let i = 0; i < termCount; i++) {
      tf[g]![i]! += row[i]!;
      if (near) near[g]![i] = Math.max(near[g]![i]!, counts.near![d]![i]!);
    }
  });
  return { tf, lengths, ...(near ? { near } : {}), softWeight: counts.softWeight, idfScale: counts.idfScale };
}

/** Per query term, its BM25 IDF in the counted spans (scaled by `idfScale`). */
function idfOf({ tf, idfScale }: QueryCounts): number[] {
  const termCount = tf[0]?.length ?? 0;
  return Array.from({ length: termCount }, (_, i) => {
    const n = tf.reduce((sum, counts) => sum + (counts[i]! > 0 ? 1 : 0), 0);
    return Math.log(1 + (tf.length - n + 0.5) / (n + 0.5)) * (idfScale ? idfScale[i]! : 1);
  });
}

/** Okapi BM25 (k1 = 1.2, b = 0.75) of each counted span, the spans being the collection. */
function bm25Scores(counts: QueryCounts, idf = idfOf(counts)): number[] {
  const { tf, lengths, near, softWeight } = counts;
  const termCount = tf[0]?.length ?? 0;
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, tf.length);
  return tf.map((counts, d) => {
    let score = 0;
    for (let i = 0; i < termCount; i++) {
      const f = counts[i]! || (near ? softWeight * near[d]![i]! : 0);
      if (f) score += (idf[i]! * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * lengths[d]!) / avg));
    }
    return score;
  });
}

/**
 * Okapi BM25 (k1 = 1.2, b = 0.75) of each span of `text` against `query`, the spans being the collection:
 * written here to rank spans of one text in place with this tokenisation. With `soft`, a span lacking a
 * term counts its soft match (document frequency stays literal). `normalize` must keep a term's first character.
 */
export function bm25(text: string, spans: readonly Span[], query: string, normalize?: (term: string) => string, soft?: SoftMatch): number[] {
  return bm25Scores(countQueryTerms(text, spans, query, { normalize, soft }));
}

/** How the engine's lexical prior matches a query against sentences. */
export interface LexicalMatch {
  /** Compare stems (Porter for English, Snowball for the text's language), so "located" finds "locate" and "countries" finds "country". */
  stems: boolean;
  /** Count near words (word vectors) as partial matches of query terms the span lacks. */
  soft?: SoftMatch | undefined;
  /** Share of a sentence's relevance taken from its block's (paragraph's) BM25 against the query. */
  blockShare?: number | undefined;
  /** Added to the relevance (best sentence 1) of a span holding the kind of answer the question asks for (`holdsAskedKind`). */
  askedKind?: number | undefined;
  /** Scale a query term's IDF by how rare it is in the corpus (RarityWeight). */
  rarity?: RarityWeight | undefined;
  /**
   * Relevance relative to this share of a span echoing the whole query (each term once), not to the
   * best span: a sentence echoing one word of a long question is not scored as if it answered it.
   */
  wholeQuery?: number | undefined;
}
export const PLAIN_MATCH: LexicalMatch = { stems: false };

/** The stemmer follows the language of the text and query (language.ts); the weights were tuned on English with Porter's. */
function countOptions(match: LexicalMatch, text: string, query: string): CountOptions {
  if (!match.stems) return { soft: match.soft, rarity: match.rarity };
  const language = languageOf(text, query);
  return { normalize: stemmerFor(language), keepsFirst: stemKeepsFirstLetter(language), soft: match.soft, rarity: match.rarity };
}

/**
 * `bm25` over stems when `match.stems` is set; with `match.askedKind` the scores are scaled (best 1) and
 * a span holding the asked kind gains that much. WordNet serves only through soft matching: expanding
 * every query term gained nothing (docs/tuning.md, "Stemmed matching").
 */
export function matchScores(text: string, spans: readonly Span[], query: string, match: LexicalMatch): number[] {
  return withAskedKind(text, spans, query, match, bm25Scores(countQueryTerms(text, spans, query, countOptions(match, text, query))));
}

function withAskedKind(text: string, spans: readonly Span[], query: string, match: LexicalMatch, scores: number[]): number[] {
  const kind = askedKindBonus(text, spans, query, match);
  return kind ? scaled(scores).map((v, i) => v + kind[i]!) : scores;
}

/**
 * The query's terms counted in a text's sentences once, for both readers: the coarse-to-fine plan
 * (summed per block) and the lexical prior; counting twice was costly (docs/tuning.md, "Engine CPU").
 */
export interface SentenceCounts {
  /** The counted sentences, in text order. */
  sentences: readonly Span[];
  query: string;
  match: LexicalMatch;
  counts: QueryCounts;
}

export function countSentences(text: string, sentences: readonly Span[], query: string, match: LexicalMatch): SentenceCounts {
  return { sentences, query, match, counts: countQueryTerms(text, sentences, query, countOptions(match, text, query)) };
}

/** `matchScores` of each block, from the counts of the sentences it holds. */
export function blockMatchScores(text: string, blocks: readonly Span[], counted: SentenceCounts): number[] {
  const { sentences, counts, query, match } = counted;
  return withAskedKind(text, blocks, query, match, bm25Scores(groupCounts(counts, containing(sentences, blocks), blocks.length)));
}

/** Per span, `match.askedKind` where it holds the kind of answer the query asks for, else 0 (undefined when nothing is added). */
function askedKindBonus(text: string, spans: readonly Span[], query: string, match: LexicalMatch): Float64Array | undefined {
  const bonus = match.askedKind ?? 0;
  const holds = bonus > 0 ? spansHoldingAskedKind(text, spans, query) : undefined;
  return holds && Float64Array.from(holds, (h) => h * bonus);
}

/**
 * Blends each word's model score with its sentence's lexical relevance (BM25, best sentence 1, plus
 * `match.askedKind` for the kind of answer asked): `(1 - weight) * model + weight * lexical`. Words outside
 * every sentence keep 0. `counted`, given for these sentences, query and match, saves counting again.
 */
export function withLexicalPrior(
  text: string,
  words: readonly Word[],
  scores: Float32Array,
  sentences: readonly Span[],
  query: string,
  weight: number,
  match: LexicalMatch = PLAIN_MATCH,
  blocks: readonly Span[] = [],
  counted?: SentenceCounts,
): Float32Array {
  const counts =
    counted && counted.query === query && counted.match === match && counted.counts.tf.length === sentences.length
      ? counted.counts
      : countQueryTerms(text, sentences, query, countOptions(match, text, query));
  // With `wholeQuery`, a span's relevance is at most its share of a span holding every query term once.
  const idf = idfOf(counts);
  const whole = match.wholeQuery ? match.wholeQuery * idf.reduce((a, b) => a + b, 0) : 0;
  const raw = scaled(bm25Scores(counts, idf), whole);
  const share = blocks.length > 1 ? (match.blockShare ?? 0) : 0;
  const rawBlocks = share > 0 ? scaled(bm25Scores(groupCounts(counts, containing(sentences, blocks), blocks.length)), whole) : undefined;
  const kind = askedKindBonus(text, sentences, query, match);
  const out = new Float32Array(scores.length);
  let j = 0;
  let b = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    while (j < sentences.length && sentences[j]!.end <= w.start) j++;
    const s = sentences[j];
    let lexical = s && w.start >= s.start ? raw[j]! : 0;
    if (rawBlocks) {
      while (b < blocks.length && blocks[b]!.end <= w.start) b++;
      const block = blocks[b] && w.start >= blocks[b]!.start ? rawBlocks[b]! : 0;
      lexical = (1 - share) * lexical + share * block;
    }
    if (kind && s && w.start >= s.start) lexical += kind[j]!;
    out[i] = (1 - weight) * scores[i]! + weight * lexical;
  }
  return out;
}

/** For each span of `inner`, the index of the span of `outer` holding it (-1 if none); both in text order. */
function containing(inner: readonly Span[], outer: readonly Span[]): Int32Array {
  const out = new Int32Array(inner.length).fill(-1);
  let o = 0;
  inner.forEach((s, d) => {
    while (o < outer.length && outer[o]!.end <= s.start) o++;
    if (o < outer.length && outer[o]!.start <= s.start && s.end <= outer[o]!.end) out[d] = o;
  });
  return out;
}

/** Scores scaled so the best is 1 (all 0 when none is positive). */
function scaled(raw: number[], floor = 0): number[] {
  // reduce, not Math.max(...raw): a long text can have more sentences than a call takes arguments
  const top = raw.reduce((a, b) => Math.max(a, b), floor);
  return top > 0 ? raw.map((v) => v / top) : raw.map(() => 0);
}
