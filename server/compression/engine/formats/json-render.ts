import { runMarker, trimMarker } from './json-pieces.js';
import { isContainer, OBJECT, type Tree } from './json-tree.js';

/** What a fill keeps of a parsed document. */
export interface Selection {
  kept: Uint8Array;
  /** Token budgets of the kept long strings that are cut (absent: kept whole). */
  stringBudgets: Map<number, number>;
  all: boolean;
  /** Values kept (scalars and empty containers): 0 is an output emptied of every value. */
  values: number;
}

/** Compact JSON of the kept tree (all of it without a selection), trimmed containers marked; `shorten` writes a cut long string. */
export function renderJson(tree: Tree, text: string, recordArray: Uint8Array, sel: Selection | undefined, shorten: (i: number, budget: number) => string): string {
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
    const marker = recordArray[c] ? runMarker(d) : trimMarker(kind[c]!, d);
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
    if (top >= 0 && dropped[top]! > 0 && recordArray[stack[top]!]) {
      out.push(wrote[top]!++ > 0 ? ',' : '', runMarker(dropped[top]!));
      dropped[top] = 0;
    }
    if (top >= 0) {
      if (wrote[top]!++ > 0) out.push(',');
      if (tree.keyEnd[i]! >= 0) out.push(text.slice(tree.unitStart[i]!, tree.keyEnd[i]!), ':');
    }
    const k = kind[i]!;
    if (isContainer(k)) {
      out.push(k === OBJECT ? '{' : '[');
      stack.push(i);
      wrote.push(0);
      dropped.push(0);
    } else {
      const b = sel?.stringBudgets.get(i);
      out.push(b === undefined ? text.slice(tree.start[i]!, tree.end[i]!) : shorten(i, b));
    }
    i++;
  }
  while (stack.length > 0) close();
  return out.join('');
}
