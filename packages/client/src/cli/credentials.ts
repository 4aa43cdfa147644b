import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What `crema login` and `crema signin` keep in `~/.crema/credentials.json`. */
export interface SavedCredentials {
  base_url?: string;
  api_key?: string;
  /** A bearer session from `crema signin`, for `keys` and `usage`. */
  token?: string;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** `~/.crema/credentials.json`; `HOME` is read on each call so tests can point it elsewhere. */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env['HOME'] || homedir(), '.crema', 'credentials.json');
}

export async function readCredentials(path: string): Promise<SavedCredentials | undefined> {
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  return text === undefined ? undefined : (JSON.parse(text) as SavedCredentials);
}

/** Writes the file readable by its owner only (0600, in a 0700 folder): it holds a live key. */
export async function writeCredentials(path: string, creds: SavedCredentials): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created; an older file keeps its mode otherwise
  await chmod(path, 0o600);
}

/** Deletes the file; false when there was none. */
export async function removeCredentials(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Where to connect and with what: flags, then `CREMA_BASE_URL`/`CREMA_API_KEY`, then the hosted
 * service's `COMPRESR_BASE_URL`/`COMPRESR_API_KEY` (so its users can point them at crema), then
 * the saved file.
 */
export interface Settings {
  baseUrl: string;
  apiKey: string | undefined;
  token: string | undefined;
  path: string;
  saved: SavedCredentials | undefined;
}

export async function loadSettings(flags: { baseUrl?: string | undefined }, env: NodeJS.ProcessEnv = process.env): Promise<Settings> {
  const path = credentialsPath(env);
  const saved = await readCredentials(path);
  return {
    baseUrl: flags.baseUrl || env['CREMA_BASE_URL'] || env['COMPRESR_BASE_URL'] || saved?.base_url || DEFAULT_BASE_URL,
    apiKey: env['CREMA_API_KEY'] || env['COMPRESR_API_KEY'] || saved?.api_key,
    token: saved?.token,
    path,
    saved,
  };
}
