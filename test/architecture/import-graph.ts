import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** `from` imports `to`, where both are top-level or named nested folders of the root ('.' for files at the root). */
export interface FolderEdge {
  from: string;
  to: string;
  /** One `file => imported file` line per import, relative to the root. */
  imports: string[];
}

// Static, type-only, side-effect, re-export and dynamic imports with a relative specifier.
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(e.name) ? [path] : [];
  });
}

/**
 * The folder-level import edges under `root`, read from the import statements of every source file.
 * A file belongs to its top-level folder, or to the deepest of `nested` (e.g. `compression/engine`) holding it.
 */
export function folderEdges(root: string, nested: readonly string[] = []): FolderEdge[] {
  const deepestFirst = [...nested].sort((a, b) => b.length - a.length);
  const folderOf = (file: string): string => {
    const parts = relative(root, file).split(sep);
    const dir = `${parts.slice(0, -1).join('/')}/`;
    return deepestFirst.find((n) => dir.startsWith(`${n}/`)) ?? (parts.length > 1 ? parts[0]! : '.');
  };
  const edges = new Map<string, FolderEdge>();
  for (const file of sourceFiles(root)) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (m[1] ?? m[2])!);
      if (!target.startsWith(root + sep)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const edge = edges.get(key) ?? { from, to, imports: [] };
      edge.imports.push(`${relative(root, file)} => ${relative(root, target)}`);
      edges.set(key, edge);
    }
  }
  return [...edges.values()].sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

/** Every cycle's folders (strongly connected components of more than one folder), e.g. `[['a', 'b']]`. */
export function folderCycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  // Tarjan's algorithm: a component of two or more folders is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return cycles;
}
