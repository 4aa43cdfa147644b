#!/usr/bin/env node
// The `crema` bin. In a checkout the TypeScript source runs through tsx; an installed package
// (npm pack) carries no sources and runs the compiled dist/ build.
import { existsSync } from 'node:fs';

// `crema ... | head` closes the pipe early: that is the reader's choice, not an error
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const source = new URL('./main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL('../../dist/client/cli/main.js', import.meta.url).href));
}
process.exitCode = await main(process.argv);
