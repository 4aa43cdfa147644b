import { PLACEHOLDER } from '../assemble.js';
import { answerKind } from '../answer-kind.js';
import type { Span } from '../segment.js';
import { countTokens } from '../tokens.js';
import type { FormatCompressor, FormatInput } from './format-input.js';
import { Frontier } from './frontier.js';
import { ARRAY, isContainer, LITERAL, NUMBER, OBJECT, parseTree, STRING, type Tree } from './json-tree.js';
import { matchTerms, matchWords, nearestWords } from './query-terms.js';

// Strings longer than this are shortened with the text engine instead of kept or dropped whole.
const LONG_STRING_TOKENS = 40;
// What a long string gets while the tree is filled; the budget left over then lengthens them.
const PREVIEW_TOKENS = 24;
// The greedy fill stops after this many units in a row did not fit: with 100k array items left
// and the budget spent, trying every one of them only burns time.
const MAX_MISSES = 256;
// An item of a collection (see JsonTrimmer.item) costing up to this share of the budget is kept
// whole or left out: a record cut to `{"license":"MIT","_omitted":3}` answers nothing and costs a
// marker. Larger items are opened like any container.
const ITEM_SHARE = 0.5;
// An object whose members are all objects or arrays, at least this many, is a collection of
// records (a lockfile's `packages`, a map of ids to records).
const COLLECTION_MIN = 4;
// A value alone with its containers may exceed the target by this many tokens rather than leave a
// structure without any value; deep inside a document it costs more and the skeleton stands.
const ONE_VALUE_SLACK = 8;
const ONE_VALUE_TRIES = 8;
// Rank added to an item holding a query word in a value: above any item without one.
const RELEVANT_ITEM_BONUS = 4;
// Estimate-then-measure rounds; the estimate is a sum of separately counted pieces, a few percent off.
const MAX_ROUNDS = 6;
// A member lifted to its chosen container's share keeps this much of its own rank, so the
// members still order among themselves (small: a member ranked above the share on its own still leads).
const INHERITED_OWN_SHARE = 0.01;
// Share of the query words a value's enclosing entity matches (but the value does not) in its rank (docs/tuning.md, "JSON CONTEXT_SHARE").
const CONTEXT_SHARE = 0.5;
// Scalars of one object compared for repeated query words (pairwise): larger objects skip the check.
const MAX_SIBLINGS_COMPARED = 64;
// A companion (see JsonTrimmer.companion) is a short scalar: a name or an id, not a description.
const COMPANION_CHARS = 120;
// Companion searches stop after visiting this many nodes per node of the document: a document
// built so that every record holds a different mix of the query words cannot make them quadratic.
const COMPANION_WORK = 8;
// Rank added to a value of the kind the question asks for (an amount for "how many", a date for "when",
// a name for "who"), as much as a key the question names (docs/tuning.md, "JSON ANSWER_KIND_BONUS").
const ANSWER_KIND_BONUS = 1;
// A name: capitalised words ("Dana Whitfield", "Royal Mail", "New York JFK"), repeated fewer times than this.
const NAME = /^"\p{Lu}[\p{L}.'-]*(?: [\p{L}.'&-]+)*"$/u;
/** A string stating an amount: "15 mg", "$4.2M", "45%", "3.3 km"; not an id such as "A-10534" or "x4818". */
const AMOUNT = /^"[-+]?[$€£¥]?\d[\d,.]*(?: ?[\p{L}%°µ]{1,8}\.?)?"$/u;
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** A string stating a date or a time: "2013-02-02", "2027-09-22T21:00:00Z", "22:55", "3 June 2031", "June 3, 2031". */
const DATE_OR_TIME = new RegExp(`^"(?:\\d{4}-\\d{2}(?:-\\d{2})?(?:[T ]\\d{1,2}:\\d{2}[^"]*)?|\\d{1,2}:\\d{2}(?::\\d{2})?(?: ?[ap]\\.?m\\.?)?|\\d{1,2} ${MONTH} \\d{4}|${MONTH} \\d{1,2},? \\d{4})"$`, 'iu');
/** A number that reads as a year. */
const YEAR = /^(?:1[5-9]|20)\d{2}$/u;
const NAME_REPEATS = 3;
// A value match is dropped where more than half of at least this many values at its place hold it.
const COMMON_MIN_VALUES = 4;
// Soft matching compares each unseen query word with at most this many distinct document words.
const MAX_DOCUMENT_WORDS = 20_000;

/** Smallest valid stand-in for a container: every member counted as omitted. */
function skeleton(kind: number, members: number): string {
  if (kind === OBJECT) return members ? `{"_omitted":${members}}` : '{}';
  return members ? `["[... ${members} more items]"]` : '[]';
}

const trimMarker = (kind: number, dropped: number): string => (kind === OBJECT ? `"_omitted":${dropped}` : `"[... ${dropped} more items]"`);
/** The marker of one run of left-out records, where the run was. */
const runMarker = (dropped: number): string => `"...${dropped} ${dropped === 1 ? 'item' : 'items'}"`;

function isJsonString(raw: string): boolean {
  try {
    return typeof JSON.parse(raw) === 'string';
  } catch {
    return false;
  }
}

/** The longest prefix of raw string content of at most `chars` characters that ends on an escape boundary. */
function escapeSafePrefix(content: string, chars: number): string {
  let j = 0;
  while (j < chars && j < content.length) {
    const step = content[j] === '\\' ? (content[j + 1] === 'u' ? 6 : 2) : /[\uD800-\uDBFF]/u.test(content[j]!) ? 2 : 1;
    if (j + step > chars) break;
    j += step;
  }
  return content.slice(0, j);
}

