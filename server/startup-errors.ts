import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.js';
import { databaseAddress } from './db/can-reach.js';

/**
 * Prints one `crema: ...` line per problem on stderr and exits 1: what an operator needs to fix
 * a bad start, without a stack trace. For failures before anything was started.
 */
function failNow(lines: readonly string[]): never {
  for (const line of lines) process.stderr.write(`crema: ${line}\n`);
  process.exit(1);
}

let stopStarted: (() => Promise<unknown>) | undefined;

/**
 * What must stop before a failed start exits: exiting while an engine worker loads a network
 * aborts the process inside onnxruntime (SIGABRT instead of exit 1, seen on a port in use).
 */
export function beforeFailedStartExit(stop: () => Promise<unknown>): void {
  stopStarted = stop;
}

/** `failNow` once what was started has stopped (at most 30 s: a worker loading a network finishes first); never resolves. */
export async function failStartup(lines: readonly string[]): Promise<never> {
  for (const line of lines) process.stderr.write(`crema: ${line}\n`);
  if (stopStarted) await Promise.race([stopStarted().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  process.exit(1);
}

/** The settings, or exit 1 with one line per bad value. */
export function settingsOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) failNow(err.problems);
    failNow([`settings could not be read: ${messageOf(err)}`]);
  }
}

/** Runs one startup step; on failure exits 1 with `describe(error)` as its one line. */
export async function stepOrExit<T>(run: () => Promise<T> | T, describe: (err: unknown) => string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    return await failStartup([describe(err)]);
  }
}

/** The database crema could not use, named by host and port (or data directory), and why. */
export function databaseFailure(err: unknown, where: { databaseUrl: string | undefined; dataDir: string }): string {
  if (!where.databaseUrl) return `cannot open the embedded database in DATA_DIR ${where.dataDir}: ${messageOf(err)}`;
  const { host, port } = databaseAddress(where.databaseUrl);
  const code = codeOf(err);
  const why = code ? `${code}${REASONS[code] ? ` (${REASONS[code]})` : ''}` : messageOf(err);
  return `cannot use the database at ${host}:${port} (DATABASE_URL): ${why}`;
}

/** Why the server could not listen on HOST:PORT. */
export function listenFailure(err: unknown, host: string, port: number): string {
  const code = codeOf(err);
  if (code === 'EADDRINUSE') return `PORT ${port} on ${host} is already in use by another process: stop it or choose another PORT`;
  if (code === 'EACCES') return `PORT ${port} on ${host} needs privileges this process does not have: choose a PORT above 1023`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine`;
  if (code === 'ENOTFOUND') return `HOST ${host} does not resolve`;
  return `cannot listen on ${host}:${port}: ${code ?? messageOf(err)}`;
}

/** The contents of a file a setting names (TLS_CERT_FILE), or exit 1 saying which and why (read before anything starts). */
export function readFileOrExit(setting: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    failNow([`${setting} ${file} cannot be read: ${codeOf(err) ?? messageOf(err)}`]);
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  ETIMEDOUT: 'no answer',
  EHOSTUNREACH: 'the host is unreachable',
  '28P01': 'wrong password',
  '28000': 'this user may not connect',
  '3D000': 'the database does not exist',
};

// The first error code on the cause chain: migrations wrap the driver's error; pg's connection
// timeout is an Error without a code; an AggregateError (IPv4 and IPv6 both refused) keeps it in errors[].
function codeOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown; errors?: unknown[]; message?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string') return e.code;
    if (Array.isArray(e.errors) && e.errors.length > 0) e = e.errors[0] as typeof e;
    else if (typeof e.message === 'string' && /timeout/i.test(e.message)) return 'ETIMEDOUT';
    else e = e.cause as typeof e;
  }
  return undefined;
}

// The innermost cause's first line: the driver's words, not a wrapper's (`migration failed: ...`).
function messageOf(err: unknown): string {
  let e = err;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause !== undefined; depth++) e = e.cause;
  const message = e instanceof Error ? e.message : String(e);
  return message.split('\n')[0] ?? message;
}
