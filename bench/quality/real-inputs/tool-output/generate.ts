/**
 * Rebuilds the real-input tool-output fixtures (`npm run bench:real:tool-output -- --generate`):
 * every file is what a real tool printed or wrote on this machine, nothing written by hand but
 * the inputs the tools were run on (a broken package.json, a broken .ts file, a crashing script,
 * a script logging through pino). Needs the npm registry for the install logs and `npm view`.
 * Outputs differ from run to run in times, ids and paths; the queries in manifest.ts hold for any run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, '../../../..');
// Tests read these logs too (test/compression/formats), so they live with the test fixtures.
const OUT = path.join(ROOT, 'test/fixtures/tool-output');

/** stdout and stderr of a command, interleaved as a terminal shows them (through one pipe). */
function run(cmd: string, cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync('bash', ['-c', `${cmd} 2>&1`], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, encoding: 'utf8', maxBuffer: 64 << 20 });
  return r.stdout;
}

const newestLog = (cache: string): string => {
  const dir = path.join(cache, '_logs');
  const logs = readdirSync(dir).sort();
  return readFileSync(path.join(dir, logs.at(-1)!), 'utf8');
};

function save(name: string, text: string): void {
  writeFileSync(path.join(OUT, name), text);
  console.log(`${name}: ${text.length} chars`);
}

