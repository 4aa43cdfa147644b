import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../../server/compression/engine/formats/detect-format.js';
import type { ToolFormat } from '../../../../server/compression/engine/formats/format-input.js';
import { TOPICS } from '../../../helpers/texts.js';
import { readRepoFile } from './format-input-helper.js';
import { fixture, lockedPackages, serviceLog } from './fixtures.js';

const lines = (...l: string[]) => l.join('\n');
const packages = lockedPackages().slice(0, 40);

// Lines as this machine's services wrote them (MariaDB, PostgreSQL, NATS, Redis, dpkg, update-alternatives).
const SERVICE_LOGS: Record<string, string> = {
  mariadb: lines(
    '2026-11-23 22:28:09 0 [Note] Starting MariaDB 10.11.19-MariaDB-0+deb12u1 source revision 5843d8475120241667a7ce0f8a1abb6c9b43a273 as process 3780',
    '2026-11-23 22:28:09 0 [Note] InnoDB: Compressed tables use zlib 1.2.13',
    '2026-11-23 22:28:09 0 [Note] InnoDB: Number of transaction pools: 1',
    "Version: '10.11.19-MariaDB-0+deb12u1'  socket: '/run/mysqld/mysqld.sock'  port: 3306  Debian 12",
    "2026-11-23 22:28:09 3 [Warning] Aborted connection 3 to db: 'unconnected' user: 'unauthenticated' host: '127.0.0.1'",
  ),
  postgres: lines(
    '2026-11-23 22:27:20.778 UTC [2192] LOG:  starting PostgreSQL 15.20 (Debian 15.20-0+deb12u1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14+deb12u1) 12.2.0, 64-bit',
    '2026-11-23 22:27:20.778 UTC [2192] LOG:  listening on IPv4 address "127.0.0.1", port 5432',
    '2026-11-23 22:27:20.802 UTC [2195] LOG:  database system was shut down at 2026-11-23 22:27:19 UTC',
    '2026-11-23 22:27:20.825 UTC [2192] LOG:  database system is ready to accept connections',
  ),
  nats: lines(
    '[2949] 2026/11/23 22:27:41.818959 [INF] Starting nats-server',
    '[2949] 2026/11/23 22:27:41.819110 [INF]   Version:  2.9.10',
    '[2949] 2026/11/23 22:27:41.821934 [INF] Starting JetStream',
    '[2949] 2026/11/23 22:27:41.825283 [INF] Server is ready',
  ),
  redis: lines(
    '2212:C 23 Nov 2026 22:27:23.488 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
    '2212:C 23 Nov 2026 22:27:23.489 # Redis version=7.0.15, bits=64, commit=00000000, modified=0, pid=2212, just started',
    '2212:M 23 Nov 2026 22:27:23.495 * Running mode=standalone, port=6379.',
    '2212:M 23 Nov 2026 22:27:23.501 * Ready to accept connections',
  ),
  // Before 10:00 MariaDB pads the hour with a space, and its runs of two spaces also look like columns.
  'mariadb before 10:00': lines(
    '2026-11-25  9:01:45 0 [Note] Starting MariaDB 10.11.19-MariaDB-0+deb12u1 source revision 5843d8475120241667a7ce0f8a1abb6c9b43a273 as process 3831',
    '2026-11-25  9:01:45 0 [Note] InnoDB: Compressed tables use zlib 1.2.13',
    '2026-11-25  9:01:45 0 [Note] InnoDB: Number of transaction pools: 1',
    '2026-11-25  9:01:45 0 [Note] InnoDB: Using AVX512 instructions',
    '2026-11-25  9:01:45 0 [Note] InnoDB: Using io_uring',
    '2026-11-25  9:01:45 0 [Note] InnoDB: Completed initialization of buffer pool',
    "2026-11-25  9:01:46 3 [Warning] Aborted connection 3 to db: 'unconnected' user: 'unauthenticated' host: 'localhost'",
  ),
  dpkg: lines(
    '2025-06-24 14:36:25 startup archives unpack',
    '2025-06-24 14:36:25 upgrade libsystemd0:amd64 252.36-1~deb12u1 252.38-1~deb12u1',
    '2025-06-24 14:36:25 status triggers-pending libc-bin:amd64 2.36-9+deb12u10',
  ),
  'update-alternatives': lines(
    'update-alternatives 2025-06-24 14:36:53: run with --quiet --install /usr/bin/pager pager /usr/bin/less 77',
    'update-alternatives 2025-06-24 14:36:53: link group pager updated to point to /usr/bin/less',
    'update-alternatives 2025-06-24 14:39:43: link group java updated to point to /usr/lib/jvm/java-17-openjdk-amd64/bin/java',
  ),
};