const memo = new Map<string, number>();
/** o200k tokens, memoised for the short pieces (keys, flags, small values) that repeat across a document. */
function pieceTokens(s: string): number {
  if (s.length > 48) return countTokens(s);
  let n = memo.get(s);
  if (n === undefined) {
    if (memo.size > 100_000) memo.clear();
    n = countTokens(s);
    memo.set(s, n);
  }
  return n;
}

// o200k splits a digit run into groups of up to three, so an integer's count needs no tokenizer.
const INTEGER = /^-?\d+$/u;
const integerTokens = (raw: string): number => Math.ceil((raw.length - (raw[0] === '-' ? 1 : 0)) / 3) + (raw[0] === '-' ? 1 : 0);

/**
 * Whether compact JSON of `text` could be within `target` tokens, judged from a few evenly
 * spread samples with the pretty-printing whitespace squeezed out, so that a megabyte that
 * plainly does not fit is never rendered and counted whole.
 */
function compactMayFit(text: string, target: number): boolean {
  const SAMPLES = 8;
  const SAMPLE_CHARS = 4096;
  if (text.length <= SAMPLES * SAMPLE_CHARS * 2) return true;
  let tokens = 0;
  for (let k = 0; k < SAMPLES; k++) {
    const from = Math.floor(((text.length - SAMPLE_CHARS) * k) / (SAMPLES - 1));
    tokens += countTokens(text.slice(from, from + SAMPLE_CHARS).replace(/\s*\n\s*/gu, '').replace(/([:,]) /gu, '$1'));
  }
  return (text.length * tokens) / (SAMPLES * SAMPLE_CHARS) <= target * 1.25;
}

interface Selection {
  kept: Uint8Array;
  /** Token budgets of the kept long strings that are cut (absent: kept whole). */
  stringBudgets: Map<number, number>;
  all: boolean;
  /** Values kept (scalars and empty containers): 0 is an output emptied of every value. */
  values: number;
}

/** Picks and renders the kept part of one parsed document. */
class JsonTrimmer {
  private readonly prio: Float64Array;
  private readonly unitCost: Float64Array;
  private readonly markerCost: Float64Array;
  /** Token count of each long string; 0 not yet measured, -1 not long. */
  private readonly longTokens: Float64Array;
  private readonly shortened = new Map<string, { raw: string; tokens: number }>();
  private readonly text: string;
  /** Query words a node's enclosing objects hold but it does not (what lifted it to its record). */
  private readonly contextWords: Int32Array;
  /** Query words each scalar's value (not its key) holds; 0 where they repeat a sibling's (a url slug beside the name). */
  private valueWords!: Int32Array;
  /** The weight of a set of query words (a bitmask). */
  private coverOf!: (mask: number) => number;
  /** How strongly the query names each node's own key (0: not at all); a long string so named goes whole when it fits. */
  private namedKey!: Float64Array;
  private readonly companions = new Map<string, number>();
  /** The best cover of a set of query words by one value anywhere in the document. */
  private readonly bestValueCover = new Map<number, number>();
  /** Scalars whose value holds a query word (found on the first companion search). */
  private namingValues: number[] | undefined;
  /** Nodes visited looking for companions; past COMPANION_WORK x n no more are looked for. */
  private companionWork = 0;

  constructor(
    private readonly input: FormatInput,
    private readonly tree: Tree,
  ) {
    this.text = input.text;
    this.prio = new Float64Array(tree.n);
    this.unitCost = new Float64Array(tree.n).fill(-1);
    this.markerCost = new Float64Array(tree.n).fill(-1);
    this.longTokens = new Float64Array(tree.n);
    this.contextWords = new Int32Array(tree.n);
    this.recordArray = new Uint8Array(tree.n);
    this.collection = this.collections();
    this.prevSibling = new Int32Array(tree.n).fill(-1);
    for (let i = 0; i < tree.n; i++) for (let c = i + 1, prev = -1; c <= tree.last[i]!; prev = c, c = tree.last[c]! + 1) this.prevSibling[c] = prev;
    this.rank();
  }

  /** Each member's previous sibling (-1 for a first member). */
  private readonly prevSibling: Int32Array;

  /** Per node, whether a value in its subtree holds a query word (see rank). */
  private valueHit!: Uint8Array;

  /**
   * Per node, whether it is an array of records (objects or arrays only): each run of left-out
   * records is marked where it was. Other arrays count what they leave out once, at their end: in
   * a long array of small values scattered picks cost a marker each, more than the values.
   */
  private readonly recordArray: Uint8Array;

