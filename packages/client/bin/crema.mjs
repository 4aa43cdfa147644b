#!/usr/bin/env node
// The `crema` bin. An installed package runs its compiled ESM build; a checkout runs it too while
// it is built from the current sources, else the TypeScript sources through tsx (a dev dependency).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `crema ... | head` closes the pipe early: that is the reader's choice, not an error
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

/** A checkout's dist/ when no source is newer than its build (tsx's start costs ~0.25 s of CPU a run). */
function builtFromCurrentSources() {
  const stamp = new URL('../dist/.build-stamp', import.meta.url);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  const newer = (dir) => readdirSync(dir, { withFileTypes: true }).some((e) => (e.isDirectory() ? newer(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs > built));
  return !newer(fileURLToPath(new URL('../src', import.meta.url)));
}

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source) && !builtFromCurrentSources()) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL('../dist/esm/cli/main.js', import.meta.url).href));
}

process.exitCode = await main(process.argv);
