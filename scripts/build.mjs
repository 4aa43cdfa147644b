#!/usr/bin/env node
/**
 * `npm run build`: compiles the server to JavaScript (dist/server, what `npm start` runs with plain
 * node), writes openapi.yaml as JSON (dist/openapi.json), builds the dashboard (dist/dashboard) and
 * the client package (packages/client/dist). Runs at install (`prepare`) and before each
 * `npm start` with `--if-stale`, which rebuilds only a part whose sources changed since it was
 * built (a check of file times, ~50 ms), so a start does not pay for a build it does not need.
 * Plain JavaScript on purpose: it must run before anything is compiled, without tsx's start-up.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const ifStale = process.argv.includes('--if-stale');

/** Newest modification time under `paths` (files or folders, walked recursively), in ms. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else latest = Math.max(latest, st.mtimeMs);
  };
  for (const p of paths) visit(join(ROOT, p));
  return latest;
}

/** A build's stamp is written after it succeeds; its time says which sources it saw. */
const stale = (stamp, sources) => !existsSync(stamp) || newest(sources) > statSync(stamp).mtimeMs;

/** Dated when the build began: a source saved while it ran is newer, so the next check rebuilds. */
function stampAt(file, began) {
  writeFileSync(file, `${began.toISOString()}\n`);
  utimesSync(file, began, began);
}

function run(what, args) {
  const started = Date.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: ${what} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  console.log(`build: ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const parts = [
  {
    what: 'server (tsc -> dist/server)',
    stamp: join(ROOT, 'dist/server/.build-stamp'),
    sources: ['server', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    build(stamp, began) {
      // Compiled beside the live folder and swapped in, so a server running from dist/server never
      // finds it half-written (its engine workers load their module when the pool starts).
      const tmp = join(ROOT, 'dist/.server-build');
      rmSync(tmp, { recursive: true, force: true });
      run('server (tsc -> dist/server)', [require.resolve('typescript/lib/tsc.js'), '-p', 'tsconfig.build.json', '--outDir', tmp]);
      stampAt(join(tmp, 'server/.build-stamp'), began);
      rmSync(join(ROOT, 'dist/server'), { recursive: true, force: true });
      renameSync(join(tmp, 'server'), join(ROOT, 'dist/server'));
      rmSync(tmp, { recursive: true, force: true });
    },
  },
  {
    // The server reads this instead of parsing the YAML at every start (server/project/openapi-spec.ts).
    what: 'spec (openapi.yaml -> dist/openapi.json)',
    stamp: join(ROOT, 'dist/openapi.json'),
    sources: ['openapi.yaml'],
    build(stamp, began) {
      const text = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8');
      const spec = require('yaml').parse(text);
      const sha256 = createHash('sha256').update(text).digest('hex');
      mkdirSync(join(ROOT, 'dist'), { recursive: true });
      writeFileSync(`${stamp}.tmp`, JSON.stringify({ sha256, spec }));
      renameSync(`${stamp}.tmp`, stamp);
      utimesSync(stamp, began, began);
      console.log('build: spec (openapi.yaml -> dist/openapi.json)');
    },
  },
  {
    what: 'dashboard (vite -> dist/dashboard)',
    stamp: join(ROOT, 'dist/.dashboard-stamp'),
    sources: ['client/dashboard', 'scripts/build-dashboard.ts', 'package-lock.json'],
    build(stamp, began) {
      run('dashboard (vite -> dist/dashboard)', ['--import', 'tsx', 'scripts/build-dashboard.ts']);
      stampAt(stamp, began);
    },
  },
  {
    // The `crema` bin of a checkout runs this build while it is current (packages/client/bin/crema.mjs).
    what: 'client package (tsc -> packages/client/dist)',
    stamp: join(ROOT, 'packages/client/dist/.build-stamp'),
    sources: ['packages/client/src', 'packages/client/scripts', 'packages/client/tsconfig.json', 'packages/client/tsconfig.cjs.json'],
    build() {
      run('client package (tsc -> packages/client/dist)', ['packages/client/scripts/build.mjs']);
    },
  },
];

for (const part of parts) {
  if (ifStale && !stale(part.stamp, part.sources)) continue;
  part.build(part.stamp, new Date());
}
