/**
 * Inputs a hostile or careless client sends (`npm run bench:hostile`): runs without whitespace,
 * floods of newlines or tiny lines, emoji, zero-width characters, lone surrogates, RTL and CJK
 * text, deep JSON, fences, punctuation only, a log line holding a payload. Each goes through the
 * engine in every mode at 4x; the table shows the time, the tokens in and out, whether the
 * output stayed within the target and whether it is non-empty. What it is for: time that grows
 * faster than the input (o200k counting was quadratic in a run's length) and outputs that break
 * the engine's rules on such text (a run returned whole at every ratio, an empty output).
 *
 * Flags: --scale 1 (input sizes; 5 makes the runs about 1 MB), --models DIR.
 */
import { parseArgs } from 'node:util';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { machineHeader, mdTable } from '../lib/common.js';

const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '1' }, models: { type: 'string', default: 'models' } } });
const k = Number(args.scale);
const n = (count: number) => Math.round(count * k);

const timestamp = (i: number) => `2026-11-28 01:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},123`;
const logLines = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${timestamp(from + i)} INFO worker ${(from + i) % 7} processed batch ${from + i}`);

const inputs: Record<string, string> = {
  'one letter, no space': 'x'.repeat(n(200_000)),
  base64: Buffer.alloc(n(150_000), 7).toString('base64'),
  'newlines, then a sentence': `${'\n'.repeat(n(100_000))}The answer is 42.`,
  'tiny lines': Array.from({ length: n(20_000) }, (_, i) => `l${i}`).join('\n'),
  emoji: '😀🎉🔥 '.repeat(n(10_000)),
  'zero-width joins': 'a\u200bb\u200bc '.repeat(n(10_000)),
  'lone surrogates': '\ud800 lone \udc00 '.repeat(n(5_000)),
  RTL: 'مرحبا بالعالم هذا نص عربي. '.repeat(n(1_500)),
  'CJK, no spaces': '这是一个中文句子，没有空格。'.repeat(n(2_000)),
  'JSON nested 5,000 deep': `${'['.repeat(5_000)}1${']'.repeat(5_000)}`,
  'fences, unclosed': `Intro.\n\n\`\`\`js\n${'let x = 1;\n'.repeat(n(3_000))}`,
  'punctuation only': '.,;:!?'.repeat(n(20_000)),
  'log, one error line with a payload': [...logLines(0, n(1_000)), `${timestamp(n(1_000))} ERROR request failed: payload=${'Q'.repeat(n(100_000))}`, ...logLines(n(1_000) + 1, n(1_200))].join('\n'),
};

const variants: Array<[string, Partial<EngineRequest>]> = [
  ['coarse', {}],
  ['fine', { coarse: false }],
  ['chunked', { heuristicChunking: true }],
  ['no query (espresso_v1)', { weights: 'espresso_v1', query: undefined }],
  ['tool output (espresso_v1)', { weights: 'espresso_v1', query: undefined, format: 'tool' }],
];

const engine = createEngine(createOnnxWordScorer({ modelsDir: args.models! }));
const RATIO = 4;
console.log(`# Hostile inputs at ${RATIO}x\n\n${machineHeader()}\n`);
const rows: string[][] = [];
let broken = 0;
for (const [name, context] of Object.entries(inputs)) {
  for (const [label, v] of variants) {
    const req: EngineRequest = { context, query: 'What is the answer?', weights: 'latte_v2', ratio: RATIO, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true, ...v };
    const t = performance.now();
    const [r] = await engine.compress([req]);
    const ms = performance.now() - t;
    const target = Math.max(1, Math.round(r!.originalTokens / RATIO));
    const within = r!.compressedTokens <= target;
    const nonEmpty = r!.compressed.trim().length > 0;
    if (!within || !nonEmpty) broken++;
    rows.push([name, label, `${context.length.toLocaleString('en-US')}`, ms.toFixed(0), r!.originalTokens.toLocaleString('en-US'), r!.compressedTokens.toLocaleString('en-US'), within ? 'yes' : 'NO', nonEmpty ? 'yes' : 'NO']);
  }
}
console.log(mdTable(['input', 'mode', 'characters', 'ms', 'tokens in', 'tokens out', 'within target', 'non-empty'], rows));
console.log(`\n${broken} of ${rows.length} outputs over the target or empty (one piece of a run can be over a tiny target: the output is never empty).`);
process.exit(0);
