import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CremaClient } from '../create-client.js';
import { DEFAULT_MODEL, FAMILY_NAMES, isFamilyName } from '../families.js';
import { planBatches } from './batch-plan.js';
import { runBatches } from './batch-runner.js';
import { FilesFailed, formatFailures, type Failure } from './failures.js';
import { checkOptions, compressChunk, compressOne, type CompressOptions, type Outcome } from './family-requests.js';
import { collectInputs, readStdin, type InputFile } from './inputs.js';
import { createProgress } from './progress.js';
import { formatSummary, summarize } from './summary.js';
import { UsageError } from './usage-error.js';

/**
 * Estimated tokens per batch request by default: a few seconds of work for a CPU server, far
 * inside its 60 s budget, and small enough that progress moves every few files.
 */
export const DEFAULT_BATCH_TOKENS = 8_000;
export const DEFAULT_CONCURRENCY = 4;

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
  batchTokens?: string;
  concurrency?: string;
}

function positiveInt(flag: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be an integer from 1 to ${max}, got '${raw}'`);
  return n;
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

async function writeOutput(dir: string, o: Outcome): Promise<void> {
  const path = join(dir, o.name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, o.text);
}

/**
 * `crema compress`: one input (a file or stdin) through the single route; several files or a
 * directory through the batch route in requests sized by tokens (`--batch-tokens`), several in
 * flight (`--concurrency`), each output written (`--out DIR`, same relative names) or printed as
 * soon as its request is answered, progress per file on stderr. Files that fail are listed at
 * the end and make the exit code 2; the others are still written. Inputs are read before
 * `connect` is called, so a missing file is reported before a missing key.
 */
export async function runCompress(connect: () => CremaClient, args: string[], flags: CompressFlags): Promise<void> {
  const options = compressOptions(flags);
  const batchTokens = positiveInt('--batch-tokens', flags.batchTokens, DEFAULT_BATCH_TOKENS, 10_000_000);
  const concurrency = positiveInt('--concurrency', flags.concurrency, DEFAULT_CONCURRENCY, 64);
  let files: InputFile[];
  let many = false;
  if (args.length === 0) {
    if (process.stdin.isTTY) throw new UsageError('no input: name files or a directory, or pipe text to stdin');
    files = [{ name: 'stdin.txt', text: await readStdin() }];
  } else {
    ({ files, many } = await collectInputs(args));
  }
  const crema = connect();

  if (!many) {
    const outcome = await compressOne(crema, options, files[0]!);
    if (flags.out) await writeOutput(flags.out, outcome);
    if (flags.json) process.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    else if (!flags.out) process.stdout.write(outcome.text.endsWith('\n') ? outcome.text : `${outcome.text}\n`);
    if (!flags.quiet) await printSummary(crema, options, [outcome], flags.out);
    return;
  }

  const outcomes: (Outcome | undefined)[] = new Array(files.length);
  const failures: Failure[] = [];
  const progress = createProgress(files.length);
  try {
    await runBatches({
      files,
      batches: planBatches(files, batchTokens),
      concurrency,
      send: (chunk) => compressChunk(crema, options, chunk),
      async onDone(outcome, index) {
        outcomes[index] = outcome;
        if (flags.out) await writeOutput(flags.out, outcome);
        else if (!flags.json) process.stdout.write(`==> ${outcome.name} <==\n${outcome.text}\n`);
        progress.fileDone(outcome.name, outcome.originalTokens, outcome.compressedTokens);
      },
      onFailed(error, index) {
        failures.push({ name: files[index]!.name, error });
        progress.fileDone(files[index]!.name, 0, 0, true);
      },
    });
  } finally {
    progress.stop();
  }

  const done = outcomes.filter((o): o is Outcome => o !== undefined);
  // Nothing got through (no server, a revoked key): the error itself says it best, with its own exit code.
  if (done.length === 0 && failures.length > 0) throw failures[0]!.error;
  if (flags.json) process.stdout.write(`${JSON.stringify(done.map((o) => ({ file: o.name, result: o.result })), null, 2)}\n`);
  if (!flags.quiet && done.length > 0) await printSummary(crema, options, done, flags.out);
  if (failures.length > 0) {
    const order = new Map(files.map((f, i) => [f.name, i]));
    failures.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
    process.stderr.write(`${formatFailures(failures, files.length)}\n`);
    throw new FilesFailed(failures.length, files.length);
  }
}

async function printSummary(crema: CremaClient, options: CompressOptions, outcomes: Outcome[], out: string | undefined): Promise<void> {
  const summary = summarize(outcomes, options.model, await price(crema, options));
  process.stderr.write(`${formatSummary(summary)}\n`);
  if (out) process.stderr.write(`wrote ${outcomes.length} file(s) to ${out}\n`);
}
