import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FOLDER_DIRECTIONS } from './folder-directions.js';
import { folderCycles, folderEdges } from './import-graph.js';

const SERVER = resolve('server');
const NESTED = Object.keys(FOLDER_DIRECTIONS).filter((f) => f.includes('/'));
const edges = folderEdges(SERVER, NESTED);

describe('server/ folder import graph', () => {
  it('has no cycle between folders', () => {
    expect(folderCycles(edges)).toEqual([]);
  });

  it('places every folder of server/ in the direction table', () => {
    const folders = readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !(f in FOLDER_DIRECTIONS))).toEqual([]);
    expect(NESTED.filter((f) => !existsSync(join(SERVER, f)))).toEqual([]);
  });

  it('imports only in the allowed direction (no folder imports the root files)', () => {
    const forbidden = edges
      .filter((e) => e.from !== '.' && !(FOLDER_DIRECTIONS[e.from] ?? []).includes(e.to))
      .map((e) => `${e.from} -> ${e.to}: ${e.imports.join(', ')}`);
    expect(forbidden).toEqual([]);
  });

  it('keeps I/O out of the engine: no engine file imports a Node module that reads, writes or talks', () => {
    const io = /from 'node:(fs|fs\/promises|net|http|https|child_process|worker_threads|dgram|tls)'/;
    const files = readdirSync(join(SERVER, 'compression/engine'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((f) => io.test(readFileSync(join(SERVER, 'compression/engine', f), 'utf8')))).toEqual([]);
  });

  it('has a direction table without cycles, naming only its own folders', () => {
    const allowed = Object.entries(FOLDER_DIRECTIONS).flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
    expect(allowed.filter((e) => !(e.to in FOLDER_DIRECTIONS))).toEqual([]);
    expect(folderCycles(allowed)).toEqual([]);
  });

  it('is written down in docs/architecture.md as in the table', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Folders and their direction'));
    // Rows look like: | `billing/` | `accounts/` `api-keys/` … | what it holds |
    const rows = [...section.matchAll(/^\| `([\w/-]+)\/` \| ([^|]*)\|/gm)].map((m) => [m[1]!, [...m[2]!.matchAll(/`([\w/-]+)\/`/g)].map((t) => t[1]!).sort()]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(FOLDER_DIRECTIONS).map(([f, tos]) => [f, [...tos].sort()])));
  });
});

describe('folderEdges and folderCycles', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads type-only, multi-line, side-effect, re-export and dynamic imports', () => {
    for (const dir of ['a', 'b', 'c', 'd', 'e']) mkdirSync(join(root, dir));
    writeFileSync(join(root, 'a', 'x.ts'), "import type { B } from '../b/y.js';\nimport {\n  c,\n} from '../c/z.js';\nimport '../d/w.js';\n");
    writeFileSync(join(root, 'b', 'y.ts'), "export { e } from '../e/v.js';\nconst load = () => import('../a/x.js');\n// a quoted 'from' in a string: 'x from y'\n");
    for (const [dir, name] of [['c', 'z'], ['d', 'w'], ['e', 'v']]) writeFileSync(join(root, dir!, `${name}.ts`), 'export const v = 1;\n');
    const found = folderEdges(root).map((e) => `${e.from} -> ${e.to}`);
    expect(found).toEqual(['a -> b', 'a -> c', 'a -> d', 'b -> a', 'b -> e']);
    expect(folderCycles(folderEdges(root))).toEqual([['a', 'b']]);
  });

  it('counts a named nested folder as a folder of its own', () => {
    const tree = join(root, 'nested');
    mkdirSync(join(tree, 'p', 'inner'), { recursive: true });
    writeFileSync(join(tree, 'p', 'outer.ts'), "import { v } from './inner/w.js';\n");
    writeFileSync(join(tree, 'p', 'inner', 'w.ts'), "import '../../q/u.js';\nexport const v = 1;\n");
    mkdirSync(join(tree, 'q'));
    writeFileSync(join(tree, 'q', 'u.ts'), 'export {};\n');
    expect(folderEdges(tree).map((e) => `${e.from} -> ${e.to}`)).toEqual(['p -> q']);
    expect(folderEdges(tree, ['p/inner']).map((e) => `${e.from} -> ${e.to}`)).toEqual(['p -> p/inner', 'p/inner -> q']);
  });

  it('finds a cycle through three folders and none in a chain', () => {
    const e = (from: string, to: string) => ({ from, to });
    expect(folderCycles([e('a', 'b'), e('b', 'c'), e('c', 'a'), e('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(folderCycles([e('a', 'b'), e('b', 'c'), e('a', 'c')])).toEqual([]);
  });
});
