import { describe, expect, it } from 'vitest';
import { PLACEHOLDER } from '../../../../server/compression/engine/assemble/assemble.js';
import { compressJson } from '../../../../server/compression/engine/formats/json-compressor.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { readRepoFile, realJsonFiles, scoredText } from './format-input-helper.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// `[... N more items]` ends a trimmed array; `...N items` stands where a run of left-out records was.
const ARRAY_MARKER = /^(?:\[\.\.\. (?=\d+ more items\]$)|\.\.\.(?=\d+ items?$))(\d+)/u;
// The smallest valid output (`["[... 1234 items]"]`) may exceed a budget of a few tokens.
const SKELETON_TOKENS = 12;
const KEEP = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 0.9];

/**
 * Why `out` is not a compressed form of `orig` (undefined when it is): containers hold a
 * subsequence of their members plus an exact count of the rest; shortened strings are runs of the
 * original, in order, between `[...]`; everything else is unchanged.
 */
function notCompressedForm(orig: Json, out: Json, path = '$'): string | undefined {
  if (Array.isArray(orig)) {
    if (!Array.isArray(out)) return `${path}: array became ${typeof out}`;
    const origStrings = new Set(orig.filter((x) => typeof x === 'string'));
    const isMarker = (item: Json) => (typeof item === 'string' && !origStrings.has(item) ? ARRAY_MARKER.exec(item) : null);
    const records = orig.length > 0 && orig.every((x) => x !== null && typeof x === 'object');
    if (!records) {
      // Other arrays: a subsequence of the items, then one marker counting the rest.
      const last = out.at(-1);
      const m = last === undefined ? null : isMarker(last);
      const kept = m ? out.slice(0, -1) : out;
      const dropped = m ? Number(m[1]) : 0;
      if (kept.length + dropped !== orig.length) return `${path}: ${kept.length} kept + ${dropped} marked != ${orig.length}`;
      // Greedy earliest matching decides whether the kept items are a subsequence.
      let j = 0;
      for (const [k, item] of kept.entries()) {
        while (j < orig.length && notCompressedForm(orig[j]!, item, `${path}[${j}]`) !== undefined) j++;
        if (j === orig.length) return `${path}: kept item ${k} matches no original item in order`;
        j++;
      }
      return undefined;
    }
    // Arrays of records: records in place, each run of left-out ones one marker where the run was.
    let j = 0;
    let prevMarker = false;
    for (const [k, item] of out.entries()) {
      const m = isMarker(item);
      if (m) {
        if (prevMarker) return `${path}: two markers in a row at ${k}`;
        j += Number(m[1]);
        prevMarker = true;
        continue;
      }
      prevMarker = false;
      if (j >= orig.length) return `${path}: kept item ${k} is past the original's ${orig.length} items`;
      const why = notCompressedForm(orig[j]!, item, `${path}[${j}]`);
      if (why) return why;
      j++;
    }
    return j === orig.length ? undefined : `${path}: kept and marked ${j} != ${orig.length}`;
  }
  if (orig !== null && typeof orig === 'object') {
    if (out === null || typeof out !== 'object' || Array.isArray(out)) return `${path}: object became ${JSON.stringify(out)?.slice(0, 40)}`;
    const omitted = '_omitted' in orig ? 0 : Number(out._omitted ?? 0);
    const keys = Object.keys(out).filter((k) => k !== '_omitted' || '_omitted' in orig);
    if (keys.length + omitted !== Object.keys(orig).length) return `${path}: ${keys.length} keys + ${omitted} omitted != ${Object.keys(orig).length}`;
    for (const k of keys) {
      if (!(k in orig)) return `${path}: unknown key ${k}`;
      const why = notCompressedForm(orig[k]!, out[k]!, `${path}.${k}`);
      if (why) return why;
    }
    return undefined;
  }
  if (typeof orig === 'string' && typeof out === 'string' && out !== orig) {
    let from = 0;
    for (const run of out.split(PLACEHOLDER).map((r) => r.trim()).filter(Boolean)) {
      const at = orig.indexOf(run, from);
      if (at < 0) return `${path}: run ${JSON.stringify(run.slice(0, 40))} is not in the original string`;
      from = at + run.length;
    }
    return out.includes(PLACEHOLDER) ? undefined : `${path}: shortened string without a marker`;
  }
  return orig === out ? undefined : `${path}: ${JSON.stringify(orig)} became ${JSON.stringify(out)}`;
}

