#!/usr/bin/env node
/**
 * `node bench/speed/startup.mjs [--cwd DIR] [--runs N] [--signup-each-run]`: times a start the way
 * an operator sees it. Runs `npm start` in DIR (default: this checkout) N times on a free port, the
 * first on a new PGlite folder and the others restarting on it, and reports, per run: the 1-minute
 * load average at its start, ms to the "crema listening" line, ms until /health/ready answers 200, the first request
 * of each family (and network) after ready against the median of the next five, RSS, and
 * how long SIGTERM to npm takes to end it (with its exit code). Plain JavaScript, so it measures
 * older checkouts too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const cwd = resolve(arg('--cwd', fileURLToPath(new URL('../..', import.meta.url))));
const runs = Number(arg('--runs', '1'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const CONTEXT = Array.from({ length: 12 }, (_, i) =>
  `Section ${i} covers the harbour, the railway and the bakery: opening hours, ${i + 3} staff and a budget of ${(i + 1) * 1200} euros.`,
).join('\n\n');
// One request per family (question-specific with both of its networks); the four families after
// the first two send the spec's own example body.
const spec = parse(readFileSync(join(cwd, 'openapi.yaml'), 'utf8'));
const example = (family) => spec.paths[`/api/compress/${family}/`].post.requestBody.content['application/json'].example;
const CALLS = {
  latte_v1: ['/api/compress/question-specific/', { context: CONTEXT, query: 'What is the railway budget?', compression_model_name: 'latte_v1' }],
  latte_v2: ['/api/compress/question-specific/', { context: CONTEXT, query: 'What is the railway budget?', compression_model_name: 'latte_v2' }],
  espresso_v1: ['/api/compress/question-agnostic/', { context: CONTEXT, compression_model_name: 'espresso_v1' }],
  ...Object.fromEntries(['markdown', 'history', 'tool-output', 'tool-discovery'].map((f) => [f, [`/api/compress/${f}/`, example(f)]])),
};

// The first run signs up and makes a key; restarts reuse it, as a restarted server's clients do.
// --signup-each-run: every run signs up right after ready, as this bench used to, so that signup's
// background compilation (password scoring, PGlite) runs during the first request.
const signupEachRun = process.argv.includes('--signup-each-run');
let key;

// One database for all runs: the first start creates it (PGlite's initdb, several seconds), the
// next ones are restarts, which is what an operator's deploys and crashes are.
const dataDir = mkdtempSync(join(tmpdir(), 'crema-startup-'));

async function once() {
  const env = { ...process.env, PORT: '0', DATA_DIR: join(dataDir, 'pglite'), LOG_LEVEL: 'info', MAX_CONCURRENT_PER_ACCOUNT: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const load = loadavg()[0];
  const started = performance.now();
  const npm = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  npm.stdout.on('data', (b) => (out += b));
  npm.stderr.on('data', (b) => (out += b));
  let exitCode;
  const exited = new Promise((r) => npm.on('exit', (code, signal) => r((exitCode = code ?? signal))));
  try {
    let url;
    while (!(url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1])) {
      if (exitCode !== undefined) throw new Error(`exited early:\n${out}`);
      await sleep(20);
    }
    const listenMs = performance.now() - started;
    const server = serverPid(npm.pid);
    while ((await fetch(`${url}/health/ready`).catch(() => ({ status: 0 }))).status !== 200) await sleep(50);
    const readyMs = performance.now() - started;

    const post = (p, body, headers = {}) => fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!key || signupEachRun) {
      const session = await (await post('/api/auth/signup', { email: `startup${Date.now()}@example.com`, password: 'long enough password' })).json();
      key = (await (await post('/api/keys', { name: 'startup' }, { Authorization: `Bearer ${session.data.token}` })).json()).data.key;
    }
    const requests = {};
    for (const [model, [path, body]] of Object.entries(CALLS)) {
      const times = [];
      const engine = [];
      const cpu = [];
      const mainCpu = [];
      for (let i = 0; i < 6; i++) {
        const before = await engineMs(url);
        const cpuBefore = cpuMs(server);
        const mainBefore = cpuMs(server, { mainOnly: true });
        const t = performance.now();
        const res = await post(path, body, { 'X-API-Key': key });
        if (res.status !== 200) throw new Error(`${model}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        times.push(Math.round(performance.now() - t));
        cpu.push(Math.round(cpuMs(server) - cpuBefore));
        mainCpu.push(Math.round(cpuMs(server, { mainOnly: true }) - mainBefore));
        engine.push((await engineMs(url)) - before);
      }
      // engine: the engine pool's own time for the request (queueing included), from /metrics,
      // to tell a slow first request's engine part from the rest (HTTP, auth, billing, database).
      // cpu: the server's CPU time over all its threads, which a loaded machine inflates far less than wall time;
      // mainCpu: its main thread's alone (HTTP, validation, auth, billing, PGlite), the rest being the engine's and V8's.
      requests[model] = {
        firstMs: times[0],
        warmMedianMs: median(times.slice(1)),
        engineFirstMs: engine[0],
        engineWarmMedianMs: median(engine.slice(1)),
        cpuFirstMs: cpu[0],
        cpuWarmMedianMs: median(cpu.slice(1)),
        mainCpuFirstMs: mainCpu[0],
        mainCpuWarmMedianMs: median(mainCpu.slice(1)),
      };
    }
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const rssMb = Math.round(Number(/^crema_process_resident_memory_bytes (\d+)/m.exec(metrics)?.[1] ?? 0) / 2 ** 20);
    const stopping = performance.now();
    process.kill(npm.pid, 'SIGTERM');
    const stop = await Promise.race([exited.then(() => 'exited'), sleep(20_000).then(() => 'still running after 20 s')]);
    return { load1: Number(load.toFixed(1)), listenMs: Math.round(listenMs), readyMs: Math.round(readyMs), requests, rssMb, sigtermToNpm: { result: stop, exit: exitCode, ms: Math.round(performance.now() - stopping) } };
  } finally {
    // The whole group: a server orphaned by npm's exit must not outlive the measurement.
    try {
      process.kill(-npm.pid, 'SIGKILL');
    } catch {}
    await sleep(200);
  }
}

/** The node process under npm (npm runs `sh -c 'exec node ...'`): the first descendant running dist/server/main.js. */
function serverPid(pid) {
  for (const child of readProc(`/proc/${pid}/task/${pid}/children`).split(' ').filter(Boolean)) {
    if (readProc(`/proc/${child}/cmdline`).includes('server/main')) return child;
    const deeper = serverPid(child);
    if (deeper) return deeper;
  }
  return undefined;
}

