#!/usr/bin/env node
// The `crema` bin. In a checkout the TypeScript sources run through tsx (a dev dependency of the
// repository); an installed package carries no sources and runs its compiled ESM build.
import { existsSync } from 'node:fs';

// `crema ... | head` closes the pipe early: that is the reader's choice, not an error
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL('../dist/esm/cli/main.js', import.meta.url).href));
}
process.exitCode = await main(process.argv);
