import { PLACEHOLDER } from '../assemble/assemble.js';
import type { Span } from '../split/segment.js';
import { countTokens } from '../text/tokens.js';
import { compactMayFit, escapeSafePrefix, integerTokens, INTEGER, isJsonString, pieceTokens, runMarker, skeleton, trimMarker } from './json-pieces.js';
import type { FormatCompressor, FormatInput } from './format-input.js';
import { Frontier } from './frontier.js';
import { isContainer, NUMBER, OBJECT, parseTree, STRING, type Tree } from './json-tree.js';
import { isItem, type JsonRanking, type JsonShape, rankJson, shapeOf } from './json-rank.js';
import { renderJson, type Selection } from './json-render.js';

// Strings longer than this are shortened with the text engine instead of kept or dropped whole.
const LONG_STRING_TOKENS = 40;
// What a long string gets while the tree is filled; the budget left over then lengthens them.
const PREVIEW_TOKENS = 24;
// The greedy fill stops after this many units in a row did not fit: with 100k array items left
// and the budget spent, trying every one of them only burns time.
const MAX_MISSES = 256;
// An item of a collection (json-rank.ts `isItem`) costing up to this share of the budget is kept
// whole or left out: a record cut to `{"license":"MIT","_omitted":3}` answers nothing and costs a
// marker. Larger items are opened like any container.
const ITEM_SHARE = 0.5;
// A value alone with its containers may exceed the target by this many tokens rather than leave a
// structure without any value; deep inside a document it costs more and the skeleton stands.
const ONE_VALUE_SLACK = 8;
const ONE_VALUE_TRIES = 8;
// Estimate-then-measure rounds; the estimate is a sum of separately counted pieces, a few percent off.
const MAX_ROUNDS = 6;
// A companion (see JsonTrimmer.companion) is a short scalar: a name or an id, not a description.
const COMPANION_CHARS = 120;
// Companion searches stop after visiting this many nodes per node of the document: a document
// built so that every record holds a different mix of the query words cannot make them quadratic.
const COMPANION_WORK = 8;

/** Picks and renders the kept part of one parsed document. */
class JsonTrimmer {
  private readonly prio: Float64Array;
  private readonly unitCost: Float64Array;
  private readonly markerCost: Float64Array;
  /** Token count of each long string; 0 not yet measured, -1 not long. */
  private readonly longTokens: Float64Array;
  private readonly shortened = new Map<string, { raw: string; tokens: number }>();
  private readonly text: string;
  private readonly shape: JsonShape;
  private readonly recordArray: Uint8Array;
  private readonly ranking: JsonRanking;
  private readonly companions = new Map<string, number>();
  /** The best cover of a set of query words by one value anywhere in the document. */
  private readonly bestValueCover = new Map<number, number>();
  /** Scalars whose value holds a query word (found on the first companion search). */
  private namingValues: number[] | undefined;
  /** Nodes visited looking for companions; past COMPANION_WORK x n no more are looked for. */
  private companionWork = 0;
  /** Each member's previous sibling (-1 for a first member). */
  private readonly prevSibling: Int32Array;

  constructor(
    private readonly input: FormatInput,
    private readonly tree: Tree,
  ) {
    this.text = input.text;
    this.unitCost = new Float64Array(tree.n).fill(-1);
    this.markerCost = new Float64Array(tree.n).fill(-1);
    this.longTokens = new Float64Array(tree.n);
    this.shape = shapeOf(tree);
    this.recordArray = this.shape.recordArray;
    this.prevSibling = new Int32Array(tree.n).fill(-1);
    for (let i = 0; i < tree.n; i++) for (let c = i + 1, prev = -1; c <= tree.last[i]!; prev = c, c = tree.last[c]! + 1) this.prevSibling[c] = prev;
    this.ranking = rankJson(input, tree, this.shape);
    this.prio = this.ranking.prio;
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
    const words = this.ranking.contextWords[i]!;
    if (words === 0 || this.ranking.valueWords[i] !== 0 || this.companionWork > COMPANION_WORK * this.tree.n) return -1;
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
          const shared = this.ranking.valueWords[j]! & words;
          if (shared === 0 || end[j]! - start[j]! > COMPANION_CHARS) continue;
          const cover = this.ranking.coverOf(shared);
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
      this.namingValues ??= [...this.ranking.valueWords.keys()].filter((j) => this.ranking.valueWords[j] !== 0);
      best = 0;
      for (const j of this.namingValues) if (this.ranking.valueWords[j]! & words) best = Math.max(best, this.ranking.coverOf(this.ranking.valueWords[j]! & words));
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
    /** Keeps nodes [from, to) whole: a record's subtree, or a run of items no dearer than its marker. */
    const keepAll = (from: number, to: number) => {
      for (let x = from; x < to; x++) {
        kept[x] = 1;
        keptMembers[parent[x]!]!++;
        keptCount++;
        if (this.longSize(x) > 0) wholeStrings.add(x);
      }
    };
    /** Writes `chain` at cost `c` when it fits; a miss counts towards MAX_MISSES. */
    const take = (c: number): boolean => {
      if (used + c > budget) {
        misses++;
        return false;
      }
      misses = 0;
      used += c;
      write(chain);
      return true;
    };
    while (frontier.size > 0 && misses < MAX_MISSES && used < budget) {
      const i = frontier.pop();
      if (members[i]! > 0 && !kept[i] && isItem(this.tree, this.shape, i)) {
        const whole = this.subtreeCost(i);
        if (whole <= ITEM_SHARE * budget) {
          // A record goes whole or not at all: its chain without its own braces and marker, plus the whole subtree.
          if (take(chainOf(i, chain) - this.cost(i) - this.marker(i) + whole)) keepAll(i + 1, last[i]! + 1);
          continue;
        }
        // Too large to go whole: opened only when it holds what the question asks for (or nothing
        // in the document does), so the other records leave no stubs.
        if (this.ranking.valueHit[0] && !this.ranking.valueHit[i]) continue;
      }
      if (members[i]! > 0) {
        expand(i);
        continue;
      }
      if (kept[i]) continue;
      // A long string the question names goes whole when it fits, else at preview size like the rest.
      let whole = this.ranking.namedKey[i]! > 0 && this.longSize(i) > 0;
      let c = chainOf(i, chain, whole);
      if (whole && used + c > budget) [whole, c] = [false, chainOf(i, chain)];
      if (!take(c)) continue;
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
          keepAll(c, end);
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
    return renderJson(this.tree, this.text, this.recordArray, sel, (i, b) => this.shorten(i, b).raw);
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
