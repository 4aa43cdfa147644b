import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CremaClient } from '../create-client.js';
import { DEFAULT_MODEL, FAMILY_NAMES, isFamilyName } from '../families.js';
import { checkOptions, compressChunk, compressOne, type CompressOptions, type Outcome } from './family-requests.js';
import { collectInputs, readStdin, type InputFile } from './inputs.js';
import { createProgress } from './progress.js';
import { formatSummary, summarize } from './summary.js';
import { UsageError } from './usage-error.js';

/** The batch routes take at most 100 inputs. */
export const BATCH_SIZE = 100;

/** The flags of `crema compress`, as commander hands them over. */
export interface CompressFlags {
  family?: string;
  model?: string;
  query?: string;
  ratio?: string;
  coarse?: boolean;
  json?: boolean;
  out?: string;
  quiet?: boolean;
}

export function compressOptions(flags: CompressFlags): CompressOptions {
  const family = flags.family ?? (flags.query ? 'question-specific' : 'question-agnostic');
  if (!isFamilyName(family)) throw new UsageError(`unknown --family '${family}'; one of ${FAMILY_NAMES.join(', ')}`);
  const ratio = flags.ratio === undefined ? undefined : Number(flags.ratio);
  if (ratio !== undefined && !(Number.isFinite(ratio) && ratio > 0 && ratio <= 200)) {
    throw new UsageError(`--ratio must be a number in (0, 200], got '${flags.ratio}'`);
  }
  const model = flags.model ?? (family === 'tool-output' && flags.query ? 'toc_latte_v1' : DEFAULT_MODEL[family]);
  const options: CompressOptions = { family, model, query: flags.query, ratio, coarse: flags.coarse };
  checkOptions(options);
  return options;
}

async function price(crema: CremaClient, o: CompressOptions): Promise<number | null> {
  try {
    return (await crema.model(o.family, o.model)).input_price_per_1m;
  } catch {
    return null; // the summary says 'unknown' rather than failing a finished run
  }
}

async function writeOutputs(dir: string, outcomes: Outcome[]): Promise<void> {
  for (const o of outcomes) {
    const path = join(dir, o.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, o.text);
  }
}

/**
 * `crema compress`: one input (a file or stdin) through the single route; several files or a
 * directory through the batch route in chunks of 100, with progress on stderr. Outputs go to
 * `--out DIR` (same relative names) or stdout; the summary table goes to stderr.
 */
export async function runCompress(crema: CremaClient, args: string[], flags: CompressFlags): Promise<void> {
  const options = compressOptions(flags);
  let files: InputFile[];
  let many = false;
  if (args.length === 0) {
    if (process.stdin.isTTY) throw new UsageError('no input: name files or a directory, or pipe text to stdin');
    files = [{ name: 'stdin.txt', text: await readStdin() }];
  } else {
    ({ files, many } = await collectInputs(args));
  }

  const outcomes: Outcome[] = [];
  if (!many) {
    outcomes.push(await compressOne(crema, options, files[0]!));
  } else {
    const progress = createProgress(files.length);
    try {
      for (let i = 0; i < files.length; i += BATCH_SIZE) {
        const chunk = await compressChunk(crema, options, files.slice(i, i + BATCH_SIZE));
        outcomes.push(...chunk);
        progress.advance(
          chunk.length,
          chunk.reduce((s, o) => s + o.originalTokens, 0),
          chunk.reduce((s, o) => s + o.compressedTokens, 0),
        );
      }
    } finally {
      progress.stop();
    }
  }

  if (flags.out) await writeOutputs(flags.out, outcomes);
  if (flags.json) {
    const body = many ? outcomes.map((o) => ({ file: o.name, result: o.result })) : outcomes[0]!.result;
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  } else if (!flags.out) {
    for (const o of outcomes) process.stdout.write(many ? `==> ${o.name} <==\n${o.text}\n` : o.text.endsWith('\n') ? o.text : `${o.text}\n`);
  }
  if (!flags.quiet) {
    const summary = summarize(outcomes, options.model, await price(crema, options));
    process.stderr.write(`${formatSummary(summary)}\n`);
    if (flags.out) process.stderr.write(`wrote ${outcomes.length} file(s) to ${flags.out}\n`);
  }
}
