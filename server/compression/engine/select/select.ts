import type { Span } from '../split/segment.js';

/** A unit the selector may keep whole, or (when it has parts or words) partly. */
export interface Candidate extends Span {
  score: number;
  /** A word's own score (without its sentence's share): which run of a sentence to keep. */
  own?: number;
  tokens: number;
  /** A word that is not glue (tidy.ts `hasContent`); unset counts as content. */
  content?: boolean;
  /** Smaller units (sentences) to fall back on when this one does not fit. */
  parts?: () => Candidate[];
  /** The unit's words, for keeping one contiguous run of it when nothing larger fits. */
  words?: () => Candidate[];
  /** Code cut along lines: kept as its first lines within its share of the budget, for every such unit. */
  shortenable?: boolean;
}

/**
 * A shortened code block keeps up to this multiple of its proportional share of the budget
 * (its tokens times the budget over all candidates' tokens), and at least SHORTENED_MIN_TOKENS.
 */
const SHORTENED_SHARE = 2;
const SHORTENED_MIN_TOKENS = 16;
/** A shortened code block keeps at least its first line: at 10x one line and a marker is what fits. */
const MIN_SHORTENED_LINES = 1;
/** A block of this many lines or fewer is kept whole where it fits: one line and a marker would save nothing. */
const CAPPED_LINES = 2;

/** The first words of a unit whose cost fits in `budget`. */
function headRun(words: readonly Candidate[], budget: number): Span | undefined {
  let cost = 0;
  let to = -1;
  while (to + 1 < words.length && cost + words[to + 1]!.tokens <= budget) cost += words[++to]!.tokens;
  return to < 0 ? undefined : { start: words[0]!.start, end: words[to]!.end };
}

/**
 * A run cut from a sentence beside other kept units has at least this many words: a leftover
 * budget of a word or two kept "Different" or "cannot" before the next sentence, which reads as
 * noise (development set: the same retention at every ratio with 1, 3 or 5). Alone, any run counts.
 */
const MIN_PARTIAL_WORDS = 3;

const byScore = (a: Candidate, b: Candidate): number => b.score - a.score || a.start - b.start;

// The same candidate lists are selected from at many budgets while a target is searched for:
// each list is sorted once.
const sortedLists = new WeakMap<readonly Candidate[], readonly Candidate[]>();
function sorted(list: readonly Candidate[]): readonly Candidate[] {
  let s = sortedLists.get(list);
  if (!s) sortedLists.set(list, (s = [...list].sort(byScore)));
  return s;
}

const totals = new WeakMap<readonly Candidate[], number>();
/** The candidates' summed cost (at least 1), once per list. */
function totalTokens(list: readonly Candidate[]): number {
  let t = totals.get(list);
  if (t === undefined) totals.set(list, (t = Math.max(1, list.reduce((s, c) => s + c.tokens, 0))));
  return t;
}

/**
 * The contiguous run of words with the highest total own score whose cost fits in `budget`, so a
 * cut sentence keeps the words that carry it (names, numbers, words the query asks about), not
 * its opening words.
 */
export function bestRun(words: readonly Candidate[], budget: number): Span | undefined {
  let best: { span: Span; score: number } | undefined;
  let from = 0;
  let cost = 0;
  let score = 0;
  for (let to = 0; to < words.length; to++) {
    cost += words[to]!.tokens;
    score += words[to]!.own ?? words[to]!.score;
    while (cost > budget && from <= to) {
      cost -= words[from]!.tokens;
      score -= words[from]!.own ?? words[from]!.score;
      from++;
    }
    // Ties go to the later run: a sentence's new information tends to come at its end.
    if (from <= to && (!best || score >= best.score)) best = { span: { start: words[from]!.start, end: words[to]!.end }, score };
  }
  return best?.span;
}

/**
 * Greedy selection under a token budget: the best units first; a unit that does not fit is
 * replaced by its best parts that do, and once per text by a contiguous run of a sentence's
 * words, so the budget is filled closely with at most one partial sentence and no word is cut.
 * `overhead` is charged per kept unit (the cost of a placeholder).
 */
export function selectSpans(candidates: readonly Candidate[], budget: number, overhead: number): Span[] {
  const kept: Span[] = [];
  let left = budget;
  let partialUsed = false;
  const share = budget / totalTokens(candidates);
  const visit = (list: readonly Candidate[]) => {
    for (const c of sorted(list)) {
      if (left <= overhead) return;
      // A code block of 3+ lines larger than its share is shortened even where it fits, so one long block
      // does not take the budget of every other.
      const capped = c.shortenable && c.words!().length > CAPPED_LINES;
      const cap = capped ? Math.max(SHORTENED_MIN_TOKENS, Math.round(SHORTENED_SHARE * share * c.tokens)) : Infinity;
      if (c.tokens + overhead <= left && c.tokens <= cap) {
        kept.push({ start: c.start, end: c.end });
        left -= c.tokens + overhead;
      } else if (c.parts) {
        visit(c.parts());
      } else if (c.words && c.shortenable) {
        const words = c.words();
        const room = Math.min(left - overhead, cap);
        const run = headRun(words, room);
        const inRun = run ? words.filter((w) => w.start >= run.start && w.end <= run.end) : [];
        if (run && inRun.length >= MIN_SHORTENED_LINES) {
          kept.push(run);
          left -= inRun.reduce((s, w) => s + w.tokens, 0) + overhead;
        }
      } else if (c.words && !partialUsed) {
        partialUsed = true;
        const words = c.words();
        const run = bestRun(words, left - overhead);
        const inRun = run ? words.filter((w) => w.start >= run.start && w.end <= run.end) : [];
        // A run of glue words only is not kept: tidy would drop it after it had spent the budget a later unit could use.
        if (run && inRun.some((w) => w.content !== false) && (inRun.length >= MIN_PARTIAL_WORDS || kept.length === 0)) {
          kept.push(run);
          left -= inRun.reduce((s, w) => s + w.tokens, 0) + overhead;
        }
      }
    }
  };
  visit(candidates);
  return kept.sort((a, b) => a.start - b.start);
}
