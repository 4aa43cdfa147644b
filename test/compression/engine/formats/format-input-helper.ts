import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PLACEHOLDER } from '../../../../server/compression/engine/assemble/assemble.js';
import type { FormatInput } from '../../../../server/compression/engine/formats/format-input.js';
import type { Span } from '../../../../server/compression/engine/split/segment.js';
import { spanScorer } from '../../../../server/compression/engine/score/span-scores.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { matchKey, splitWords } from '../../../../server/model/words.js';

/** The repository root, for reading real files (package-lock.json, node_modules). */
export const ROOT = new URL('../../../../', import.meta.url).pathname;

/** A repository file's text. */
export const readRepoFile = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/**
 * The fake scorer's rule (test/helpers/fake-scorer.ts) on one word: 0.9 when the query shares its
 * match key, 0.6 with a digit, else a small value derived from the word itself.
 */
export function fakeWordScore(word: string, queryKeys: ReadonlySet<string>): number {
  const key = matchKey(word);
  if (key && queryKeys.has(key)) return 0.9;
  if (/\d/u.test(word)) return 0.6;
  let h = 0;
  for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) % 97;
  return 0.05 + (h / 97) * 0.2;
}

/**
 * A deterministic FormatInput factory over one text: scores come from the fake word rule through
 * the engine's own span scorer; compressSpan keeps the best whitespace words (in order) until the
 * budget, `[...]` between non-adjacent runs when placeholders are on.
 */
export function scoredText(text: string, query?: string) {
  const words = splitWords(text);
  const keys = new Set((query ?? '').split(/\W+/u).map(matchKey).filter((k): k is string => k !== null));
  const score = spanScorer(
    words,
    Float32Array.from(words, (w) => fakeWordScore(w.text, keys)),
  );
  const compressSpan = (span: Span, budget: number, placeholders: boolean): string => {
    const pieces: Span[] = [];
    const re = /\S+/gu;
    const slice = text.slice(span.start, span.end);
    for (let m = re.exec(slice); m !== null; m = re.exec(slice)) pieces.push({ start: span.start + m.index, end: span.start + m.index + m[0].length });
    if (pieces.length === 0) return '';
    const order = pieces.map((p, i) => ({ i, s: score(p) })).sort((a, b) => b.s - a.s || a.i - b.i);
    const keep = new Set<number>();
    let used = 0;
    for (const { i } of order) {
      const p = pieces[i]!;
      const c = countTokens(text.slice(p.start, p.end)) + 1;
      if (keep.size > 0 && used + c > budget) continue;
      keep.add(i);
      used += c;
    }
    let out = '';
    let prev = -2;
    pieces.forEach((p, i) => {
      if (!keep.has(i)) return;
      if (prev === i - 1) out += text.slice(pieces[prev]!.end, p.start);
      else if (out) out += placeholders ? ` ${PLACEHOLDER} ` : ' ';
      out += text.slice(p.start, p.end);
      prev = i;
    });
    return out;
  };
  return {
    score,
    input: (targetTokens: number, placeholders = true): FormatInput => ({
      text,
      score,
      targetTokens,
      query,
      placeholders,
      compressSpan: (span, budget) => compressSpan(span, budget, placeholders),
    }),
  };
}

/** Real JSON files under node_modules (objects or arrays), sorted by path, between `min` and `max` bytes. */
export function realJsonFiles(min: number, max: number, limit: number): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 6) return;
    let entries: string[];
    try {
      entries = readdirSync(join(ROOT, dir)).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      const path = `${dir}/${name}`;
      const stat = statSync(join(ROOT, path), { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(path, depth + 1);
      else if (name.endsWith('.json') && stat.size >= min && stat.size <= max) found.push(path);
    }
  };
  walk('node_modules', 0);
  const usable = found.filter((p) => {
    try {
      const v: unknown = JSON.parse(readRepoFile(p));
      return v !== null && typeof v === 'object';
    } catch {
      return false;
    }
  });
  // Spread the picks over the whole sorted list so many packages (and shapes) are represented.
  const step = Math.max(1, Math.floor(usable.length / limit));
  return usable.filter((_, i) => i % step === 0).slice(0, limit);
}
