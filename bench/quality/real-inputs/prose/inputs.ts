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
 * The READMEs every run so far measured (the stride pick below on main's node_modules of
 * 3 December 2026): the shared node_modules grows as dependencies are added, which moved the pick
 * between runs of one day. Used while all of them are installed at these versions.
 */
export const PINNED_READMES = [
  'express@5.3.0',
  '@apidevtools/json-schema-ref-parser@14.2.1',
  '@opentelemetry/api@1.10.0',
  '@swagger-api/apidom-core@1.14.0',
  '@swagger-api/apidom-ns-json-schema-draft-7@1.14.0',
  '@swagger-api/apidom-parser-adapter-arazzo-yaml-1@1.14.0',
  '@swagger-api/apidom-parser-adapter-openapi-json-3-2@1.14.0',
  'ajv@8.20.0',
  'brace-expansion@2.1.8',
  'combined-stream@1.0.8',
  'debug@4.4.3',
  'es-module-lexer@2.3.2',
  'fast-safe-stringify@2.1.1',
  'fresh@2.0.0',
  'js-yaml@4.3.2',
  'magic-string@0.30.21',
  'mdast-util-gfm-task-list-item@2.0.1',
  'micromark-extension-gfm-footnote@2.1.0',
  'micromark-util-chunked@2.0.1',
  'micromark-util-sanitize-uri@2.0.1',
  'mobx-react-lite@4.1.1',
  'on-finished@2.4.2',
  'path-expression-matcher@1.6.2',
  'pino-http@11.0.0',
  'proxy-from-env@2.1.0',
  'repeat-string@1.6.1',
  'slugify@1.4.7',
  'superagent@10.4.2',
  'tslib@2.9.1',
  'web-tree-sitter@0.24.5',
];

/** The pinned READMEs, or undefined when any is missing or at another version. */
function pinnedReadmes(count: number, root: string): Doc[] | undefined {
  if (count !== PINNED_READMES.length) return undefined;
  const out: Doc[] = [];
  for (const id of PINNED_READMES) {
    const name = id.slice(0, id.lastIndexOf('@'));
    const dir = path.join(root, name);
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
      const file = readdirSync(dir).find((f) => /^readme\.md$/iu.test(f));
      if (`${pkg.name}@${pkg.version}` !== id || !file) return undefined;
      out.push({ name: id, text: readFileSync(path.join(dir, file), 'utf8') });
    } catch {
      return undefined;
    }
  }
  return out;
}

/**
 * `count` package READMEs with at least two fenced code blocks, 3-60 KB, express's first: the
 * first in name order of each of `count` evenly spaced strides through the sorted package list,
 * so the pick spreads over the alphabet and stays the same while the lockfile does.
 */
export function packageReadmes(count: number, root = 'node_modules'): Doc[] {
  const pinned = pinnedReadmes(count, root);
  if (pinned) return pinned;
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
