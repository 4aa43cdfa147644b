import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { UsageError } from './usage-error.js';

/** One text to compress and the name its output gets under `--out`. */
export interface InputFile {
  /** Shown in progress lines and used as the output's relative path. */
  name: string;
  text: string;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.isFile() ? Promise.resolve([join(dir, e.name)]) : Promise.resolve([]))),
  );
  return nested.flat();
}

/**
 * The files named on the command line, directories expanded (recursively, hidden entries
 * skipped, sorted). `many` is true when batch routes should be used: several files or a directory.
 */
async function readInput(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`could not read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export async function collectInputs(args: string[]): Promise<{ files: InputFile[]; many: boolean }> {
  const files: InputFile[] = [];
  let sawDirectory = false;
  for (const arg of args) {
    const info = await stat(arg).catch(() => undefined);
    if (!info) throw new UsageError(`no such file or directory: ${arg}`);
    if (info.isDirectory()) {
      sawDirectory = true;
      for (const path of (await walk(arg)).sort()) files.push({ name: relative(arg, path), text: await readInput(path) });
    } else {
      files.push({ name: basename(arg), text: await readInput(arg) });
    }
  }
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new UsageError(`two inputs would write the same output name '${f.name}'; compress them separately`);
    names.add(f.name);
  }
  if (files.length === 0) throw new UsageError(`no files found in ${args.join(', ')}`);
  return { files, many: sawDirectory || files.length > 1 };
}

/** All of stdin as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
