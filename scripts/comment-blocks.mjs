#!/usr/bin/env node
// Lists comment blocks in server/ by length so long "lab notebook" comments can be found and
// shortened (issue 45). Usage: node scripts/comment-blocks.mjs [dir] [--min N] [--summary]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a)) ?? "server";
const minIdx = args.indexOf("--min");
const min = minIdx >= 0 ? Number(args[minIdx + 1]) : 7;
const summary = args.includes("--summary");
// A date (2026-03, 2026-03-14) or a "until X it was" diary phrase marks a dated entry.
const DATED = /\b20\d\d-\d\d\b|\buntil\b.*\bwas\b/i;

function* files(d) {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith(".d.ts")) yield p;
  }
}

const blocks = [];
let datedLines = 0;
for (const file of files(dir)) {
  const lines = readFileSync(file, "utf8").split("\n");
  let start = -1;
  let inBlock = false;
  let dated = 0;
  const close = (end) => {
    blocks.push({ file, line: start + 1, length: end - start + 1, dated });
    start = -1;
    dated = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    const isLine = t.startsWith("//");
    const opens = !inBlock && t.startsWith("/*");
    const isComment = inBlock || isLine || opens;
    if (isComment) {
      if (start < 0) start = i;
      if (DATED.test(t)) {
        dated++;
        datedLines++;
      }
      if (opens) inBlock = !t.includes("*/", 2);
      else if (inBlock && t.includes("*/")) inBlock = false;
      const next = (lines[i + 1] ?? "").trim();
      const continues = inBlock || (isLine && next.startsWith("//")) || (!isLine && next.startsWith("/*")) || (isLine && next.startsWith("/*"));
      if (!continues) close(i);
    }
  }
}

const long = blocks.filter((b) => b.length >= min).sort((a, b) => b.length - a.length);
if (!summary) for (const b of long) console.log(`${String(b.length).padStart(4)}  ${b.file}:${b.line}${b.dated ? `  (dated lines: ${b.dated})` : ""}`);
console.log(`blocks >= ${min} lines: ${long.length}; comment lines with a date or "until ... was": ${datedLines}; blocks with them: ${blocks.filter((b) => b.dated).length}`);
