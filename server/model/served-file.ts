import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import ort from 'onnxruntime-node';
import type { WeightsId } from '../catalog/model-catalog.js';
import { dequantizeOnnx } from './dequantize.js';
import type { ModelFormat } from './served-format.js';

export type { ModelFormat } from './served-format.js';

interface FormatTiming {
  /** The fastest of the timed runs (on a busy host the others measure the neighbours too). */
  msPerRun: number;
  tokensPerSecond: number;
}

interface ServedTimings {
  /** The timed batch: windows x pieces. */
  batch: [number, number];
  runs: number;
  threads: number;
  int8: FormatTiming;
  fp32: FormatTiming;
}

/** The ONNX file one network is served from, and how it was chosen. */
export interface ServedFile {
  quantized: boolean;
  /** Absolute path of the served file. */
  file: string;
  /**
   * transformers.js `model_file_name` when the served fp32 file is not `models/<id>/onnx/model.onnx`
   * (the models folder was not writable): a path from `models/<id>/onnx/`, without `.onnx`.
   */
  modelFileName?: string;
  /**
   * forced: MODEL_FORMAT named the format; timed: both files were timed now; cached: the decision
   * of an earlier timing on this host; fallback: int8, because the fp32 file could not be made or timed (`why`).
   */
  how: 'forced' | 'timed' | 'cached' | 'fallback';
  why?: string;
  /** Present when timed or cached. */
  timings?: ServedTimings;
  /** Milliseconds spent writing the fp32 twin (when this call wrote it). */
  twinMs?: number;
  /** Why the decision or the twin's record could not be saved (it will be timed again next start). */
  cacheError?: string;
  /** Milliseconds this call took. */
  ms: number;
}

export interface ChooseServedFileOptions {
  /** Intra-op threads of the scorer's sessions; the timing sessions use as many. */
  threads: number;
  /** Default auto. */
  mode?: ModelFormat;
  /** Where `served-format.json` and the fp32 twins go (CACHE_DIR). Default: `<modelsDir>/../.cache`. */
  cacheDir?: string;
}

export const INT8_FILE = 'onnx/model_quantized.onnx';
export const FP32_FILE = 'onnx/model.onnx';
/** The timed batch (windows x pieces), its runs per file after one warm-up run each. */
const BATCH: [number, number] = [4, 128];
const RUNS = 7;
/** fp32 is served only when at least this much faster: int8 is the committed file, a quarter of the memory. */
const MARGIN = 0.05;
/** An fp32 file crema did not write counts as stale when it is older than the int8 file by more than this. */
const FOREIGN_STALE_MS = 10 * 60_000;

interface FileId {
  size: number;
  mtimeMs: number;
}
interface CacheFile {
  version: 1;
  /** Decisions by key (network, host CPU, onnxruntime version, threads, file sizes). */
  decisions: Record<
    string,
    {
      weights: string;
      cpu: string;
      ort: string;
      threads: number;
      int8Bytes: number;
      fp32Bytes: number;
      quantized: boolean;
      timings: ServedTimings;
      at: string;
      /** The host's one-minute load average when timed (a busy host can mislead the timing: delete the entry to time again). */
      load: number;
    }
  >;
  /** fp32 twins crema wrote, by absolute path, with the int8 file each was made from. */
  twins: Record<string, FileId & { from: FileId & { path: string } }>;
}

const emptyCache = (): CacheFile => ({ version: 1, decisions: {}, twins: {} });

async function readCache(file: string): Promise<CacheFile> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheFile>;
    if (parsed.version !== 1) return emptyCache();
    return { version: 1, decisions: parsed.decisions ?? {}, twins: parsed.twins ?? {} };
  } catch {
    return emptyCache();
  }
}

// Random too: replicas sharing one CACHE_DIR volume may each be pid 1 in their container.
const tmpName = (file: string) => `${file}.${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.tmp`;

