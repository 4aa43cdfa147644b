import { createScanner } from 'jsonc-parser';

// A JSON document as a flat preorder tree (parallel typed arrays), built from jsonc-parser's scanner.

// Node kinds.
export const OBJECT = 0;
export const ARRAY = 1;
export const STRING = 2;
export const NUMBER = 3;
export const LITERAL = 4;

// jsonc-parser's SyntaxKind is an ambient const enum, which isolatedModules cannot read.
const T_OPEN_BRACE = 1;
const T_CLOSE_BRACE = 2;
const T_OPEN_BRACKET = 3;
const T_CLOSE_BRACKET = 4;
const T_COMMA = 5;
const T_NULL = 7;
const T_TRUE = 8;
const T_FALSE = 9;
const T_STRING = 10;
const T_NUMBER = 11;
const T_EOF = 17;

/**
 * A JSON document's values in preorder, as parallel typed arrays (a 1 MB lock file holds ~50k
 * values; objects per node would cost more in garbage collection than the whole compression).
 * A container's members are `i + 1`, then each `last[c] + 1` up to `last[i]`.
 */
export class Tree {
  n = 0;
  kind = new Uint8Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  /** The member's key start for object members, else the value's start. */
  unitStart = new Int32Array(1024);
  /** End of the key's string literal; -1 without a key. */
  keyEnd = new Int32Array(1024);
  parent = new Int32Array(1024);
  /** Last index of the node's subtree. */
  last = new Int32Array(1024);
  members = new Int32Array(1024);

  add(kind: number, start: number, end: number, parent: number, keyStart: number, keyEnd: number): number {
    if (this.n === this.kind.length) this.grow();
    const i = this.n++;
    this.kind[i] = kind;
    this.start[i] = start;
    this.end[i] = end;
    this.unitStart[i] = keyEnd >= 0 ? keyStart : start;
    this.keyEnd[i] = keyEnd;
    this.parent[i] = parent;
    this.last[i] = i;
    if (parent >= 0) this.members[parent]!++;
    return i;
  }

  private grow(): void {
    const size = this.kind.length * 2;
    const widen = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.kind = widen(this.kind, (k) => new Uint8Array(k));
    for (const f of ['start', 'end', 'unitStart', 'keyEnd', 'parent', 'last', 'members'] as const) this[f] = widen(this[f], (k) => new Int32Array(k));
  }
}

/**
 * The tree of a valid JSON text, from jsonc-parser's scanner with an explicit stack: no
 * recursion (so no depth limit) and none of parseTree's per-node objects.
 */
export function parseTree(text: string): Tree {
  const tree = new Tree();
  const open: number[] = [];
  // Per open container: whether the next string is a key (objects only).
  const wantKey: boolean[] = [];
  let keyStart = -1;
  let keyEnd = -1;
  const scanner = createScanner(text, true);
  const add = (kind: number, start: number, end: number): number => {
    const i = tree.add(kind, start, end, open.length > 0 ? open[open.length - 1]! : -1, keyStart, keyEnd);
    keyStart = keyEnd = -1;
    return i;
  };
  for (let t = scanner.scan(); t !== T_EOF; t = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (t === T_OPEN_BRACE || t === T_OPEN_BRACKET) {
      open.push(add(t === T_OPEN_BRACE ? OBJECT : ARRAY, offset, offset));
      wantKey.push(t === T_OPEN_BRACE);
    } else if (t === T_CLOSE_BRACE || t === T_CLOSE_BRACKET) {
      const i = open.pop()!;
      tree.end[i] = offset + 1;
      tree.last[i] = tree.n - 1;
      wantKey.pop();
    } else if (t === T_COMMA) {
      if (wantKey.length > 0 && tree.kind[open[open.length - 1]!] === OBJECT) wantKey[wantKey.length - 1] = true;
    } else if (t === T_STRING && wantKey[wantKey.length - 1] === true) {
      keyStart = offset;
      keyEnd = offset + scanner.getTokenLength();
      wantKey[wantKey.length - 1] = false;
    } else if (t === T_STRING || t === T_NUMBER || t === T_NULL || t === T_TRUE || t === T_FALSE) {
      add(t === T_STRING ? STRING : t === T_NUMBER ? NUMBER : LITERAL, offset, offset + scanner.getTokenLength());
    }
  }
  return tree;
}

export const isContainer = (kind: number): boolean => kind === OBJECT || kind === ARRAY;
