/**
 * Runtime benchmark (`npm run bench:runtime`): the bare ONNX sessions, without the engine, so the
 * runtime's own choices can be compared in one run: onnxruntime-node version (`--ort DIR` adds
 * another installation, e.g. one made with `npm install onnxruntime-node@1.14.0` in /tmp/ort114),
 * intra-op threads (the default vs every core), int8 vs fp32 files (fp32 where
 * `models/<id>/onnx/model.onnx` exists: scripts/train/dequantize_onnx.py writes it) and window
 * shapes (batch x pieces). Prints pieces scored per second.
 *
 * Flags: --models DIR, --ort DIR[,DIR] (extra onnxruntime-node installs: folders holding
 * node_modules/onnxruntime-node), --seconds S per cell (default 1.5).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machine, machineLine } from '../lib/machine.js';

const { values: args } = parseArgs({
  options: { models: { type: 'string', default: 'models' }, ort: { type: 'string' }, seconds: { type: 'string', default: '1.5' } },
});
type Ort = typeof import('onnxruntime-node');

const installs: Array<{ label: string; ort: Ort }> = [];
const here = createRequire(import.meta.url);
const version = (req: NodeRequire) => (JSON.parse(readFileSync(req.resolve('onnxruntime-node/package.json'), 'utf8')) as { version: string }).version;
installs.push({ label: `${version(here)} (served)`, ort: here('onnxruntime-node') as Ort });
for (const dir of args.ort?.split(',') ?? []) {
  const req = createRequire(path.resolve(dir, 'node_modules') + path.sep);
  installs.push({ label: version(req), ort: req('onnxruntime-node') as Ort });
}

const SHAPES: Record<string, Array<[number, number]>> = {
  latte_v1: [
    [8, 512],
    [16, 256],
  ],
  latte_v2: [
    [8, 512],
    [12, 320],
    [16, 256],
  ],
};

async function tokensPerSecond(ort: Ort, file: string, threads: number | undefined, [b, t]: [number, number]): Promise<number> {
  const session = await ort.InferenceSession.create(file, { executionProviders: ['cpu'], ...(threads ? { intraOpNumThreads: threads } : {}) });
  let seed = 1;
  const next = () => (seed = (seed * 16807) % 2147483647);
  const tensor = (f: (i: number) => bigint) => new ort.Tensor('int64', BigInt64Array.from({ length: b * t }, (_, i) => f(i)), [b, t]);
  const feeds = { input_ids: tensor(() => BigInt(100 + (next() % 15000))), attention_mask: tensor(() => 1n), token_type_ids: tensor((i) => (i % t < 20 ? 0n : 1n)) };
  await session.run(feeds);
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < Number(args.seconds) * 1000) {
    await session.run(feeds);
    runs++;
  }
  const ms = performance.now() - started;
  await (session as { release?: () => Promise<void> }).release?.();
  return (runs * b * t) / (ms / 1000);
}

console.log(machineLine(machine()));
console.log(`cores: ${availableParallelism()}; pieces scored per second (batch x window, random ids), ${args.seconds} s per cell\n`);
const header = ['model', 'file', 'onnxruntime-node', 'threads', 'shape', 'pieces/s'];
console.log([header[0]!.padEnd(10), header[1]!.padEnd(6), header[2]!.padEnd(18), header[3]!.padEnd(9), header[4]!.padEnd(8), header[5]!.padStart(10)].join(''));
for (const [model, shapes] of Object.entries(SHAPES)) {
  for (const file of ['int8', 'fp32'] as const) {
    const onnx = path.join(args.models!, model, 'onnx', file === 'int8' ? 'model_quantized.onnx' : 'model.onnx');
    if (!existsSync(onnx)) {
      console.log(`${model.padEnd(10)}${file.padEnd(6)}(no ${onnx}; scripts/train/dequantize_onnx.py writes it)`);
      continue;
    }
    for (const { label, ort } of installs) {
      for (const threads of [undefined, availableParallelism()]) {
        for (const shape of shapes) {
          const rate = await tokensPerSecond(ort, onnx, threads, shape);
          console.log(
            [model.padEnd(10), file.padEnd(6), label.padEnd(18), (threads ? String(threads) : 'default').padEnd(9), `${shape[0]}x${shape[1]}`.padEnd(8), Math.round(rate).toLocaleString('en-US').padStart(10)].join(''),
          );
        }
      }
    }
  }
}