/** CPU time of every thread of `pid` (or its main thread only) so far, ms (Linux schedstat; NaN elsewhere). */
function cpuMs(pid, { mainOnly = false } = {}) {
  if (!pid) return NaN;
  let ns = 0;
  for (const tid of mainOnly ? [pid] : readdirProc(`/proc/${pid}/task`)) ns += Number(readProc(`/proc/${pid}/task/${tid}/schedstat`).split(' ')[0] || 0);
  return ns / 1e6;
}

const readProc = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const readdirProc = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** Sum of crema_engine_job_duration_seconds over its operations, ms. */
async function engineMs(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Math.round([...text.matchAll(/^crema_engine_job_duration_seconds_sum\{[^}]*\} (\S+)$/gm)].reduce((a, m) => a + Number(m[1]) * 1000, 0));
}

const results = [];
for (let i = 0; i < runs; i++) results.push({ start: i === 0 ? 'first (new database)' : 'restart', ...(await once()) });
rmSync(dataDir, { recursive: true, force: true });
// Medians over the restarts (the runs after the first): what README and docs/operations.md quote.
const restarts = results.slice(1);
const summary = restarts.length === 0 ? undefined : {
  restarts: restarts.length,
  load1: restarts.map((r) => r.load1),
  listenMs: median(restarts.map((r) => r.listenMs)),
  readyMs: median(restarts.map((r) => r.readyMs)),
  firstVsWarm: Object.fromEntries(Object.keys(CALLS).map((m) => {
    const first = median(restarts.map((r) => r.requests[m].firstMs));
    const warm = median(restarts.map((r) => r.requests[m].warmMedianMs));
    return [m, `${first} vs ${warm} ms (${(first / warm).toFixed(1)}x)`];
  })),
  cpuFirstVsWarm: Object.fromEntries(Object.keys(CALLS).map((m) => {
    const first = median(restarts.map((r) => r.requests[m].cpuFirstMs));
    const warm = median(restarts.map((r) => r.requests[m].cpuWarmMedianMs));
    return [m, `${first} vs ${warm} ms (${(first / warm).toFixed(1)}x)`];
  })),
  mainCpuFirstVsWarm: Object.fromEntries(Object.keys(CALLS).map((m) => {
    const first = median(restarts.map((r) => r.requests[m].mainCpuFirstMs));
    const warm = median(restarts.map((r) => r.requests[m].mainCpuWarmMedianMs));
    return [m, `${first} vs ${warm} ms`];
  })),
  worstRatio: Math.max(...restarts.flatMap((r) => Object.values(r.requests).map((q) => Number((q.firstMs / q.warmMedianMs).toFixed(1))))),
};
console.log(JSON.stringify({ cwd, runs: results, summary }, null, 2));
