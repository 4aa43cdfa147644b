import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A free TCP port on loopback (the OS picks; the tiny race is acceptable for tests). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function pgBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return null;
}

function whichRedis(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Why a throwaway PostgreSQL cannot start here, or null when it can. */
export function postgresMissing(): string | null {
  return pgBinDir() ? null : 'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin';
}

/** Why a throwaway Redis cannot start here, or null when it can. */
export function redisMissing(): string | null {
  return whichRedis() ? null : 'redis-server not on PATH';
}

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/**
 * A private PostgreSQL cluster on a free port, in a temp dir (fsync off), that a fault test may
 * stop and start at will. Runs as `postgres` when the suite runs as root (initdb refuses root).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = pgBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'crema-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ThrowawayRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A private redis-server on a free port (no persistence), stoppable and restartable. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const bin = whichRedis();
  if (!bin) throw new Error('no redis-server');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'pipe' });
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve();
      };
      child!.stdout!.on('data', onData);
      child!.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
    });
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
