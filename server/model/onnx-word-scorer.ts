import { endianness } from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { WeightsId } from '../catalog/model-catalog.js';
import type { ScoreRequest, WordScorer } from './word-scorer.js';
import { chooseServedFile, FP32_FILE, INT8_FILE, type ModelFormat, type ServedFile } from './served-file.js';
import { createSession, threadsPerWorker, useSessionOptions } from './onnx-session-options.js';
import { stringMemo } from './string-memo.js';
import { createBatcher, type Batcher } from './window-batcher.js';
import { asciiWordPieces } from './wordpiece.js';
import { matchKey, splitWords } from './words.js';

/** The slice of a transformers.js tokenizer the scorer needs. */
interface PieceTokenizer {
  encode(text: string, pair: null, options: { add_special_tokens: boolean }): number[];
  model: { tokens_to_ids: Map<string, number> };
}
/** The ONNX session transformers.js loaded the token classifier into. */
type Session = Pick<ort.InferenceSession, 'run'>;

interface LoadedModel {
  tokenizer: PieceTokenizer;
  session: Session;
  /** The same network on `narrowThreads` threads, for calls made while other workers are busy too. */
  narrow: Session | undefined;
  acceptsQuery: boolean;
  windowPieces: number;
  overlap: number;
  maxQueryPieces: number;
  cls: number;
  sep: number;
  /** A word's WordPiece ids (memoised: words repeat). */
  pieces: (word: string) => number[];
  batcher: Batcher<Window, Float32Array>;
}

interface Window {
  request: number;
  ids: Int32Array;
  types: Int32Array;
  /** For each context piece in the window, the index of its word. */
  pieceWord: Int32Array;
  /** Offset of the first context piece in `ids`. */
  contextStart: number;
}

export interface OnnxWordScorerOptions {
  /** Folder holding `models/<id>/`. */
  modelsDir: string;
  /** Use `onnx/model_quantized.onnx` (int8) or `onnx/model.onnx` (fp32). Default: chosen per network by `modelFormat`. */
  quantized?: boolean;
  /** `MODEL_FORMAT` when `quantized` is unset: auto (time both on this host, served-file.ts), int8 or fp32. Default auto. */
  modelFormat?: ModelFormat;
  /** CACHE_DIR: where the fp32 twins and the served-format choice are written (never models/). Default `<modelsDir>/../.cache`. */
  cacheDir?: string;
  /** Told which file each network is served from, and why, when it loads. */
  onServedFile?: (weights: WeightsId, served: ServedFile) => void;
  /** Most padded positions (windows x longest window) per ONNX call. Default 4,096. */
  batchPieces?: number;
  /** Dynamic batching: concurrent jobs share ONNX calls (default true; false runs each job's own calls, for benchmarks). */
  dynamicBatching?: boolean;
  /** How long an idle runner waits for other jobs before its first call, ms. Default 0: jobs arriving while a call runs share the next one (docs/tuning.md, "collectMs 0"). */
  collectMs?: number;
  /** onnxruntime intra-op threads. Default: every core of the host. */
  threads?: number;
  /**
   * Fewer intra-op threads for calls made while `crowded()` (other engine workers busy too): each
   * network gets a second session with this many. Unset, or not below `threads`: one session.
   */
  narrowThreads?: number;
  crowded?: () => boolean;
  /** Pieces per window for every network, at most its trained window (benchmarks). Default: SERVED_WINDOW. */
  windowPieces?: number;
  /** Share of a window that the next one sees again, for every network (benchmarks). Default: SERVED_WINDOW. */
  overlap?: number;
}

const PIECE_CACHE_LIMIT = 200_000;
/** Calls stop before padding passes a quarter of their pieces, so a context's short last window runs on its own (docs/tuning.md, "Padding cap"). */
const BATCH_PADDING = 1.25;
/** Index of an int64's low 32-bit half in an Int32Array view. */
const LOW_WORD = endianness() === 'LE' ? 0 : 1;

/**
 * Window shape served per network (trained on 512-piece windows): latte_v2 scores as well on 320
 * overlapping by a tenth, latte_v1 keeps its trained shape (docs/tuning.md, "Windows").
 */
const SERVED_WINDOW: Readonly<Record<WeightsId, { pieces: number; overlap: number }>> = {
  latte_v1: { pieces: 512, overlap: 0.25 },
  latte_v2: { pieces: 320, overlap: 0.1 },
  espresso_v1: { pieces: 512, overlap: 0.25 },
};

/**
 * Scores words with a bundled token classifier through transformers.js, offline. Words are
 * WordPiece-encoded one by one (cached; transformers.js has no offset mapping) into int64 tensors as in
 * training (scripts/train/README.md). Long contexts go in overlapping windows; a word's score is its mean
 * KEEP probability over its pieces and the windows that saw it.
 */
