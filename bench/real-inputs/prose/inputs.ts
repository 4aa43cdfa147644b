/**
 * Real inputs any machine with this checkout can rebuild: package READMEs from node_modules
 * (versions pinned by package-lock.json) and hard-wrapped plain-text documents Debian ships.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface Doc {
  /** package@version, or the file's path. */
  name: string;
  text: string;
}

const FENCE_BLOCK = /^[ \t]{0,3}(```|~~~)[\s\S]*?^[ \t]{0,3}\1/gmu;

/** Top-level and scoped package directories under node_modules, sorted. */
function packageDirs(root: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(root).sort()) {
    if (name.startsWith('.')) continue;
    const dir = path.join(root, name);
    if (name.startsWith('@')) for (const sub of readdirSync(dir).sort()) out.push(path.join(dir, sub));
    else out.push(dir);
  }
  return out;
}

/**
 * `count` package READMEs with at least two fenced code blocks, 3-60 KB, express's first: the
 * first in name order of each of `count` evenly spaced strides through the sorted package list,
 * so the pick spreads over the alphabet and stays the same while the lockfile does.
 */
export function packageReadmes(count: number, root = 'node_modules'): Doc[] {
  const all: Doc[] = [];
  const seen = new Set<string>();
  for (const dir of packageDirs(root)) {
    let file: string | undefined;
    try {
      file = readdirSync(dir).find((f) => /^readme\.md$/iu.test(f));
    } catch {
      continue;
    }
    if (!file) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    const bytes = Buffer.byteLength(text);
    if (bytes < 3_000 || bytes > 60_000 || seen.has(text) || (text.match(FENCE_BLOCK) ?? []).length < 2) continue;
    seen.add(text);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    all.push({ name: `${pkg.name}@${pkg.version}`, text });
  }
  const express = all.find((d) => d.name.startsWith('express@'));
  const rest = all.filter((d) => d !== express);
  const picked: Doc[] = express ? [express] : [];
  const want = count - picked.length;
  for (let k = 0; k < want && k < rest.length; k++) picked.push(rest[Math.floor((k * rest.length) / want)]!);
  return picked;
}

/** Plain-text documents Debian ships, hard-wrapped at about 72 columns. */
const PLAIN_DOCS = [
  '/usr/share/common-licenses/Apache-2.0',
  '/usr/share/common-licenses/MPL-2.0',
  '/usr/share/common-licenses/GPL-3',
  '/usr/share/common-licenses/Artistic',
  '/usr/share/common-licenses/LGPL-2.1',
  '/usr/share/common-licenses/GFDL-1.3',
  '/usr/share/doc/base-files/README.FHS',
  '/usr/share/doc/bash/README.gz',
  '/usr/share/doc/bc/README',
  '/usr/share/doc/coreutils/README.gz',
  '/usr/share/doc/adduser/README.gz',
  '/usr/share/doc/bash/README.abs-guide',
];
/** Longer documents are cut at a paragraph break near this many characters (about 1,500 tokens). */
const PLAIN_CHARS = 6_000;

/** The README example of question-agnostic compression. */
export const README_EXAMPLE = 'Revenue grew 12% to $4.2M in Q3 2025. The team also enjoyed a picnic.';

/** The plain documents found on this machine (each cut near PLAIN_CHARS), then the README example. */
export function plainDocs(): Doc[] {
  const out: Doc[] = [];
  for (const file of PLAIN_DOCS) {
    if (!existsSync(file)) continue;
    const buf = readFileSync(file);
    let text = (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
    if (text.length > PLAIN_CHARS) {
      const cut = text.indexOf('\n\n', PLAIN_CHARS);
      text = text.slice(0, cut === -1 ? PLAIN_CHARS : cut);
    }
    out.push({ name: file, text: text.trim() });
  }
  out.push({ name: 'README example', text: README_EXAMPLE });
  return out;
}