/** Real JSON: the repository's package-lock.json plus files shipped in node_modules, small to large. */
const FILES = ['package-lock.json', ...realJsonFiles(20_000, 150_000, 10), ...realJsonFiles(1_500, 20_000, 14)];

interface Lookup {
  path: string[];
  value: Json;
  question: string;
}

const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/gu, '$1 $2').replace(/[_\-/.@]+/gu, ' ');

/** Scalar leaves reached through object keys only (short strings, numbers, flags): one in `every`, as "What is the <key> of <parent>?". */
function lookups(doc: Json, every: number): Lookup[] {
  const out: Lookup[] = [];
  let seen = 0;
  const stack: Array<{ v: Json; path: string[] }> = [{ v: doc, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (Array.isArray(v)) continue;
    if (v === null || typeof v !== 'object') {
      const key = path.at(-1);
      const short = typeof v !== 'string' || (v.length > 0 && v.length <= 40);
      if (key && /[a-z]{3}/iu.test(key) && short && seen++ % every === 0) {
        const parent = path.at(-2);
        out.push({ path, value: v, question: parent ? `What is the ${words(key)} of ${words(parent)}?` : `What is the ${words(key)}?` });
      }
      continue;
    }
    for (const [k, child] of Object.entries(v).reverse()) stack.push({ v: child, path: [...path, k] });
  }
  return out;
}

function at(doc: unknown, path: readonly string[]): unknown {
  let v = doc;
  for (const k of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

describe('compressJson on real files', () => {
  it('draws at least 20 real JSON files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(FILES)('%s: valid, within budget and a faithful subset at every budget', (file) => {
    const text = readRepoFile(file);
    const orig = JSON.parse(text) as Json;
    const scored = scoredText(text);
    const total = countTokens(text);
    for (const target of [1, 2, 5, ...KEEP.map((k) => Math.max(1, Math.round(total * k)))]) {
      for (const placeholders of [true, false]) {
        const out = compressJson(scored.input(target, placeholders));
        let parsed: Json;
        expect(() => (parsed = JSON.parse(out) as Json), `${file} at ${target} tokens`).not.toThrow();
        expect(countTokens(out), `${file} at ${target} tokens`).toBeLessThanOrEqual(target * 1.05 + SKELETON_TOKENS);
        if (placeholders) expect(notCompressedForm(orig, parsed!), `${file} at ${target} tokens`).toBeUndefined();
      }
    }
  });

  it.each([0.05, 0.25, 0.5])('fills the budget: at keep %s the output is within 10%% below the target', (keep) => {
    for (const file of FILES.slice(0, 8)) {
      const text = readRepoFile(file);
      const target = Math.round(countTokens(text) * keep);
      const out = compressJson(scoredText(text).input(target));
      if (countTokens(JSON.stringify(JSON.parse(text))) <= target) continue;
      expect(countTokens(out), file).toBeGreaterThanOrEqual(target * 0.9);
    }
  });

  it('returns the compact form when it fits', () => {
    const text = readRepoFile('node_modules/express/package.json');
    const compact = JSON.stringify(JSON.parse(text));
    expect(compressJson(scoredText(text).input(countTokens(text)))).toBe(compact);
  });

  it('keeps the keys a query names', () => {
    const cases: Array<[string, string, string[]]> = [
      ['node_modules/express/package.json', 'What license does it use?', ['license']],
      ['node_modules/ajv/package.json', 'Where is the repository?', ['repository']],
      ['package.json', 'Which node engines are supported?', ['engines', 'node']],
      ['package-lock.json', 'What version of jsonc-parser is resolved?', ['packages', 'node_modules/jsonc-parser', 'version']],
    ];
    for (const [file, query, path] of cases) {
      const text = readRepoFile(file);
      const out = JSON.parse(compressJson(scoredText(text, query).input(Math.round(countTokens(text) * 0.1)))) as unknown;
      expect(at(out, path), `${file}: ${query}`).toEqual(at(JSON.parse(text), path));
    }
  });

  it('never writes a nested object or array that holds nothing but its trim marker', () => {
    // `{"_omitted":12}` says only that a record exists; the greedy fill used to open records on
    // their own rank and leave them so, spending the budget the asked fields needed.
    const emptyContainer = /[[,:](?:\{"_omitted":\d+\}|\["\[\.\.\. \d+ more items\]"\])/u;
    for (const file of FILES) {
      const text = readRepoFile(file);
      for (const nx of [2, 4, 10]) {
        const out = compressJson(scoredText(text, 'What is the version of the first item?').input(Math.round(countTokens(text) / nx)));
        expect(emptyContainer.exec(out)?.[0], `${file} at ${nx}x`).toBeUndefined();
      }
    }
  });

  it('answers generated key/value lookups at 4x for most cases', () => {
    let asked = 0;
    let kept = 0;
    let keptBlind = 0;
    for (const file of FILES) {
      const text = readRepoFile(file);
      const doc = JSON.parse(text) as Json;
      const target = Math.round(countTokens(text) / 4);
      const blind = JSON.parse(compressJson(scoredText(text).input(target))) as unknown;
      for (const q of lookups(doc, 7).slice(0, 12)) {
        const out = JSON.parse(compressJson(scoredText(text, q.question).input(target))) as unknown;
        asked++;
        if (at(out, q.path) === q.value) kept++;
        if (at(blind, q.path) === q.value) keptBlind++;
      }
    }
    // Without the question the same budget keeps far fewer of the asked values.
    console.log(`lookup values kept at 4x: ${kept}/${asked} with the question, ${keptBlind}/${asked} without`);
    expect(kept).toBeGreaterThan(keptBlind);
    expect(asked).toBeGreaterThan(100);
    expect(kept / asked).toBeGreaterThanOrEqual(0.85);
  });
});

describe('compressJson structure', () => {
  // Real records: the repository's locked packages as an array of objects.
  const lock = JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, Record<string, Json>> };
  const records = Object.entries(lock.packages)
    .filter(([name]) => name)
    .map(([name, p]) => ({ name, version: p.version ?? null, license: p.license ?? null, dev: p.dev ?? false }));

  it('trims an array to its best items with an exact marker, in original order', () => {
    const text = JSON.stringify({ total: records.length, items: records }, null, 2);
    const out = JSON.parse(compressJson(scoredText(text).input(Math.round(countTokens(text) / 10)))) as { total: number; items: Json[] };
    // One marker per run of left-out items, where the run was.
    const markers = out.items.filter((x): x is string => typeof x === 'string' && ARRAY_MARKER.test(x));
    const omitted = markers.reduce((s, m) => s + Number(ARRAY_MARKER.exec(m)![1]), 0);
    expect(omitted).toBeGreaterThan(0);
    expect(out.items.length - markers.length + omitted).toBe(records.length);
    // Counts elsewhere are not rewritten: the marker carries the news.
    expect(out.total).toBe(records.length);
    expect(notCompressedForm({ total: records.length, items: records } as Json, out as unknown as Json)).toBeUndefined();
  });

  // API records whose ids, timestamps and links come before the fields people ask about.
  const hotelNames = ['Harbor View Inn', 'The Linden Lodge', 'Hotel Meridian', 'Casa Albero', 'Northgate Suites', 'Riverside Plaza', 'Seabreeze Resort', 'Alder House'];
  const hotels = hotelNames.map((name, i) => ({
    id: `hot_${(1e6 + i * 7919).toString(36)}`,
    created_at: `2024-0${1 + i}-1${i}T08:${10 + i}:00Z`,
    url: `https://api.example.com/v2/hotels/${name.toLowerCase().replace(/\W+/gu, '-')}`,
    etag: `W/"${(0x2a0f3 * (i + 3)).toString(16)}"`,
    name,
    city: ['Lisbon', 'Bergen', 'Ghent', 'Lyon'][i % 4],
    price_per_night: 101 + i * 37,
  }));
  const hotelsText = JSON.stringify({ hotels }, null, 2);
  const asked = hotels[5]!;
  const tenth = Math.round(countTokens(hotelsText) / 10);

  it("keeps the field a question names inside the record it names, not the record's first fields", () => {
    const out = compressJson(scoredText(hotelsText, `What is the price per night of ${asked.name}?`).input(tenth));
    expect(out).toContain(`"name":"${asked.name}"`);
    expect(out).toContain(`"price_per_night":${asked.price_per_night}`);
  });

  it('lifts a value of the kind the question asks for: a name for "who"', () => {
    const books = ['The Salt Road', 'Glass Harbor', 'A Winter of Owls', 'Iron and Ivy', 'Small Hours', 'The Ninth Bell'].map((title, i) => ({
      id: `bk_${(4e5 + i * 7919).toString(36)}`,
      title,
      isbn: `978-0-${1000 + i * 37}-${2000 + i * 91}-${i}`,
      url: `https://api.example.com/v2/books/${title.toLowerCase().replace(/\W+/gu, '-')}`,
      format: ['hardcover', 'paperback'][i % 2],
      author: ['Dana Whitfield', 'Omar Haddad', 'Lena Brandt', 'Kofi Mensah', 'Priya Raman', 'Tomás Ortega'][i],
      etag: `W/"${(0x2a0f3 * (i + 3)).toString(16)}"`,
    }));
    const text = JSON.stringify({ books }, null, 2);
    const out = compressJson(scoredText(text, 'Who wrote Glass Harbor?').input(Math.round(countTokens(text) / 8)));
    expect(out).toContain('"title":"Glass Harbor"');
    expect(out).toContain('"author":"Omar Haddad"');
  });

  it('lifts the amount a "how much" question asks for over ids and timestamps, and a date for "when"', () => {
    // The question does not name the field ("cost", not "price per night"; "opened", not "created"):
    // only the kind of value tells the fields of the named record apart.
    // 1/14 (was 1/16): a record in the middle of its array now has a marker on each side (one per run of left-out items).
    const budget = Math.round(countTokens(hotelsText) / 14);
    const cost = compressJson(scoredText(hotelsText, `How much does ${asked.name} cost?`).input(budget));
    expect(cost).toContain(`"name":"${asked.name}"`);
    expect(cost).toContain(`"price_per_night":${asked.price_per_night}`);
    const when = compressJson(scoredText(hotelsText, `When was ${asked.name} listed?`).input(budget));
    expect(when).toContain(`"name":"${asked.name}"`);
    expect(when).toContain(`"created_at":"${asked.created_at}"`);
  });

  it('prefers items the query points at', () => {
    const text = JSON.stringify(records);
    const out = compressJson(scoredText(text, 'Which license does the kysely package have?').input(Math.round(countTokens(text) / 20)));
    expect(out).toContain('"name":"node_modules/kysely"');
  });

  it('keeps a long string whole when the question names its key and it fits, else shortens it', () => {
    // Six shell commands of ~60 tokens each: shortened to fit, the asked one lost its end.
    const step = (name: string, i: number) =>
      `npm run lint -- --max-warnings 0 && tsc -p tsconfig.${name}.json --noEmit && vitest run --coverage --reporter=dot test/${name} && node scripts/check-${name}-${i}.mjs --strict --out build/${name}/report-${i}.json && git diff --exit-code`;
    const names = ['build', 'release', 'docs', 'bench', 'lint', 'deploy'];
    const text = JSON.stringify({ name: 'crema', scripts: Object.fromEntries(names.map((n, i) => [n, step(n, i)])) }, null, 2);
    const asked = step('release', 1);
    const half = compressJson(scoredText(text, 'What is the scripts release?').input(Math.round(countTokens(text) / 2)));
    expect(half).toContain(JSON.stringify(asked));
    // Too small for it whole: a shortened run of it, valid JSON, within the budget.
    const tight = compressJson(scoredText(text, 'What is the scripts release?').input(60));
    expect(countTokens(tight)).toBeLessThanOrEqual(60);
    expect(JSON.parse(tight).scripts.release).toContain(PLACEHOLDER);
  });

  it('shortens long strings with the text engine, keeping escapes valid, and marks them', () => {
    const readme = readRepoFile('node_modules/express/Readme.md');
    const doc = { name: 'express', version: '5.2.0', readme, notes: [readme.slice(0, 3000), 'short'] };
    const text = JSON.stringify(doc);
    expect(text).toMatch(/\\n|\\"/u);
    const scored = scoredText(text);
    for (const keep of [0.02, 0.1, 0.3, 0.6]) {
      const out = JSON.parse(compressJson(scored.input(Math.round(countTokens(text) * keep)))) as typeof doc;
      expect(out.version).toBe('5.2.0');
      if (typeof out.readme === 'string') {
        expect(out.readme.length).toBeLessThan(readme.length);
        expect(out.readme).toContain(PLACEHOLDER);
      }
      expect(notCompressedForm(doc, out)).toBeUndefined();
    }
  });

  it('shortens a long root string and leaves a short scalar root alone', () => {
    const readme = readRepoFile('node_modules/express/Readme.md');
    const text = JSON.stringify(readme);
    const out = compressJson(scoredText(text).input(100));
    expect(typeof JSON.parse(out)).toBe('string');
    expect(countTokens(out)).toBeLessThan(200);
    expect(compressJson(scoredText('42').input(1))).toBe('42');
  });

  it.each([1, 3, 10, 50, 400])('nests 200 deep without blowing the stack (target %s)', (target) => {
    let doc: Json = { leaf: 'value 200', n: 200 };
    for (let d = 199; d > 0; d--) doc = { level: d, note: `level ${d} of the nesting test`, child: doc, list: [d, d + 1] };
    const text = JSON.stringify(doc);
    const out = compressJson(scoredText(text).input(target));
    expect(notCompressedForm(doc, JSON.parse(out) as Json)).toBeUndefined();
    expect(countTokens(out)).toBeLessThanOrEqual(target * 1.05 + SKELETON_TOKENS);
  });

  it('nests 50 000 deep (past any recursive parser) and still answers valid JSON', () => {
    const text = `${'{"a":['.repeat(25_000)}1${']}'.repeat(25_000)}`;
    for (const target of [5, 1000, 200_000]) {
      const out = compressJson(scoredText(text).input(target));
      expect(() => JSON.parse(out)).not.toThrow();
      expect(countTokens(out)).toBeLessThanOrEqual(target * 1.05 + SKELETON_TOKENS);
    }
  });

  // Speed is measured by the benchmarks, never asserted here (shared, noisy machines).
  it.each([0.001, 0.1, 0.5])('trims a 100k-item array (keep %s)', (keep) => {
    const items = Array.from({ length: 100_000 }, (_, i) => (i % 3 === 0 ? i : i % 3 === 1 ? `item-${i}` : { id: i, ok: i % 2 === 0 }));
    const text = JSON.stringify(items);
    const total = countTokens(text);
    const input = scoredText(text).input(Math.round(total * keep));
    const out = compressJson(input);
    const parsed = JSON.parse(out) as Json[];
    expect(notCompressedForm(items, parsed)).toBeUndefined();
    expect(countTokens(out)).toBeLessThanOrEqual(input.targetTokens * 1.05 + SKELETON_TOKENS);
  });

  it('compresses a 1 MB package-lock.json at every keep fraction', () => {
    // The repository's lock file, its packages repeated under new names until it passes 1 MB.
    const packages: Record<string, Json> = {};
    for (let copy = 0; JSON.stringify({ ...lock, packages }, null, 2).length < 1_000_000; copy++) {
      for (const [name, p] of Object.entries(lock.packages)) packages[copy ? `${name}-copy${copy}` : name] = p as Json;
    }
    const text = JSON.stringify({ ...lock, packages }, null, 2);
    expect(text.length).toBeGreaterThan(1_000_000);
    const total = countTokens(text);
    const scored = scoredText(text, 'What version of express is installed?');
    for (const keep of [0.01, 0.1, 0.25, 0.5, 0.9]) {
      const input = scored.input(Math.round(total * keep));
      const out = compressJson(input);
      expect(() => JSON.parse(out)).not.toThrow();
      expect(countTokens(out)).toBeLessThanOrEqual(input.targetTokens * 1.05 + SKELETON_TOKENS);
    }
  });

  it('gives a valid JSON string for text that does not parse', () => {
    const out = compressJson(scoredText('{"a": 1, "b": [1, 2').input(5));
    expect(() => JSON.parse(out)).not.toThrow();
  });
});