  /** Per node, whether it is a collection: an array, or an object of COLLECTION_MIN or more records. */
  private readonly collection: Uint8Array;
  private collections(): Uint8Array {
    const { n, kind, members, last } = this.tree;
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (kind[i] === ARRAY) {
        out[i] = 1;
        let records = members[i]! > 0;
        for (let c = i + 1; c <= last[i]! && records; c = last[c]! + 1) records = isContainer(kind[c]!);
        this.recordArray[i] = records ? 1 : 0;
      } else if (kind[i] === OBJECT && members[i]! >= COLLECTION_MIN) {
        let records = true;
        for (let c = i + 1; c <= last[i]! && records; c = last[c]! + 1) records = isContainer(kind[c]!);
        out[i] = records ? 1 : 0;
      }
    }
    return out;
  }

  /** Whether a node is an item of a collection with members of its own (a record, a list). */
  private item(i: number): boolean {
    const up = this.tree.parent[i]!;
    return up >= 0 && this.collection[up] === 1 && this.tree.members[i]! > 0;
  }

  /** Estimated tokens of each whole subtree with its comma and key, long strings at full length (one pass, on first use). */
  private subtreeCosts: Float64Array | undefined;
  private subtreeCost(i: number): number {
    if (!this.subtreeCosts) {
      const { n, parent } = this.tree;
      const sub = new Float64Array(n);
      for (let x = n - 1; x >= 0; x--) {
        sub[x]! += this.longSize(x) > 0 ? this.wholeCost(x) : this.cost(x);
        if (x > 0) sub[parent[x]!]! += sub[x]!;
      }
      this.subtreeCosts = sub;
    }
    return this.subtreeCosts[i]!;
  }

  private raw(i: number): string {
    return this.text.slice(this.tree.start[i]!, this.tree.end[i]!);
  }

  private keyRaw(i: number): string {
    const keyEnd = this.tree.keyEnd[i]!;
    return keyEnd < 0 ? '' : this.text.slice(this.tree.unitStart[i]!, keyEnd);
  }

  /**
   * Keep priorities: the model's score, the query's words (in keys above all, in values too), cheap
   * scalars; a container ranks by its best member plus the query words found anywhere inside it.
   */
  private rank(): void {
    const { tree, input } = this;
    const { n, kind, parent } = tree;
    const { keyWeight, ownMask, keyMask, weights } = this.queryMatches();
    this.namedKey = keyWeight;
    const pathBonus = new Float64Array(n);
    const base = new Float64Array(n);
    const asks = this.askedKind();
    for (let i = 0; i < n; i++) {
      // A key the question names pulls up everything under it, less with every level down.
      pathBonus[i] = keyWeight[i]! + (i > 0 ? 0.5 * pathBonus[parent[i]!]! : 0);
      const k = kind[i]!;
      // Numbers, flags and short strings cost a few tokens and usually carry the answer.
      const cheap = k === NUMBER || k === LITERAL || (k === STRING && tree.end[i]! - tree.start[i]! <= 80);
      base[i] = input.score({ start: tree.unitStart[i]!, end: tree.end[i]! }) + pathBonus[i]! + (cheap ? 0.1 : 0) + (asks(i) ? ANSWER_KIND_BONUS : 0);
    }
    const coverOf = (mask: number): number => {
      let c = 0;
      for (let m = mask, b = 0; m !== 0; m >>>= 1, b++) if (m & 1) c += weights[b]!;
      return c;
    };
    this.coverOf = coverOf;
    const top1 = new Float64Array(n).fill(-Infinity);
    const top2 = new Float64Array(n).fill(-Infinity);
    const mask = Int32Array.from(ownMask);
    const bestMemberCover = new Float64Array(n);
    const prio = this.prio;
    const repeats = this.repeatsSibling(ownMask);
    this.valueWords = ownMask.map((m, i) => (isContainer(kind[i]!) || repeats[i] ? 0 : m & ~keyMask[i]!));
    for (let i = n - 1; i >= 0; i--) {
      const cover = mask[i] === 0 ? 0 : (repeats[i] ? CONTEXT_SHARE : 1) * coverOf(mask[i]!);
      // Opening a container only costs its braces; it ranks by what it leads to, slightly less
      // than its best member so that member follows it at once, plus the query words found inside
      // that no single member holds: of two records holding a named "license", the one that also
      // names the package wins.
      const p = tree.members[i]! === 0 ? base[i]! + cover : Math.max(base[i]!, 0.9 * top1[i]! + 0.05 * Math.max(0, top2[i]!)) + cover - bestMemberCover[i]!;
      prio[i] = p;
      if (i === 0) break;
      const up = parent[i]!;
      mask[up]! |= mask[i]!;
      if (cover > bestMemberCover[up]!) bestMemberCover[up] = cover;
      if (p > top1[up]!) {
        top2[up] = top1[up]!;
        top1[up] = p;
      } else if (p > top2[up]!) top2[up] = p;
    }
    // A chosen container's members share its rank in part (a record picked for the query keeps more than
    // its best field), keeping their own order beneath it. A value also ranks by the query words its
    // entity (the chain of enclosing objects; for an array item only the array's key) holds elsewhere.
    // Items holding a query word in a value rank above every other item, so they go whole first.
    this.valueHit = new Uint8Array(n);
    for (let i = n - 1; i > 0; i--) {
      if (this.valueWords[i] !== 0) this.valueHit[i] = 1;
      if (this.valueHit[i]) this.valueHit[parent[i]!] = 1;
    }
    const context = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      const up = parent[i]!;
      context[i] = context[up]! | (kind[up] === OBJECT ? mask[up]! & ~mask[i]! : ownMask[up]!);
      const extra = context[i]! & ~mask[i]!;
      this.contextWords[i] = extra;
      if (extra !== 0) prio[i] = prio[i]! + CONTEXT_SHARE * coverOf(extra);
      const floor = 0.8 * prio[up]!;
      if (prio[i]! < floor) prio[i] = floor + INHERITED_OWN_SHARE * prio[i]!;
    }
    // The bonus shifts a relevant item's whole subtree, so its fields keep their order among themselves.
    const inRelevant = new Uint8Array(n);
    for (let i = 1; i < n; i++) {
      inRelevant[i] = inRelevant[parent[i]!]! || (this.valueHit[i] && this.item(i) ? 1 : 0);
      if (inRelevant[i]) prio[i] = prio[i]! + RELEVANT_ITEM_BONUS;
    }
  }

  /**
   * Scalars of an object that hold no query word a shorter sibling does not also hold: a record's
   * url slug or etag beside its name. They repeat what identifies the record, so their query words
   * count as its context (as for the record's other fields), not as their own; at full weight a
   * url took the budget the field asked about needed.
   */
  private repeatsSibling(ownMask: Int32Array): Uint8Array {
    const { tree } = this;
    const { n, kind, parent, members } = tree;
    const out = new Uint8Array(n);
    const groups = new Map<number, number[]>();
    for (let i = 1; i < n; i++) {
      if (ownMask[i] === 0 || members[i]! > 0 || kind[parent[i]!] !== OBJECT) continue;
      const g = groups.get(parent[i]!);
      if (g) g.push(i);
      else groups.set(parent[i]!, [i]);
    }
    const size = (i: number) => tree.end[i]! - tree.unitStart[i]!;
    for (const g of groups.values()) {
      if (g.length < 2 || g.length > MAX_SIBLINGS_COMPARED) continue;
      for (const j of g) {
        out[j] = g.some((k) => k !== j && (ownMask[j]! & ~ownMask[k]!) === 0 && (size(k) < size(j) || (size(k) === size(j) && k < j))) ? 1 : 0;
      }
    }
    return out;
  }

    /**
     * Whether a value is of the kind the question asks for, as in the text path (`answerKind`): an amount
     * (a number, or "15 mg"), a date or time (or a year), a name (capitalised words, not a label most records
     * repeat). Ids, etags and timestamps are not amounts: counted as such, they took the bonus.
     */
  private askedKind(): (i: number) => boolean {
    const { tree } = this;
    const { n, kind } = tree;
    const wanted = this.input.query ? answerKind(this.input.query) : 'any';
    if (wanted === 'any') return () => false;
    const short = (i: number, chars: number) => tree.end[i]! - tree.start[i]! <= chars;
    if (wanted === 'quantity') return (i) => kind[i] === NUMBER || (kind[i] === STRING && short(i, 40) && AMOUNT.test(this.raw(i)));
    if (wanted === 'time') return (i) => (kind[i] === NUMBER && YEAR.test(this.raw(i))) || (kind[i] === STRING && short(i, 40) && DATE_OR_TIME.test(this.raw(i)));
    const seen = new Map<string, number>();
    for (let i = 0; i < n; i++) if (kind[i] === STRING && short(i, 64)) seen.set(this.raw(i), (seen.get(this.raw(i)) ?? 0) + 1);
    return (i) => kind[i] === STRING && short(i, 64) && NAME.test(this.raw(i)) && seen.get(this.raw(i))! < NAME_REPEATS;
  }

    /**
     * Which query words each node's key and (scalar) value hold, as a bitmask over the first 30 query
     * words, each weighing 0.5 plus up to 0.5 the rarer it is among the nodes, times its match share
     * (1 literal, less soft). `keyWeight`: the best (1 + rarity) x share of the words a key names, else 0.
     */
  private queryMatches(): { keyWeight: Float64Array; ownMask: Int32Array; keyMask: Int32Array; weights: number[] } {
    const { tree } = this;
    const n = tree.n;
    const keyWeight = new Float64Array(n);
    const ownMask = new Int32Array(n);
    const keyMask = new Int32Array(n);
    const asked = [...new Map(matchTerms(this.input.query ?? '').map((t) => [t.key, t.word])).entries()].slice(0, 30);
    if (asked.length === 0) return { keyWeight, ownMask, keyMask, weights: [] };
    // Match key -> the query words (bits) it stands for; near words join it for the soft pass.
    const bit = new Map(asked.map(([key], k) => [key, 1 << k]));
    const scale = asked.map(() => 1);
    let df = this.matchNodes(bit, asked.length, keyMask, ownMask);
    const soft = this.input.soft;
    const vectors = soft && soft.weight > 0 && df.some((d) => d === 0) ? soft.vectors() : undefined;
    if (vectors) {
      // A query word the document never uses ("cost" asked of `price_per_night`) matches the
      // document's nearest words instead, at a share of a literal match.
      const unseen = asked.map((_, b) => b).filter((b) => df[b] === 0);
      const near = nearestWords(unseen.map((b) => asked[b]![1]), this.documentWords(), vectors, soft!.threshold);
      unseen.forEach((b, u) => {
        const found = near[u];
        if (!found) return;
        for (const key of found.keys) bit.set(key, (bit.get(key) ?? 0) | (1 << b));
        scale[b] = Math.min(1, soft!.weight * found.nearness);
      });
      if (near.some(Boolean)) df = this.matchNodes(bit, asked.length, keyMask, ownMask);
    }
    this.dropCommonValueMatches(keyMask, ownMask, df);
    let texts = 0;
    for (let i = 0; i < n; i++) if (tree.keyEnd[i]! >= 0 || tree.kind[i] === STRING) texts++;
    const norm = Math.log(1 + texts);
    const rarity = df.map((d) => (d > 0 ? Math.log(1 + texts / d) / norm : 0));
    for (let i = 0; i < n; i++) {
      let best = 0;
      for (let m = keyMask[i]!, b = 0; m !== 0; m >>>= 1, b++) if (m & 1) best = Math.max(best, scale[b]! * (1 + rarity[b]!));
      keyWeight[i] = best;
    }
    return { keyWeight, ownMask, keyMask, weights: rarity.map((r, b) => scale[b]! * (0.5 + 0.5 * r)) };
  }

    /**
     * Clears a query word's match in values where most values at the same key path (array positions left
     * out) hold it: `"state": "open"` of 18 issues of 24 does not tell which issue "Who opened issue 42?"
     * asks for. Keys are left alone (a key the question names is the field it asks for). Updates `df`.
     */
  private dropCommonValueMatches(keyMask: Int32Array, ownMask: Int32Array, df: number[]): void {
    const { tree } = this;
    const { n, parent, kind } = tree;
    const valueBits = (i: number) => (isContainer(kind[i]!) ? 0 : ownMask[i]! & ~keyMask[i]!);
    let matched = false;
    for (let i = 1; i < n && !matched; i++) matched = valueBits(i) !== 0;
    if (!matched) return;
    // Nodes are in preorder, so a node's parent has its place already.
    const place = new Int32Array(n);
    const places = new Map<string, number>();
    for (let i = 1; i < n; i++) {
      const up = parent[i]!;
      const name = `${place[up]}/${kind[up] === ARRAY ? '[]' : this.keyRaw(i)}`;
      let id = places.get(name);
      if (id === undefined) places.set(name, (id = places.size + 1));
      place[i] = id;
    }
    // Per place: how many scalar values, and how many hold each query word (32 slots a place).
    const values: number[] = [];
    const holding: number[] = [];
    for (let i = 1; i < n; i++) {
      if (isContainer(kind[i]!)) continue;
      const p = place[i]!;
      values[p] = (values[p] ?? 0) + 1;
      for (let m = valueBits(i), b = 0; m !== 0; m >>>= 1, b++) if (m & 1) holding[32 * p + b] = (holding[32 * p + b] ?? 0) + 1;
    }
    for (let i = 1; i < n; i++) {
      const m = valueBits(i);
      if (m === 0) continue;
      const p = place[i]!;
      if (values[p]! < COMMON_MIN_VALUES) continue;
      for (let b = 0; 1 << b <= m; b++) {
        if (!(m & (1 << b)) || holding[32 * p + b]! <= values[p]! / 2) continue;
        ownMask[i] = ownMask[i]! & ~(1 << b);
        df[b]!--;
      }
    }
  }

  /** Fills each node's key mask and own mask (key and scalar value) for `bit`; returns each query bit's node count. */
  private matchNodes(bit: ReadonlyMap<string, number>, bits: number, keyMask: Int32Array, ownMask: Int32Array): number[] {
    const { tree } = this;
    const needles = [...bit.keys()];
    const df = new Array<number>(bits).fill(0);
    const maskMemo = new Map<string, number>();
    const maskOf = (raw: string): number => {
      let m = maskMemo.get(raw);
      if (m !== undefined) return m;
      m = 0;
      const lower = raw.toLowerCase();
      // Match keys are lower-case stems, so a word can only match where its stem occurs as is.
      if (needles.some((w) => lower.includes(w))) for (const w of matchWords(raw.replace(/\\[nrtbf]/gu, ' '))) m |= bit.get(w) ?? 0;
      if (raw.length <= 64) maskMemo.set(raw, m);
      return m;
    };
    for (let i = 0; i < tree.n; i++) {
      keyMask[i] = tree.keyEnd[i]! >= 0 ? maskOf(this.keyRaw(i)) : 0;
      let m = keyMask[i]!;
      if (!isContainer(tree.kind[i]!) && tree.end[i]! - tree.start[i]! <= 512) m |= maskOf(this.raw(i));
      ownMask[i] = m;
      for (let b = 0; m !== 0; m >>>= 1, b++) if (m & 1) df[b]!++;
    }
    return df;
  }

  /** Distinct words of the document's keys and short strings (what a query word can be near), by match key. */
  private documentWords(): Map<string, string> {
    const { tree } = this;
    const out = new Map<string, string>();
    for (let i = 0; i < tree.n && out.size < MAX_DOCUMENT_WORDS; i++) {
      if (tree.keyEnd[i]! >= 0) for (const t of matchTerms(this.keyRaw(i))) out.set(t.key, t.word);
      if (tree.kind[i] === STRING && tree.end[i]! - tree.start[i]! <= 64) for (const t of matchTerms(this.raw(i))) out.set(t.key, t.word);
    }
    return out;
  }

  /** Token count of a string node long enough to be shortened, else 0. */
  private longSize(i: number): number {
    if (this.tree.kind[i] !== STRING || this.tree.end[i]! - this.tree.start[i]! <= LONG_STRING_TOKENS) return 0;
    if (this.longTokens[i] === 0) {
      const raw = this.raw(i);
      // The text engine cuts only at whitespace: a hash, URL or base64 blob is kept or dropped whole.
      const t = /\s/u.test(raw) ? countTokens(raw) : 0;
      this.longTokens[i] = t > LONG_STRING_TOKENS ? t : -1;
    }
    return Math.max(0, this.longTokens[i]!);
  }

  /** A long string cut to about `budget` tokens by the text engine, as a valid JSON string literal. */
  shorten(i: number, budget: number): { raw: string; tokens: number } {
    const memoKey = `${i}:${budget}`;
    const hit = this.shortened.get(memoKey);
    if (hit) return hit;
    const span: Span = { start: this.tree.start[i]! + 1, end: this.tree.end[i]! - 1 };
    const content = this.text.slice(span.start, span.end);
    // compressSpan cuts only at whitespace and JSON escapes hold none, so kept runs stay valid
    // string content; the engine may join runs with a line break, which JSON must escape.
    let kept = this.input.compressSpan(span, budget).replace(/[\u0000-\u001f]+/gu, ' ');
    if (this.input.placeholders && kept !== content) {
      const pieces = kept.split(PLACEHOLDER);
      const head = pieces[0]!.trimEnd();
      const tail = pieces.at(-1)!.trimStart();
      if (head && !content.startsWith(head)) kept = `${PLACEHOLDER} ${kept}`;
      if (tail && !content.endsWith(tail)) kept = `${kept} ${PLACEHOLDER}`;
    }
    let raw = `"${kept}"`;
    if (!isJsonString(raw)) {
      const total = this.longSize(i) || countTokens(content);
      const prefix = escapeSafePrefix(content, Math.floor((content.length * budget) / Math.max(1, total)));
      raw = `"${prefix}${this.input.placeholders ? ` ${PLACEHOLDER}` : ''}"`;
      if (!isJsonString(raw)) raw = '""';
    }
    const out = { raw, tokens: kept === content ? this.longSize(i) || countTokens(raw) : countTokens(raw) };
    this.shortened.set(memoKey, out);
    return out;
  }

  /** Estimated tokens of a member with its comma and key: a container's braces, a scalar whole, a long string at preview size. */
  private cost(i: number): number {
    const cached = this.unitCost[i]!;
    if (cached >= 0) return cached;
    const k = this.tree.kind[i]!;
    const prefix = this.memberPrefix(i);
    let c: number;
    if (isContainer(k)) c = pieceTokens(prefix + (k === OBJECT ? '{' : '[')) + 1;
    else if (k === NUMBER && INTEGER.test(this.raw(i))) c = pieceTokens(prefix) + integerTokens(this.raw(i));
    else {
      const long = this.longSize(i);
      c = long > 0 ? pieceTokens(prefix) + this.shorten(i, Math.min(long, PREVIEW_TOKENS)).tokens : pieceTokens(prefix + this.raw(i));
    }
    this.unitCost[i] = c;
    return c;
  }

  /** What a member is written after: the comma, and its key and colon in an object. */
  private memberPrefix(i: number): string {
    return `,${this.keyRaw(i)}${this.tree.keyEnd[i]! >= 0 ? ':' : ''}`;
  }

  /** Estimated tokens of a long string member kept whole, with its comma and key. */
  private wholeCost(i: number): number {
    return pieceTokens(this.memberPrefix(i)) + this.longSize(i) + 1;
  }

  /** Estimated tokens of a container's trim marker while any member is left out. */
  private marker(i: number): number {
    const cached = this.markerCost[i]!;
    if (cached >= 0) return cached;
    const m = this.tree.members[i]!;
    const c = m === 0 ? 0 : pieceTokens(`,${trimMarker(this.tree.kind[i]!, m)}`);
    this.markerCost[i] = c;
    return c;
  }

  /**
   * What names a value's record when the value itself names nothing the query asks about: the
   * short scalar of the nearest enclosing object whose value holds the query words the value was
   * ranked for (the hotel's name beside the price asked about), and only when no value in the
   * document holds more of them (not "web-03" for a question about "web-01"). -1 when there is none.
   */
  private companion(i: number): number {
    const words = this.contextWords[i]!;
    if (words === 0 || this.valueWords[i] !== 0 || this.companionWork > COMPANION_WORK * this.tree.n) return -1;
    const { kind, parent, last, start, end } = this.tree;
    for (let up = parent[i]!; up >= 0; up = parent[up]!) {
      if (kind[up] !== OBJECT) continue;
      const memo = `${up}:${words}`;
      let best = this.companions.get(memo);
      if (best === undefined) {
        best = -1;
        let bestCover = 0;
        for (let j = up + 1; j <= last[up]!; j = last[j]! + 1) {
          this.companionWork++;
          const shared = this.valueWords[j]! & words;
          if (shared === 0 || end[j]! - start[j]! > COMPANION_CHARS) continue;
          const cover = this.coverOf(shared);
          if (cover > bestCover || (cover === bestCover && best >= 0 && end[j]! - start[j]! < end[best]! - start[best]!)) [best, bestCover] = [j, cover];
        }
        if (best >= 0 && bestCover < this.documentBest(words) - 1e-9) best = -1;
        this.companions.set(memo, best);
      }
      if (best >= 0) return best;
    }
    return -1;
  }

  /** The best cover of `words` by one value anywhere in the document. */
  private documentBest(words: number): number {
    let best = this.bestValueCover.get(words);
    if (best === undefined) {
      this.namingValues ??= [...this.valueWords.keys()].filter((j) => this.valueWords[j] !== 0);
      best = 0;
      for (const j of this.namingValues) if (this.valueWords[j]! & words) best = Math.max(best, this.coverOf(this.valueWords[j]! & words));
      this.companionWork += this.namingValues.length;
      this.bestValueCover.set(words, best);
    }
    return best;
  }

    /**
     * Greedy fill in priority order from the root down, within `budget` estimated tokens. A container is
     * written only with a member in it (opened on their own rank, records were written empty). A value
     * taken for its record's query words brings the member holding them (`companion`) when both fit.
     */
  select(budget: number): Selection {
    const { tree } = this;
    const { n, last, members, parent } = tree;
    const kept = new Uint8Array(n);
    const keptMembers = new Int32Array(n);
    const frontier = new Frontier(this.prio);
    const expand = (i: number) => {
      for (let c = i + 1; c <= last[i]!; c = last[c]! + 1) frontier.push(c);
    };
    let used = 2 + this.marker(0);
    kept[0] = 1;
    expand(0);
    let keptCount = 1;
    let misses = 0;
    /** The value (`whole`: a long string at full length) and every container above it not yet written, innermost first, and what writing them costs. */
    const chainOf = (i: number, chain: number[], whole = false): number => {
      chain.length = 0;
      for (let x = i; !kept[x]; x = parent[x]!) chain.push(x);
      let c = 0;
      for (let k = 0; k < chain.length; k++) {
        const x = chain[k]!;
        const up = parent[x]!;
        c += (k === 0 && whole ? this.wholeCost(x) : this.cost(x)) + this.marker(x);
        if (this.recordArray[up]) {
          // An array marks each run of left-out items: keeping one splits its run, shortens it or closes it.
          const before = this.prevSibling[x]!;
          const after = last[x]! + 1 <= last[up]! ? last[x]! + 1 : -1;
          const left = before >= 0 && !kept[before];
          const right = after >= 0 && !kept[after];
          if (left && right) c += this.marker(up);
          else if (!left && !right) c -= this.marker(up);
        } else {
          // The object's marker goes away with its last missing member.
          const upMembers = (k + 1 < chain.length ? 0 : keptMembers[up]!) + 1;
          if (upMembers === members[up]!) c -= this.marker(up);
        }
      }
      return c;
    };
    const write = (chain: readonly number[]) => {
      for (const x of chain) {
        kept[x] = 1;
        keptMembers[parent[x]!]!++;
        keptCount++;
      }
    };
    const chain: number[] = [];
    const withIt: number[] = [];
    const wholeStrings = new Set<number>();
    while (frontier.size > 0 && misses < MAX_MISSES && used < budget) {
      const i = frontier.pop();
      if (members[i]! > 0 && !kept[i] && this.item(i)) {
        const whole = this.subtreeCost(i);
        if (whole <= ITEM_SHARE * budget) {
          // A record goes whole or not at all: its chain without its own braces and marker, plus the whole subtree.
          const c = chainOf(i, chain) - this.cost(i) - this.marker(i) + whole;
          if (used + c > budget) {
            misses++;
            continue;
          }
          misses = 0;
          used += c;
          write(chain);
          for (let x = i + 1; x <= last[i]!; x++) {
            kept[x] = 1;
            keptMembers[parent[x]!]!++;
            keptCount++;
            if (this.longSize(x) > 0) wholeStrings.add(x);
          }
          continue;
        }
        // Too large to go whole: opened only when it holds what the question asks for (or nothing
        // in the document does), so the other records leave no stubs.
        if (this.valueHit[0] && !this.valueHit[i]) continue;
      }
      if (members[i]! > 0) {
        expand(i);
        continue;
      }
      if (kept[i]) continue;
      // A long string the question names goes whole when it fits, else at preview size like the rest.
      let whole = this.namedKey[i]! > 0 && this.longSize(i) > 0;
      let c = chainOf(i, chain, whole);
      if (whole && used + c > budget) [whole, c] = [false, chainOf(i, chain)];
      if (used + c > budget) {
        misses++;
        continue;
      }
      misses = 0;
      used += c;
      write(chain);
      if (whole) wholeStrings.add(i);
      const j = this.companion(i);
      if (j < 0 || kept[j]) continue;
      const cj = chainOf(j, withIt);
      if (used + cj <= budget) {
        used += cj;
        write(withIt);
      }
    }
    // A run of left-out items that costs no more than its marker is kept instead: scattered
    // picks in a long array of small values were one `"...1 item"` per value.
    for (let up = 0; up < n; up++) {
      if (!kept[up] || !this.recordArray[up] || keptMembers[up] === 0) continue;
      for (let c = up + 1; c <= last[up]!; ) {
        if (kept[c]) {
          c = last[c]! + 1;
          continue;
        }
        let end = c;
        let cost = 0;
        for (; end <= last[up]! && !kept[end]; end = last[end]! + 1) cost += this.subtreeCost(end);
        if (cost <= this.marker(up)) {
          for (let x = c; x < end; x++) {
            kept[x] = 1;
            keptMembers[parent[x]!]!++;
            keptCount++;
            if (this.longSize(x) > 0) wholeStrings.add(x);
          }
          used += cost - this.marker(up);
        }
        c = end;
      }
    }
    // What is left lengthens the kept long strings, in proportion to what each still misses.
    let all = keptCount === n;
    const stringBudgets = new Map<number, number>();
    const longKept: number[] = [];
    let missing = 0;
    for (let i = 0; i < n; i++) {
      if (!kept[i] || this.longSize(i) === 0 || wholeStrings.has(i)) continue;
      longKept.push(i);
      missing += this.longSize(i) - PREVIEW_TOKENS;
    }
    const spare = Math.max(0, budget - used);
    for (const i of longKept) {
      const full = this.longSize(i);
      const extra = missing > 0 ? Math.floor((spare * (full - PREVIEW_TOKENS)) / missing) : 0;
      const b = Math.min(full, PREVIEW_TOKENS + extra);
      if (b < full) {
        stringBudgets.set(i, b);
        all = false;
      }
    }
    let values = 0;
    for (let i = 0; i < n; i++) if (kept[i] && members[i] === 0) values++;
    return { kept, stringBudgets, all, values };
  }

  /**
   * The best-ranked value alone with the containers above it: what a budget too small for any
   * value still gets, so that a structure is never emptied of every value (`{"a":1,"b":[1,2,3]}`
   * at half its size became `{"_omitted":2}`). Over the target; the engine returns the input
   * instead when this is no shorter.
   */
  private oneValue(best: number): Selection {
    const { n, parent } = this.tree;
    const kept = new Uint8Array(n);
    for (let x = best; x >= 0; x = parent[x]!) kept[x] = 1;
    const stringBudgets = new Map<number, number>();
    const long = this.longSize(best);
    if (long > PREVIEW_TOKENS) stringBudgets.set(best, PREVIEW_TOKENS);
    return { kept, stringBudgets, all: false, values: 1 };
  }

  /** Compact JSON of the kept tree (all of it without a selection), trimmed containers marked. */
  render(sel: Selection | undefined): string {
    const { tree, text } = this;
    const { n, kind, last } = tree;
    const out: string[] = [];
    // Open containers with how many members each has written and dropped so far.
    const stack: number[] = [];
    const wrote: number[] = [];
    const dropped: number[] = [];
    const close = () => {
      const c = stack.pop()!;
      const w = wrote.pop()!;
      const d = dropped.pop()!;
      const marker = this.recordArray[c] ? runMarker(d) : trimMarker(kind[c]!, d);
      if (d > 0) out.push(w > 0 ? `,${marker}` : marker);
      out.push(kind[c] === OBJECT ? '}' : ']');
    };
    for (let i = 0; i < n; ) {
      while (stack.length > 0 && last[stack[stack.length - 1]!]! < i) close();
      const top = stack.length - 1;
      if (sel && !sel.kept[i]) {
        dropped[top]!++;
        i = last[i]! + 1;
        continue;
      }
      // In an array each run of left-out items is marked where it was; an object counts them at its end.
      if (top >= 0 && dropped[top]! > 0 && this.recordArray[stack[top]!]) {
        out.push(wrote[top]!++ > 0 ? ',' : '', runMarker(dropped[top]!));
        dropped[top] = 0;
      }
      if (top >= 0) {
        if (wrote[top]!++ > 0) out.push(',');
        if (tree.keyEnd[i]! >= 0) out.push(this.keyRaw(i), ':');
      }
      const k = kind[i]!;
      if (isContainer(k)) {
        out.push(k === OBJECT ? '{' : '[');
        stack.push(i);
        wrote.push(0);
        dropped.push(0);
      } else {
        const b = sel?.stringBudgets.get(i);
        out.push(b === undefined ? text.slice(tree.start[i]!, tree.end[i]!) : this.shorten(i, b).raw);
      }
      i++;
    }
    while (stack.length > 0) close();
    return out.join('');
  }

  /** The kept tree closest to `target` tokens from below, measured on the rendered output. */
  fit(target: number): string {
    if (compactMayFit(this.text, target)) {
      const compact = this.render(undefined);
      if (countTokens(compact) <= target) return compact;
    }
    let best: { out: string; tokens: number; values: number } | undefined;
    let budget = target;
    const tried = new Set<number>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const sel = this.select(budget);
      const out = this.render(sel);
      const t = countTokens(out);
      tried.add(budget);
      if (t <= target && (!best || t > best.tokens)) best = { out, tokens: t, values: sel.values };
      if (t <= target && (t >= 0.97 * target || sel.all)) break;
      // Piece sums and the real count differ by a near-constant factor: scale the budget by it,
      // aiming a little low so that the next round lands inside the window rather than past it.
      const next = Math.floor((budget * 0.99 * target) / Math.max(1, t));
      if (next < 1 || tried.has(next)) break;
      budget = next;
    }
    while (!best && budget >= 2) {
      budget = Math.floor(budget / 2);
      const sel = this.select(budget);
      const out = this.render(sel);
      const t = countTokens(out);
      if (t <= target) best = { out, tokens: t, values: sel.values };
    }
    if (!best || best.values === 0) {
      // The best-ranked values first; the first that fits the slack with its containers.
      const { n, members } = this.tree;
      const values = [];
      for (let i = 1; i < n; i++) if (members[i] === 0) values.push(i);
      values.sort((a, b) => this.prio[b]! - this.prio[a]! || a - b);
      for (const i of values.slice(0, ONE_VALUE_TRIES)) {
        const out = this.render(this.oneValue(i));
        if (countTokens(out) <= target + ONE_VALUE_SLACK) return out;
      }
    }
    return best?.out ?? skeleton(this.tree.kind[0]!, this.tree.members[0]!);
  }
}

/**
 * JSON in, compact JSON out, always parseable: arrays keep their best items (and say how many
 * went), objects their best keys (query-named first, `"_omitted": N` for the rest), long strings
 * are shortened by the text engine; the budget is met by measuring the rendered output.
 */
export const compressJson: FormatCompressor = (input) => {
  try {
    JSON.parse(input.text);
  } catch {
    // Not JSON after all: the text engine's cut, as one JSON string.
    return JSON.stringify(input.compressSpan({ start: 0, end: input.text.length }, input.targetTokens));
  }
  const tree = parseTree(input.text);
  const trimmer = new JsonTrimmer(input, tree);
  const target = Math.max(1, input.targetTokens);
  const rootKind = tree.kind[0]!;
  let out: string;
  if (isContainer(rootKind)) out = trimmer.fit(target);
  else {
    const raw = input.text.slice(tree.start[0]!, tree.end[0]!);
    out = rootKind !== STRING || countTokens(raw) <= target ? raw : trimmer.shorten(0, target).raw;
  }
  try {
    JSON.parse(out);
    return out;
  } catch {
    return isContainer(rootKind) ? skeleton(rootKind, tree.members[0]!) : 'null';
  }
};
