import { answerKind } from '../score/answer-kind.js';
import type { FormatInput } from './format-input.js';
import { ARRAY, isContainer, LITERAL, NUMBER, OBJECT, STRING, type Tree } from './json-tree.js';
import { matchTerms, matchWords, nearestWords } from './query-terms.js';

// An object whose members are all objects or arrays, at least this many, is a collection of
// records (a lockfile's `packages`, a map of ids to records).
const COLLECTION_MIN = 4;
// Rank added to an item holding a query word in a value: above any item without one.
const RELEVANT_ITEM_BONUS = 4;
// A member lifted to its chosen container's share keeps this much of its own rank, so the
// members still order among themselves (small: a member ranked above the share on its own still leads).
const INHERITED_OWN_SHARE = 0.01;
// Share of the query words a value's enclosing entity matches (but the value does not) in its rank (docs/tuning.md, "JSON CONTEXT_SHARE").
const CONTEXT_SHARE = 0.5;
// Scalars of one object compared for repeated query words (pairwise): larger objects skip the check.
const MAX_SIBLINGS_COMPARED = 64;
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

/** Which containers hold records: what a left-out run is marked as, and what goes whole or not at all. */
export interface JsonShape {
  /**
   * Per node, whether it is an array of records (objects or arrays only): each run of left-out
   * records is marked where it was. Other arrays count what they leave out once, at their end.
   */
  recordArray: Uint8Array;
  /** Per node, whether it is a collection: an array, or an object of COLLECTION_MIN or more records. */
  collection: Uint8Array;
}

export function shapeOf(tree: Tree): JsonShape {
  const { n, kind, members, last } = tree;
  const collection = new Uint8Array(n);
  const recordArray = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (kind[i] === ARRAY) {
      collection[i] = 1;
      let records = members[i]! > 0;
      for (let c = i + 1; c <= last[i]! && records; c = last[c]! + 1) records = isContainer(kind[c]!);
      recordArray[i] = records ? 1 : 0;
    } else if (kind[i] === OBJECT && members[i]! >= COLLECTION_MIN) {
      let records = true;
      for (let c = i + 1; c <= last[i]! && records; c = last[c]! + 1) records = isContainer(kind[c]!);
      collection[i] = records ? 1 : 0;
    }
  }
  return { recordArray, collection };
}

/** Whether a node is an item of a collection with members of its own (a record, a list). */
export function isItem(tree: Tree, shape: JsonShape, i: number): boolean {
  const up = tree.parent[i]!;
  return up >= 0 && shape.collection[up] === 1 && tree.members[i]! > 0;
}

/** How much each node of a parsed document is worth keeping for the query, and why. */
export interface JsonRanking {
  /** Keep priority of each node. */
  prio: Float64Array;
  /** How strongly the query names each node's own key (0: not at all); a long string so named goes whole when it fits. */
  namedKey: Float64Array;
  /** The weight of a set of query words (a bitmask). */
  coverOf: (mask: number) => number;
  /** Query words each scalar's value (not its key) holds; 0 where they repeat a sibling's (a url slug beside the name). */
  valueWords: Int32Array;
  /** Per node, whether a value in its subtree holds a query word. */
  valueHit: Uint8Array;
  /** Query words a node's enclosing objects hold but it does not (what lifted it to its record). */
  contextWords: Int32Array;
}

export function rankJson(input: FormatInput, tree: Tree, shape: JsonShape): JsonRanking {
  return new JsonRanker(input, tree, shape).rank();
}

class JsonRanker {
  private readonly text: string;

  constructor(
    private readonly input: FormatInput,
    private readonly tree: Tree,
    private readonly shape: JsonShape,
  ) {
    this.text = input.text;
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
  rank(): JsonRanking {
    const { tree, input } = this;
    const { n, kind, parent } = tree;
    const { keyWeight, ownMask, keyMask, weights } = this.queryMatches();
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
    const top1 = new Float64Array(n).fill(-Infinity);
    const top2 = new Float64Array(n).fill(-Infinity);
    const mask = Int32Array.from(ownMask);
    const bestMemberCover = new Float64Array(n);
    const prio = new Float64Array(n);
    const repeats = this.repeatsSibling(ownMask);
    const valueWords = ownMask.map((m, i) => (isContainer(kind[i]!) || repeats[i] ? 0 : m & ~keyMask[i]!));
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
    const valueHit = new Uint8Array(n);
    for (let i = n - 1; i > 0; i--) {
      if (valueWords[i] !== 0) valueHit[i] = 1;
      if (valueHit[i]) valueHit[parent[i]!] = 1;
    }
    const context = new Int32Array(n);
    const contextWords = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      const up = parent[i]!;
      context[i] = context[up]! | (kind[up] === OBJECT ? mask[up]! & ~mask[i]! : ownMask[up]!);
      const extra = context[i]! & ~mask[i]!;
      contextWords[i] = extra;
      if (extra !== 0) prio[i] = prio[i]! + CONTEXT_SHARE * coverOf(extra);
      const floor = 0.8 * prio[up]!;
      if (prio[i]! < floor) prio[i] = floor + INHERITED_OWN_SHARE * prio[i]!;
    }
    // The bonus shifts a relevant item's whole subtree, so its fields keep their order among themselves.
    const inRelevant = new Uint8Array(n);
    for (let i = 1; i < n; i++) {
      inRelevant[i] = inRelevant[parent[i]!]! || (valueHit[i] && isItem(tree, this.shape, i) ? 1 : 0);
      if (inRelevant[i]) prio[i] = prio[i]! + RELEVANT_ITEM_BONUS;
    }
    return { prio, namedKey: keyWeight, coverOf, valueWords, valueHit, contextWords };
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
}