const CASES: Array<[string, string, ToolFormat]> = [
  ['package.json', readRepoFile('package.json'), 'json'],
  ['package-lock.json', readRepoFile('package-lock.json'), 'json'],
  ['an array with surrounding whitespace', '\n  [1, {"a": [true, null]}, "x"]\n', 'json'],
  ['a bare number', '42', 'text'],
  ['a bare string', '"just a string"', 'text'],
  ['JSON cut short', '{"name": "crema", "dependencies": {"express": "^5.2.0",', 'text'],
  ['a JavaScript object literal', "{ name: 'crema', private: true }", 'text'],
  ['braces around prose', '{see the notes below, they explain it}', 'text'],

  ['a service log', serviceLog().text, 'log'],
  ...Object.entries(SERVICE_LOGS).map(([name, text]): [string, string, ToolFormat] => [`${name} log`, text, 'log']),
  ['syslog', lines('Nov 23 22:27:20 web-1 sshd[812]: Accepted publickey for deploy', 'Nov 23 22:27:21 web-1 systemd[1]: Started Session 42 of user deploy.', 'Nov  3 22:27:29 web-1 CRON[901]: (root) CMD (run-parts /etc/cron.hourly)'), 'log'],
  ['Android logcat', lines('E/AndroidRuntime( 1234): FATAL EXCEPTION: main', 'W/System.err( 1234): java.io.IOException: closed', 'I/ActivityManager(  512): Start proc com.example for activity'), 'log'],
  ['logcat threadtime', lines('11-23 10:00:01.123  1234  1250 I ActivityManager: Start proc 4321', '11-23 10:00:01.456  1234  1250 W PackageManager: slow install', '11-23 10:00:02.001  1234  1251 E AndroidRuntime: FATAL EXCEPTION: main'), 'log'],
  ['pino JSON lines', lines('{"level":30,"time":1732350000000,"pid":41,"msg":"server listening"}', '{"level":40,"time":1732350000100,"pid":41,"msg":"slow query"}', '{"level":50,"time":1732350000200,"pid":41,"msg":"request failed"}'), 'log'],
  ['logfmt', lines('time=2026-11-23T10:00:00Z level=info msg="started" port=8080', 'time=2026-11-23T10:00:01Z level=warn msg="slow" ms=2350', 'time=2026-11-23T10:00:02Z level=error msg="failed"'), 'log'],
  ['Python logging with comma milliseconds', lines('2026-11-23 10:00:00,123 INFO worker: started', '2026-11-23 10:00:00,456 INFO worker: picked job 8812', '2026-11-23 10:00:01,002 ERROR worker: job 8812 failed'), 'log'],
  ['bracketed clock times', lines('[10:11:12] Starting compilation in watch mode...', '[10:11:14] Found 0 errors. Watching for file changes.', '[10:12:01] File change detected.'), 'log'],
  ['epoch milliseconds', lines('1732350000123 INFO started', '1732350000456 WARN slow request', '1732350000789 INFO stopped'), 'log'],
  ['level words first', lines('INFO  starting worker pool', 'WARN  queue depth 900', 'ERROR worker 3 crashed', '    at run (worker.js:10:3)'), 'log'],

  ['CSV of locked packages', ['name,version,license,dev', ...packages.map((p) => `${p.name},${p.version},${p.license},${p.dev}`)].join('\n'), 'table'],
  ['TSV of locked packages', ['name\tversion', ...packages.map((p) => `${p.name}\t${p.version}`)].join('\n'), 'table'],
  ['a CSV time series (timestamps first)', lines('time,host,cpu', '2026-11-23T10:00:00Z,web-1,0.42', '2026-11-23T10:00:10Z,web-1,0.45', '2026-11-23T10:00:20Z,web-2,0.38'), 'table'],
  ['a markdown table', ['| Package | Version |', '| --- | ---: |', ...packages.slice(0, 5).map((p) => `| ${p.name} | ${p.version} |`)].join('\n'), 'table'],
  ['ps output', fixture('ps.txt'), 'table'],
  ['ls -l output', fixture('ls-l.txt'), 'table'],
  [
    'docker ps',
    lines(
      'CONTAINER ID   IMAGE          COMMAND                  CREATED        STATUS        PORTS                    NAMES',
      '3f2a1b9c8d7e   postgres:15    "docker-entrypoint.s…"   2 hours ago    Up 2 hours    0.0.0.0:5432->5432/tcp   db',
      '9b8c7d6e5f4a   redis:7        "docker-entrypoint.s…"   2 hours ago    Up 2 hours    0.0.0.0:6379->6379/tcp   cache',
      'a1b2c3d4e5f6   crema:0.1.0    "tsx server/main.ts"     5 minutes ago  Up 5 minutes  0.0.0.0:8080->8080/tcp   api',
    ),
    'table',
  ],
  [
    'kubectl get pods',
    lines(
      'NAME                          READY   STATUS             RESTARTS   AGE',
      'api-7d9f8b6c5-x2k4p           1/1     Running            0          3d',
      'worker-5c6d7e8f9-q8r7s        0/1     CrashLoopBackOff   14         3d',
      'postgres-0                    1/1     Running            1          12d',
    ),
    'table',
  ],

  ['prose', Object.values(TOPICS).flat().join('\n'), 'text'],
  [
    'prose with one comma per line',
    lines(
      'The harbour was busy in summer, when ships came from the north.',
      'Fishermen mended their nets on the quay, talking about the weather.',
      'In the evening the lights came on, and the market closed its stalls.',
    ),
    'text',
  ],
  ['JavaScript with semicolons', lines("const a = require('a');", 'const b = a.make(1, 2);', 'export default b;'), 'text'],
  ['tab-indented Go', lines('func main() {', '\tx := 1', '\tfmt.Println(x)', '\tos.Exit(0)', '}'), 'text'],
  ['CLI help (two columns)', lines('Usage: crema [options]', '', 'Options:', '  -p, --port <n>     port to listen on', '  -h, --help         show this help', '  -v, --version      print the version'), 'text'],
  ['a stack trace alone', lines('java.lang.IllegalStateException: queue closed', '\tat com.example.Queue.take(Queue.java:142)', '\tat com.example.Worker.run(Worker.java:57)'), 'log'],
  ['installer output with a warning', lines('Setting up libfoo (1.2-3) ...', 'Processing triggers for man-db ...', 'adduser: Warning: The home directory does not belong to the user.', 'Setting up bar (2.0) ...'), 'log'],
  ['dmesg', lines('[    0.000000] Linux version 6.1.0', '[    0.004512] Command line: ro quiet', '[    1.234567] usb 1-1: new device', '[    2.000001] EXT4-fs (sda1): mounted'), 'log'],
  ['a markdown document with a small table', `${TOPICS.railway!.join('\n\n')}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n${TOPICS.chess!.join('\n\n')}`, 'text'],
  ['a README', readRepoFile('README.md'), 'text'],
  ['empty', '', 'text'],
];

describe('detectFormat', () => {
  it.each(CASES)('%s', (_name, text, format) => {
    expect(detectFormat(text)).toBe(format);
  });
});