export function createOnnxWordScorer(options: OnnxWordScorerOptions): WordScorer {
  const threads = options.threads ?? threadsPerWorker(1);
  const narrowThreads = options.narrowThreads !== undefined && options.narrowThreads < threads && options.crowded ? options.narrowThreads : undefined;
  const servedFor = async (weights: WeightsId): Promise<Pick<ServedFile, 'quantized' | 'modelFileName' | 'file'>> => {
    if (options.quantized !== undefined) return { quantized: options.quantized, file: path.resolve(options.modelsDir, weights, options.quantized ? INT8_FILE : FP32_FILE) };
    const served = await chooseServedFile(options.modelsDir, weights, { threads, mode: options.modelFormat, ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}) });
    options.onServedFile?.(weights, served);
    return served;
  };
  // Most windows per ONNX call; no caller ever changed it, so it is no longer an option.
  const batchSize = 32;
  const batchPieces = options.batchPieces ?? 4096;
  const dynamicBatching = options.dynamicBatching ?? true;
  const loaded = new Map<WeightsId, Promise<LoadedModel>>();

  async function load(weights: WeightsId): Promise<LoadedModel> {
    let p = loaded.get(weights);
    if (!p) {
      p = (async () => {
        useSessionOptions({ intraOpNumThreads: threads });
        const t = await import('@xenova/transformers');
        t.env.allowRemoteModels = false;
        t.env.allowLocalModels = true;
        t.env.localModelPath = path.resolve(options.modelsDir) + path.sep;
        const tokenizer = (await t.AutoTokenizer.from_pretrained(weights)) as unknown as PieceTokenizer;
        const { quantized, modelFileName, file } = await servedFor(weights);
        const model = (await t.AutoModelForTokenClassification.from_pretrained(weights, { quantized, ...(modelFileName ? { model_file_name: modelFileName } : {}) })) as unknown as {
          session: Session;
          config: { crema?: { accepts_query?: boolean; window_pieces?: number; max_query_pieces?: number } };
        };
        const config = model.config;
        const crema = config.crema ?? {};
        const unk = tokenizer.model.tokens_to_ids.get('[UNK]')!;
        const m = {
          tokenizer,
          session: model.session,
          narrow: narrowThreads ? await createSession(file, narrowThreads) : undefined,
          acceptsQuery: crema.accepts_query ?? weights !== 'espresso_v1',
          windowPieces: Math.min(crema.window_pieces ?? 512, options.windowPieces ?? SERVED_WINDOW[weights].pieces),
          overlap: options.overlap ?? SERVED_WINDOW[weights].overlap,
          maxQueryPieces: crema.max_query_pieces ?? 48,
          cls: tokenizer.model.tokens_to_ids.get('[CLS]')!,
          sep: tokenizer.model.tokens_to_ids.get('[SEP]')!,
          pieces: stringMemo(
            (word: string) => asciiWordPieces(word, tokenizer.model.tokens_to_ids, unk) ?? tokenizer.encode(word, null, { add_special_tokens: false }),
            PIECE_CACHE_LIMIT,
          ),
        };
        const ready: LoadedModel = {
          ...m,
          batcher: createBatcher<Window, Float32Array>({
            run: (batch) => run(ready, batch),
            length: (w) => w.ids.length,
            maxBatch: batchSize,
            maxPieces: batchPieces,
            maxPadding: BATCH_PADDING,
            collectMs: options.collectMs ?? 0,
          }),
        };
        return ready;
      })();
      loaded.set(weights, p);
      p.catch(() => loaded.delete(weights));
    }
    return p;
  }

  function windowsFor(m: LoadedModel, req: ScoreRequest, index: number): Window[] {
    const head: number[] = [m.cls];
    const headTypes: number[] = [0];
    let queryKeys = new Set<string>();
    if (m.acceptsQuery) {
      const qw = splitWords(req.query ?? '').map((w) => w.text);
      const q = qw.flatMap((w) => m.pieces(w)).slice(0, m.maxQueryPieces);
      head.push(...q, m.sep);
      headTypes.push(...q.map(() => 0), 0);
      queryKeys = new Set(qw.map(matchKey).filter((k): k is string => k !== null));
    }
    const budget = Math.max(8, m.windowPieces - head.length - 1);
    // Typed arrays filled in place: a 100k-token context makes ~1,000 windows of ~150k pieces,
    // and growing plain arrays (and a sliced copy of every word's pieces) was most of this step.
    const wordPieces = req.words.map((w) => m.pieces(w));
    const wordTypes = new Int32Array(req.words.length);
    if (m.acceptsQuery) req.words.forEach((w, i) => (wordTypes[i] = queryKeys.has(matchKey(w) ?? '\u0000') ? 2 : 1));
    const contextType = m.acceptsQuery ? 1 : 0;
    // A word longer than a window keeps its first pieces (a window is never empty).
    const piecesOf = (i: number) => Math.min(wordPieces[i]!.length, budget);
    const windows: Window[] = [];
    let start = 0;
    while (start < req.words.length) {
      const ids = new Int32Array(head.length + budget + 1);
      const types = new Int32Array(ids.length);
      const pieceWord = new Int32Array(budget);
      ids.set(head);
      types.set(headTypes);
      let at = head.length;
      let end = start;
      let used = 0;
      let nextStart = -1;
      while (end < req.words.length && used + piecesOf(end) <= budget) {
        const p = wordPieces[end]!;
        const n = piecesOf(end);
        for (let k = 0; k < n; k++) {
          ids[at] = p[k]!;
          types[at] = wordTypes[end]!;
          pieceWord[at - head.length] = end;
          at++;
        }
        used += n;
        // Overlap: the next window starts where this one passed (1 - overlap) of its budget.
        if (nextStart === -1 && used >= budget * (1 - m.overlap)) nextStart = end + 1;
        end++;
      }
      ids[at] = m.sep;
      types[at] = contextType;
      windows.push({ request: index, ids: ids.subarray(0, at + 1), types: types.subarray(0, at + 1), pieceWord: pieceWord.subarray(0, used), contextStart: head.length });
      if (end >= req.words.length) break;
      start = nextStart > start && nextStart < end ? nextStart : end;
    }
    return windows;
  }

  async function run(m: LoadedModel, batch: Window[]): Promise<Float32Array[]> {
    const T = Math.max(...batch.map((w) => w.ids.length));
    const B = batch.length;
    const ids = new BigInt64Array(B * T);
    const mask = new BigInt64Array(B * T);
    const types = new BigInt64Array(B * T);
    // int64 values written as their low 32 bits (values are small and non-negative): a BigInt per
    // element was most of this thread's garbage on long contexts.
    const ids32 = new Int32Array(ids.buffer);
    const mask32 = new Int32Array(mask.buffer);
    const types32 = new Int32Array(types.buffer);
    batch.forEach((w, b) => {
      for (let i = 0; i < w.ids.length; i++) {
        const at = 2 * (b * T + i) + LOW_WORD;
        ids32[at] = w.ids[i]!;
        mask32[at] = 1;
        types32[at] = w.types[i]!;
      }
    });
    // The session is run with onnxruntime-node's own tensors: transformers.js 2.x wraps tensors by
    // copying their fields, which misses the accessors of onnxruntime-node >= 1.16 (`location`, `data`).
    // While other workers are busy too, each worker's calls take their share of the cores
    // instead of all of them (onnxruntime's threads would otherwise contend across workers).
    const session = m.narrow && options.crowded?.() ? m.narrow : m.session;
    const out = await session.run({
      input_ids: new ort.Tensor('int64', ids, [B, T]),
      attention_mask: new ort.Tensor('int64', mask, [B, T]),
      token_type_ids: new ort.Tensor('int64', types, [B, T]),
    });
    const logits = out.logits!.data as Float32Array;
    return batch.map((w, b) => {
      const keep = new Float32Array(w.pieceWord.length);
      for (let i = 0; i < w.pieceWord.length; i++) {
        const base = (b * T + w.contextStart + i) * 2;
        keep[i] = 1 / (1 + Math.exp(logits[base]! - logits[base + 1]!));
      }
      return keep;
    });
  }

  /** Without dynamic batching: this job's windows in calls of its own. */
  async function ownCalls(m: LoadedModel, windows: Window[], cancelled?: () => boolean): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let s = 0; s < windows.length; ) {
      // A cancelled job (timeout, client gone) stops here and frees the worker.
      if (cancelled?.()) throw new Error('cancelled');
      let e = s + 1;
      while (e < windows.length && e - s < batchSize && windows[e]!.ids.length * (e - s + 1) <= batchPieces) e++;
      out.push(...(await run(m, windows.slice(s, e))));
      s = e;
    }
    return out;
  }

  return {
    async warm(weights) {
      await Promise.all(weights.map(load));
    },

    async score(requests, cancelled) {
      const results = requests.map((r) => ({ sum: new Float64Array(r.words.length), n: new Uint32Array(r.words.length) }));
      const byWeights = new Map<WeightsId, number[]>();
      requests.forEach((r, i) => byWeights.set(r.weights, [...(byWeights.get(r.weights) ?? []), i]));
      for (const [weights, indices] of byWeights) {
        const m = await load(weights);
        const windows = indices.flatMap((i) => windowsFor(m, requests[i]!, i));
        // Similar lengths batch together, so less padding is computed.
        windows.sort((a, b) => a.ids.length - b.ids.length);
        const keeps = dynamicBatching ? await m.batcher.submit(windows, cancelled) : await ownCalls(m, windows, cancelled);
        // Mean over a word's pieces within each window, then over the windows that saw it.
        windows.forEach((w, k) => {
          const acc = results[w.request]!;
          const keep = keeps[k]!;
          let i = 0;
          while (i < w.pieceWord.length) {
            const word = w.pieceWord[i]!;
            let sum = 0;
            let n = 0;
            while (i < w.pieceWord.length && w.pieceWord[i] === word) {
              sum += keep[i]!;
              n++;
              i++;
            }
            acc.sum[word]! += sum / n;
            acc.n[word]! += 1;
          }
        });
      }
      return results.map(({ sum, n }) => Float32Array.from(sum, (s, i) => (n[i]! > 0 ? s / n[i]! : 0)));
    },
  };
}
