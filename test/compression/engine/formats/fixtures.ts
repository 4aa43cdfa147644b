import { readFileSync } from 'node:fs';
import { readRepoFile } from './format-input-helper.js';

/** A fixture file of this folder (captured command output). */
export const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** A small deterministic generator (LCG), so fixtures look varied but never change. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A web service's log from a realistic template: startup, request and cache lines, a run of health
 * checks, warnings, an error with a Node stack, a Java exception with a cause, a Python traceback
 * and a fatal shutdown. `severe` lists every line that must survive compression.
 */
export function serviceLog(seed = 7): { text: string; severe: string[]; healthRun: number } {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let t = Date.UTC(2026, 10, 23, 10, 0, 0);
  const stamp = () => new Date((t += 1 + Math.floor(rnd() * 900))).toISOString();
  const lines: string[] = [];
  const severe: string[] = [];
  const log = (level: string, msg: string) => lines.push(`${stamp()} ${level.padEnd(5)} ${msg}`);
  const bad = (line: string) => {
    lines.push(line);
    severe.push(line);
  };
  const request = () => {
    const id = Math.floor(rnd() * 0xffffff).toString(16).padStart(6, '0');
    const path = pick(['/api/orders/', '/api/customers/', '/api/invoices/', '/api/products/']) + (1000 + Math.floor(rnd() * 9000));
    log('INFO', `[http] req=${id} ${pick(['GET', 'GET', 'POST', 'PUT'])} ${path} ${pick([200, 200, 200, 201, 204, 404])} in ${5 + Math.floor(rnd() * 120)} ms`);
  };
  log('INFO', '[main] starting orders-service 3.14.2 (node v20.19.0, pid 4127)');
  log('INFO', '[config] loaded /etc/orders/config.yaml (environment=production, region=eu-west-1)');
  log('DEBUG', '[db] connecting to postgres://orders@10.0.0.7:5432/orders (pool size 10)');
  log('INFO', '[db] connected in 84 ms, schema version 42');
  log('INFO', '[http] listening on 0.0.0.0:8080');
  for (let i = 0; i < 40; i++) {
    if (rnd() < 0.7) request();
    else log('DEBUG', `[cache] ${pick(['hit', 'miss', 'hit', 'evict'])} key=${pick(['customer', 'product', 'price'])}:${Math.floor(rnd() * 5000)} size=${Math.floor(rnd() * 4096)}B`);
  }
  const healthRun = 25;
  for (let i = 0; i < healthRun; i++) log('INFO', `[health] GET /healthz 200 in ${1 + Math.floor(rnd() * 4)} ms`);
  bad(`${stamp()} WARN  [db] pool nearly exhausted (9 of 10 connections busy)`);
  for (let i = 0; i < 15; i++) request();
  bad(`${stamp()} ERROR [orders] req=7f3a9c failed: connect ECONNREFUSED 10.0.0.7:5432`);
  bad('    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)');
  bad('    at async Pool.connect (/srv/app/node_modules/pg-pool/index.js:45:11)');
  bad('    at async OrdersRepo.find (/srv/app/dist/orders/repo.js:88:20)');
  for (let i = 0; i < 20; i++) request();
  log('INFO', '[billing] invoice 4711 sent to customer Marta Ilves');
  for (let i = 0; i < 10; i++) request();
  bad(`${stamp()} WARN  [http] slow request req=c0ffee GET /api/reports/monthly took 2350 ms`);
  bad(`${stamp()} ERROR [worker] job 8812 crashed`);
  bad('java.lang.IllegalStateException: queue closed');
  bad('\tat com.example.queue.Queue.take(Queue.java:142)');
  bad('\tat com.example.worker.Worker.run(Worker.java:57)');
  bad('Caused by: java.io.IOException: Broken pipe');
  bad('\tat com.example.net.Channel.read(Channel.java:88)');
  bad('\t... 4 more');
  for (let i = 0; i < 20; i++) request();
  bad(`${stamp()} ERROR [etl] step load_customers failed`);
  bad('Traceback (most recent call last):');
  bad('  File "/srv/etl/run.py", line 41, in <module>');
  bad('    main()');
  bad('  File "/srv/etl/run.py", line 37, in main');
  bad('    load(rows)');
  bad("KeyError: 'customer_id'");
  for (let i = 0; i < 30; i++) request();
  log('INFO', '[main] received SIGTERM, draining 3 connections');
  bad(`${stamp()} FATAL [main] unrecoverable state, exiting with code 3`);
  return { text: `${lines.join('\n')}\n`, severe, healthRun };
}

interface LockPackage {
  version?: string;
  license?: string;
  dev?: boolean;
  resolved?: string;
}

/** The repository's locked packages (name without `node_modules/`, version, license, dev flag, tarball URL). */
export function lockedPackages(): Array<{ name: string; version: string; license: string; dev: boolean; resolved: string }> {
  const lock = JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, LockPackage> };
  return Object.entries(lock.packages)
    .filter(([path]) => path.startsWith('node_modules/'))
    .map(([path, p]) => ({ name: path.replace(/^.*node_modules\//u, ''), version: p.version ?? '', license: p.license ?? '', dev: p.dev ?? false, resolved: p.resolved ?? '' }));
}
