import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { dequantizeOnnx } from '../../server/model/dequantize.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { chooseServedFile, type ServedFile } from '../../server/model/served-file.js';
import { weightsOnDisk } from '../../server/model/weights-availability.js';
import { splitWords } from '../../server/model/words.js';
import { longDocument } from '../helpers/texts.js';

// Files under a `readonly-models` folder cannot be written, as on a read-only image (the tests
// run as root, whom a chmod would not stop).
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (file, ...rest) => {
    if (String(file).includes(`${path.sep}readonly-models${path.sep}`)) {
      throw Object.assign(new Error(`EROFS: read-only file system, open '${String(file)}'`), { code: 'EROFS' });
    }
    return fs.writeFile(file, ...rest);
  };
  return { ...fs, writeFile };
});

// latte_v2, the smallest network, copied so the twins and the decision cache stay in a temporary folder.
const source = path.join(process.env['MODELS_DIR'] ?? 'models', 'latte_v2');
let root: string;
const copyModels = async (name: string): Promise<string> => {
  const dir = path.join(root, name);
  await cp(source, path.join(dir, 'latte_v2'), { recursive: true, filter: (f) => !f.endsWith(`${path.sep}model.onnx`) });
  return dir;
};
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'crema-served-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Windows of real WordPiece ids (whole words from the vocabulary), with the scorer's token types. */
async function batch(B: number, T: number): Promise<Record<string, ort.Tensor>> {
  const vocab = new Map((await readFile(path.join(source, 'vocab.txt'), 'utf8')).split('\n').map((w, i) => [w, i] as const));
  const ids = splitWords(longDocument(3).toLowerCase()).map((w) => vocab.get(w.text) ?? vocab.get('[UNK]')!);
  const at = (i: number) => (i % T === 0 ? vocab.get('[CLS]')! : ids[(i + 7 * Math.floor(i / T)) % ids.length]!);
  const tensor = (f: (i: number) => number) => new ort.Tensor('int64', BigInt64Array.from({ length: B * T }, (_, i) => BigInt(f(i))), [B, T]);
  return { input_ids: tensor(at), attention_mask: tensor(() => 1), token_type_ids: tensor((i) => (i % T < 12 ? 0 : 1)) };
}

describe('dequantizeOnnx', () => {
  it('gives an fp32 model whose logits and keep/drop decisions match the int8 one', async () => {
    const int8 = await readFile(path.join(source, 'onnx/model_quantized.onnx'));
    const fp32 = dequantizeOnnx(int8);
    expect(fp32.length).toBeGreaterThan(3 * int8.length); // int8 weights became float32
    const options = { executionProviders: ['cpu'], intraOpNumThreads: 1 };
    const [a, b] = await Promise.all([ort.InferenceSession.create(int8, options), ort.InferenceSession.create(fp32, options)]);
    const graph = (s: ort.InferenceSession) => s.inputNames.join();
    expect(graph(b)).toBe(graph(a));
    const feeds = await batch(4, 128);
    const [la, lb] = [(await a.run(feeds)).logits!.data as Float32Array, (await b.run(feeds)).logits!.data as Float32Array];
    await Promise.all([a.release(), b.release()]);
    expect(lb).toHaveLength(la.length);
    let maxDiff = 0;
    let agree = 0;
    for (let i = 0; i < la.length; i += 2) {
      maxDiff = Math.max(maxDiff, Math.abs(la[i]! - lb[i]!), Math.abs(la[i + 1]! - lb[i + 1]!));
      if (la[i + 1]! > la[i]! === lb[i + 1]! > lb[i]!) agree++;
    }
    // Only the activations' rounding differs (int8 quantizes them per batch): 0.047 seen.
    expect(maxDiff).toBeLessThan(0.15);
    expect(agree / (la.length / 2)).toBeGreaterThanOrEqual(0.99);
  });

  it('refuses a model without int8 groups, or with ONNX fields its schema would drop', async () => {
    const int8 = await readFile(path.join(source, 'onnx/model_quantized.onnx'));
    expect(() => dequantizeOnnx(dequantizeOnnx(int8))).toThrow(/no int8 MatMul or Gather group/);
    // ModelProto field 25 (`functions`, ONNX IR 8), empty: unknown to onnx-proto 4.0.4.
    expect(() => dequantizeOnnx(Buffer.concat([int8, Buffer.from([0xca, 0x01, 0x00])]))).toThrow(/does not know/);
  });
});