/** Writes through a temporary file and a rename, so a concurrent reader never sees half a file. */
async function writeAtomic(file: string, data: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = tmpName(file);
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** Re-reads the cache, applies `change`, writes it back; answers the error's message on failure. */
async function updateCache(file: string, change: (cache: CacheFile) => void): Promise<string | undefined> {
  try {
    const cache = await readCache(file);
    change(cache);
    await writeAtomic(file, JSON.stringify(cache, null, 1) + '\n');
    return undefined;
  } catch (err) {
    return message(err);
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function fileId(file: string): Promise<FileId | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

const sameId = (a: FileId, b: FileId) => a.size === b.size && a.mtimeMs === b.mtimeMs;

let hostCpu: { model: string; flags: string } | undefined;
/** CPU model and instruction-set flags (whether int8 dot products exist is what the choice hangs on). */
export function cpuIdentity(): { model: string; flags: string } {
  if (hostCpu === undefined) {
    let model = os.cpus()[0]?.model ?? 'unknown';
    let flags = '';
    try {
      const info = readFileSync('/proc/cpuinfo', 'utf8');
      model = /^model name\s*:\s*(.*)$/m.exec(info)?.[1] ?? model;
      flags = /^(?:flags|Features)\s*:\s*(.*)$/m.exec(info)?.[1] ?? '';
    } catch {
      // Not Linux: the model name only.
    }
    hostCpu = { model: `${os.arch()} ${model}`, flags };
  }
  return hostCpu;
}

const ortVersion = (): string => ort.env.versions.node ?? ort.env.versions.common;

/**
 * The fp32 twin of `int8File`: `onnx/model.onnx` beside it when that file is current (a local
 * export no older than the int8 file, or a twin an earlier version of crema wrote there), else a
 * twin dequantized from the int8 file under `<cacheDir>/models/<id>/onnx/`: the server never
 * writes into the models folder, which may be read-only (a container image).
 */
async function fp32Twin(
  int8File: string,
  int8: FileId,
  weights: WeightsId,
  cacheDir: string,
  cache: CacheFile,
): Promise<{ file: string; twinMs?: number; cacheError?: string } | { why: string }> {
  // Read beside the int8 file (a local export), written only under the cache folder.
  const candidates = [path.join(path.dirname(int8File), path.basename(FP32_FILE)), path.join(cacheDir, 'models', weights, FP32_FILE)];
  const problems: string[] = [];
  let bytes: Uint8Array | undefined;
  const started = performance.now();
  for (const [at, file] of candidates.entries()) {
    const id = await fileId(file);
    if (id) {
      const record = cache.twins[file];
      const ours = record !== undefined && sameId(record, id);
      if (ours ? record.from.path === int8File && sameId(record.from, int8) : id.mtimeMs >= int8.mtimeMs - FOREIGN_STALE_MS) return { file };
      if (!ours) {
        problems.push(`${file} is older than the int8 file and was not written by crema: left as is`);
        continue;
      }
    }
    if (at === 0) continue;
    try {
      bytes ??= dequantizeOnnx(await readFile(int8File));
    } catch (err) {
      return { why: `dequantizing ${int8File} failed: ${message(err)}` };
    }
    try {
      await writeAtomic(file, bytes);
    } catch (err) {
      problems.push(`cannot write ${file}: ${message(err)}`);
      continue;
    }
    const written = (await fileId(file))!;
    const cacheError = await updateCache(path.join(cacheDir, 'served-format.json'), (c) => {
      c.twins[file] = { ...written, from: { path: int8File, ...int8 } };
    });
    return { file, twinMs: Math.round(performance.now() - started), ...(cacheError ? { cacheError } : {}) };
  }
  return { why: problems.join('; ') };
}

/** The fastest run of a fixed batch on each file, runs interleaved so both see the same host load. */
async function timeFiles(int8File: string, fp32File: string, threads: number): Promise<ServedTimings> {
  const options: ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: threads };
  const sessions: ort.InferenceSession[] = [];
  try {
    sessions.push(await ort.InferenceSession.create(int8File, options));
    sessions.push(await ort.InferenceSession.create(fp32File, options));
    const [b, t] = BATCH;
    const values: Record<string, (i: number) => bigint> = {
      input_ids: (i) => BigInt(100 + ((i * 7919) % 900)),
      attention_mask: () => 1n,
      token_type_ids: (i) => BigInt(i % t < t / 4 ? 0 : 1),
    };
    const feeds = sessions.map((s) =>
      Object.fromEntries(
        s.inputNames.map((name) => {
          const value = values[name];
          if (!value) throw new Error(`unexpected model input '${name}'`);
          return [name, new ort.Tensor('int64', BigInt64Array.from({ length: b * t }, (_, i) => value(i)), [b, t])];
        }),
      ),
    );
    for (let i = 0; i < sessions.length; i++) await sessions[i]!.run(feeds[i]!);
    const ms: number[][] = [[], []];
    for (let r = 0; r < RUNS; r++) {
      for (const i of r % 2 ? [1, 0] : [0, 1]) {
        const start = performance.now();
        await sessions[i]!.run(feeds[i]!);
        ms[i]!.push(performance.now() - start);
      }
    }
    const timing = (runs: number[]): FormatTiming => {
      const fastest = Math.min(...runs);
      return { msPerRun: Math.round(fastest * 100) / 100, tokensPerSecond: Math.round((b * t * 1000) / fastest) };
    };
    return { batch: BATCH, runs: RUNS, threads, int8: timing(ms[0]!), fp32: timing(ms[1]!) };
  } finally {
    await Promise.all(sessions.map((s) => s.release()));
  }
}

/**
 * Which file serves `weights` on this host: int8 is faster on CPUs with int8 dot-product instructions
 * and much slower without them, so both files are timed once (the fp32 twin made when missing) and the
 * decision kept in `<cacheDir>/served-format.json` (docs/tuning.md, "int8 or fp32"; docs/models.md).
 * Never throws: whatever goes wrong serves int8 and says why.
 */
export async function chooseServedFile(modelsDir: string, weights: WeightsId, options: ChooseServedFileOptions): Promise<ServedFile> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const int8File = path.resolve(modelsDir, weights, INT8_FILE);
  const int8Served = (how: ServedFile['how'], why?: string, extra: Partial<ServedFile> = {}): ServedFile => ({
    quantized: true,
    file: int8File,
    how,
    ...(why ? { why } : {}),
    ...extra,
    ms: elapsed(),
  });
  const mode = options.mode ?? 'auto';
  if (mode === 'int8') return int8Served('forced');
  const int8 = await fileId(int8File);
  if (!int8) return int8Served('fallback', `${int8File} is missing`);

  const cacheDir = path.resolve(options.cacheDir ?? path.join(modelsDir, '..', '.cache'));
  const cacheFile = path.join(cacheDir, 'served-format.json');
  const cache = await readCache(cacheFile);
  const twin = await fp32Twin(int8File, int8, weights, cacheDir, cache);
  if ('why' in twin) return int8Served('fallback', `no fp32 file to ${mode === 'fp32' ? 'serve' : 'time'}: ${twin.why}`);
  const onnxDir = path.dirname(int8File);
  const fp32Served = (how: ServedFile['how'], extra: Partial<ServedFile> = {}): ServedFile => ({
    quantized: false,
    file: twin.file,
    ...(path.dirname(twin.file) !== onnxDir
      ? { modelFileName: path.relative(onnxDir, twin.file).split(path.sep).join('/').replace(/\.onnx$/, '') }
      : {}),
    how,
    ...extra,
    ms: elapsed(),
  });
  const twinNotes: Partial<ServedFile> = {
    ...(twin.twinMs !== undefined ? { twinMs: twin.twinMs } : {}),
    ...(twin.cacheError ? { cacheError: twin.cacheError } : {}),
  };
  if (mode === 'fp32') return fp32Served('forced', twinNotes);

  const fp32 = (await fileId(twin.file))!;
  const cpu = cpuIdentity();
  const ortv = ortVersion();
  const key = `${weights}:${createHash('sha256')
    .update(JSON.stringify([cpu.model, cpu.flags, ortv, options.threads, int8.size, fp32.size, BATCH, RUNS]))
    .digest('hex')
    .slice(0, 16)}`;
  const known = cache.decisions[key];
  if (known) {
    const extra = { ...twinNotes, timings: known.timings };
    return known.quantized ? int8Served('cached', undefined, extra) : fp32Served('cached', extra);
  }

  let timings: ServedTimings;
  try {
    timings = await timeFiles(int8File, twin.file, options.threads);
  } catch (err) {
    return int8Served('fallback', `timing failed: ${message(err)}`, twinNotes);
  }
  const quantized = !(timings.fp32.msPerRun < timings.int8.msPerRun * (1 - MARGIN));
  const cacheError = await updateCache(cacheFile, (c) => {
    c.decisions[key] = {
      weights,
      cpu: cpu.model,
      ort: ortv,
      threads: options.threads,
      int8Bytes: int8.size,
      fp32Bytes: fp32.size,
      quantized,
      timings,
      at: new Date().toISOString(),
      load: Math.round(os.loadavg()[0]! * 100) / 100,
    };
  });
  const extra = { ...twinNotes, timings, ...(cacheError ? { cacheError } : {}) };
  return quantized ? int8Served('timed', undefined, extra) : fp32Served('timed', extra);
}