export function generate(): void {
  mkdirSync(OUT, { recursive: true });
  const tmp = mkdtempSync(path.join(tmpdir(), 'crema-tool-output-'));
  try {
    // npm on a package.json with a trailing comma: the terminal output and its debug log.
    const bad = path.join(tmp, 'bad');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'package.json'), '{\n  "name": "bad",\n  "version": "1.0.0",\n  "dependencies": {\n    "express": "^4.19.0",\n  }\n}\n');
    save('npm-ejsonparse.txt', run(`npm install --cache ${tmp}/cache1 --offline --no-audit --no-fund`, bad));
    save('npm-ejsonparse-debug.log', newestLog(`${tmp}/cache1`));

    // npm install --loglevel silly of a local package beside registry packages (two deprecated ones warn).
    const local = path.join(tmp, 'localpkg');
    const app = path.join(tmp, 'app');
    mkdirSync(local);
    mkdirSync(app);
    writeFileSync(path.join(local, 'package.json'), JSON.stringify({ name: 'localpkg', version: '1.0.0', main: 'index.js' }));
    writeFileSync(path.join(local, 'index.js'), 'module.exports = 1;\n');
    writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { localpkg: 'file:../localpkg', express: '4.21.2', pino: '9.6.0', request: '2.88.2' } }),
    );
    save('npm-install-silly.txt', run(`npm install --loglevel silly --cache ${tmp}/cache2 --no-audit --no-fund`, app));
    save('npm-install-silly-debug.log', newestLog(`${tmp}/cache2`));
    // A package that does not exist: E404 in the output and the log.
    save('npm-e404.txt', run(`npm install crema-no-such-package-4711 --cache ${tmp}/cache2 --no-audit --no-fund`, app));

    // The package list of this machine.
    save('dpkg-l.txt', run('COLUMNS=160 dpkg -l', tmp));

    // tsc on a file with type errors.
    writeFileSync(
      path.join(tmp, 'broken.ts'),
      [
        'interface User { id: number; name: string }',
        'const users: User[] = [{ id: "1", name: "Ada" }];',
        'function find(id: number): User { return users.find((u) => u.id === id); }',
        'find("2").nmae.toUpperCase();',
        'import { missing } from "./nowhere";',
        'let total: number = users.reduce((s, u) => s + u.name, 0);',
        '',
      ].join('\n'),
    );
    save('tsc-errors.txt', run(`${ROOT}/node_modules/.bin/tsc --noEmit --strict --pretty false broken.ts`, tmp));

    // A node script that crashes: an error with a cause, thrown from nested calls.
    writeFileSync(
      path.join(tmp, 'crash.js'),
      [
        "const fs = require('node:fs');",
        'function readConfig(p) { try { return JSON.parse(fs.readFileSync(p, "utf8")); } catch (e) { throw new Error(`cannot load config ${p}`, { cause: e }); } }',
        'function start() { for (let i = 0; i < 3; i++) console.log(`worker ${i} starting`); return readConfig("/nonexistent/app.json"); }',
        'start();',
        '',
      ].join('\n'),
    );
    save('node-crash.txt', run('node crash.js', tmp));

    // pino JSON lines from a small server-like loop: repeated request lines, slow requests, a failure.
    writeFileSync(
      path.join(tmp, 'pino-app.js'),
      [
        `const pino = require(${JSON.stringify(path.join(ROOT, 'node_modules/pino'))});`,
        'const log = pino({ base: { pid: process.pid, hostname: "api-1" } });',
        'log.info({ port: 8080 }, "server listening");',
        'let t = 12;',
        'for (let i = 0; i < 160; i++) {',
        '  t = (t * 37 + 11) % 97;',
        '  const url = i % 40 === 39 ? "/api/orders/" + (1000 + i) : "/healthz";',
        '  if (i % 40 === 39) log.warn({ reqId: i, url, ms: 900 + t }, "slow request");',
        '  else log.info({ reqId: i, method: "GET", url, status: 200, ms: 2 + (t % 9) }, "request completed");',
        '  if (i === 100) { try { JSON.parse("{oops"); } catch (err) { log.error({ err, reqId: i }, "order import failed"); } }',
        '}',
        'log.fatal(new Error("database connection lost"), "shutting down");',
        '',
      ].join('\n'),
    );
    save('pino-app.log', run('node pino-app.js', tmp));

    // syslog lines (RFC 3164) as logger(1) formats them: a cron job, sshd logins and a disk warning.
    const sys: string[] = [];
    const logger = (tag: string, prio: string, msg: string) => sys.push(run(`logger --no-act --stderr --socket-errors=off --rfc3164 -p ${prio} -t ${tag} ${JSON.stringify(msg)}`, tmp).trim());
    for (let i = 0; i < 12; i++) {
      logger('CRON', 'cron.info', `(root) CMD (/usr/local/bin/backup --incremental --slot ${i % 4})`);
      logger('sshd', 'auth.info', `Accepted publickey for deploy from 10.0.4.${20 + (i % 3)} port ${40000 + i * 17} ssh2`);
      if (i % 5 === 4) logger('kernel', 'kern.warning', `EXT4-fs warning (device sda1): ext4_dx_add_entry:${2000 + i}: Directory index full!`);
    }
    logger('sshd', 'auth.err', 'error: maximum authentication attempts exceeded for root from 203.0.113.9 port 52211 ssh2');
    save('syslog.log', `${sys.join('\n')}\n`);

    // npm view of a dozen packages, as one array (what `npm view a b c --json` users paste).
    const names = ['express', 'pino', 'zod', 'debug', 'ms', 'semver', 'minimist', 'commander', 'chalk', 'lodash', 'glob', 'rimraf', 'yargs', 'inherits', 'once', 'which'];
    const views = names.map((n) => JSON.parse(execFileSync('npm', ['view', n, '--json', 'name', 'version', 'description', 'license', 'homepage', 'keywords', 'dependencies', 'engines', 'maintainers', 'dist-tags', 'time.modified', 'repository.url'], { encoding: 'utf8', cwd: tmp, stdio: ['ignore', 'pipe', 'ignore'] })) as unknown);
    save('npm-view.json', `${JSON.stringify(views, null, 2)}\n`);
    save('npm-view-express.json', execFileSync('npm', ['view', 'express', '--json'], { encoding: 'utf8', cwd: tmp, stdio: ['ignore', 'pipe', 'ignore'] }));

    // package.json files and lockfile entries of packages pinned in this repository's lockfile.
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { license?: string }> };
    const entries = Object.entries(lock.packages).filter(([k]) => k.startsWith('node_modules/') && !k.slice(13).includes('node_modules/'));
    // 72 top-level entries spread over the lockfile, with their license (what "ISC licensed" asks for).
    const step = Math.max(1, Math.floor(entries.length / 72));
    const picked = entries.filter((_, i) => i % step === 0).slice(0, 72);
    save('lock-entries.json', `${JSON.stringify(Object.fromEntries(picked), null, 2)}\n`);
    const pkgs = picked.map(([k]) => {
      try {
        return JSON.parse(readFileSync(path.join(ROOT, k, 'package.json'), 'utf8')) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    });
    const slim = pkgs.filter((p): p is Record<string, unknown> => !!p).map((p) => ({ name: p.name, version: p.version, description: p.description, license: p.license, main: p.main, dependencies: p.dependencies }));
    save('package-jsons.json', `${JSON.stringify(slim, null, 2)}\n`);
    save('express-package.json', readFileSync(path.join(ROOT, 'node_modules/express/package.json'), 'utf8'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