describe('chooseServedFile', () => {
  it('MODEL_FORMAT=int8 and fp32 force the file without timing', async () => {
    const models = await copyModels('forced');
    const create = vi.spyOn(ort.InferenceSession, 'create');
    const int8 = await chooseServedFile(models, 'latte_v2', { threads: 1, mode: 'int8' });
    expect(int8).toMatchObject({ quantized: true, how: 'forced', file: path.resolve(models, 'latte_v2/onnx/model_quantized.onnx') });
    expect(existsSync(path.join(models, 'latte_v2/onnx/model.onnx'))).toBe(false);
    const fp32 = await chooseServedFile(models, 'latte_v2', { threads: 1, mode: 'fp32' });
    // The twin goes to the cache folder (default beside the models folder), never into models/.
    expect(fp32).toMatchObject({ quantized: false, how: 'forced', file: path.join(root, '.cache/models/latte_v2/onnx/model.onnx') });
    expect(fp32.modelFileName).toBe('../../../.cache/models/latte_v2/onnx/model');
    expect(fp32.twinMs).toBeGreaterThanOrEqual(0);
    expect(existsSync(path.join(models, 'latte_v2/onnx/model.onnx'))).toBe(false);
    expect(create).not.toHaveBeenCalled();
  });

  it('times both files once, then answers from the cache without creating a session', async () => {
    const models = await copyModels('timed');
    const cacheDir = path.join(root, 'timed-cache');
    const create = vi.spyOn(ort.InferenceSession, 'create');
    const first = await chooseServedFile(models, 'latte_v2', { threads: 1, cacheDir });
    expect(first.how).toBe('timed');
    expect(create).toHaveBeenCalledTimes(2);
    expect(first.timings).toMatchObject({ batch: [4, 128], threads: 1 });
    expect(first.timings!.int8.tokensPerSecond).toBeGreaterThan(0);
    expect(first.timings!.fp32.tokensPerSecond).toBeGreaterThan(0);
    expect(first.cacheError).toBeUndefined();
    create.mockClear();

    const second = await chooseServedFile(models, 'latte_v2', { threads: 1, cacheDir });
    expect(second).toMatchObject({ how: 'cached', quantized: first.quantized, file: first.file, timings: first.timings });
    expect(second.twinMs).toBeUndefined(); // the twin it wrote is recognised, not rewritten
    expect(create).not.toHaveBeenCalled();

    // Other threads are another decision.
    const otherThreads = await chooseServedFile(models, 'latte_v2', { threads: 2, cacheDir });
    expect(otherThreads.how).toBe('timed');
  });

  it('an unwritable models folder still serves: the twin goes to the cache folder, or int8 serves and says why', async () => {
    const models = await copyModels('readonly-models');
    const fp32 = await chooseServedFile(models, 'latte_v2', { threads: 1, mode: 'fp32', cacheDir: path.join(root, 'ro-cache') });
    expect(fp32).toMatchObject({ quantized: false, how: 'forced', file: path.join(root, 'ro-cache/models/latte_v2/onnx/model.onnx') });
    expect(fp32.modelFileName).toBe('../../../ro-cache/models/latte_v2/onnx/model');
    expect(existsSync(path.join(models, 'latte_v2/onnx/model.onnx'))).toBe(false);

    const nowhere = await chooseServedFile(models, 'latte_v2', { threads: 1, cacheDir: path.join(models, '.cache') });
    expect(nowhere).toMatchObject({ quantized: true, how: 'fallback' });
    expect(nowhere.why).toMatch(/EROFS/);
    expect(weightsOnDisk(models).isAvailable('latte_v2')).toBe(true);
  });

  it('reads MODEL_FORMAT (default auto)', () => {
    expect(loadConfig({}).modelFormat).toBe('auto');
    expect(loadConfig({ MODEL_FORMAT: 'fp32' }).modelFormat).toBe('fp32');
    expect(() => loadConfig({ MODEL_FORMAT: 'int4' })).toThrow(/MODEL_FORMAT/);
  });
});

describe('served file in the scorer and the engine pool', () => {
  const words = splitWords(longDocument(1)).map((w) => w.text);
  const request = { weights: 'latte_v2' as const, query: 'How long is the Grey Ridge tunnel?', words };

  it('the scorer serves the fp32 twin from the cache folder when the models folder is read-only, with the int8 decisions', async () => {
    const models = await copyModels('readonly-models-scorer/readonly-models');
    const seen: ServedFile[] = [];
    const fp32 = createOnnxWordScorer({ modelsDir: models, modelFormat: 'fp32', threads: 1, onServedFile: (_, s) => seen.push(s) });
    const int8 = createOnnxWordScorer({ modelsDir: models, modelFormat: 'int8', threads: 1 });
    const [[a], [b]] = await Promise.all([int8.score([request]), fp32.score([request])]);
    expect(seen).toHaveLength(1);
    // The default cache folder sits beside the models folder.
    expect(seen[0]).toMatchObject({ quantized: false, file: path.join(root, 'readonly-models-scorer/.cache/models/latte_v2/onnx/model.onnx') });
    expect(Array.from(b!)).not.toEqual(Array.from(a!)); // another file did score
    let agree = 0;
    a!.forEach((p, i) => {
      expect(Math.abs(p - b![i]!)).toBeLessThan(0.05);
      if (p > 0.5 === b![i]! > 0.5) agree++;
    });
    expect(agree / a!.length).toBeGreaterThanOrEqual(0.99);
  });

  it('the engine pool passes MODEL_FORMAT to its worker and reports the choice', async () => {
    const models = await copyModels('pool');
    const seen: Array<{ weights: string; served: ServedFile }> = [];
    const pool = createEnginePool({ modelsDir: models, modelFormat: 'fp32', onServedFile: (weights, served) => seen.push({ weights, served }) });
    try {
      const [result] = await pool.compress([
        { context: longDocument(1), query: request.query, weights: 'latte_v2', ratio: 4, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true },
      ]);
      expect(result!.compressed).toContain('Grey Ridge');
      expect(seen).toEqual([{ weights: 'latte_v2', served: expect.objectContaining({ quantized: false, how: 'forced' }) }]);
    } finally {
      await pool.close();
    }
  });
});
