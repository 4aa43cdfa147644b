/**
 * Per-README code-block fates of markdown_v1 (bench:real:prose's setting) at the given ratios:
 * `npx tsx bench/quality/real-inputs/prose/show-markdown.ts 4,10 [--print name]`; --print shows that output.
 */
import { MODEL_CATALOG } from '../../../../server/catalog/model-catalog.js';
import { markdown } from '../../../../server/compression/question-agnostic.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { budgetFor, createBench } from '../../../lib/common.js';
import { packageReadmes } from './inputs.js';
import { codeBlocks, codeFate, installCommands, wholeSentenceShare } from './measures.js';

const ratios = (process.argv[2] ?? '4,10').split(',').map(Number);
const printAt = process.argv.indexOf('--print');
const printName = printAt > 0 ? process.argv[printAt + 1] : undefined;
const bench = createBench('models');
const totals = new Map<number, { code: number; kept: number; wholeCode: number; installs: number; installsKept: number; whole: number; segs: number }>();
for (const doc of packageReadmes(30)) {
  const blocks = codeBlocks(doc.text);
  const installs = installCommands(doc.text);
  const original = countTokens(doc.text);
  for (const nx of ratios) {
    const options = markdown.options({ compression_model_name: 'markdown_v1', target_compression_ratio: nx, inputs: [] }, MODEL_CATALOG.markdown_v1);
    const [r] = await bench.run(markdown, [{ context: doc.text }], options);
    const out = r!.compressed;
    const fates = blocks.map((b) => codeFate(b, codeBlocks(out)));
    const t = totals.get(nx) ?? { code: 0, kept: 0, wholeCode: 0, installs: 0, installsKept: 0, whole: 0, segs: 0 };
    totals.set(nx, t);
    t.code += blocks.length;
    t.kept += fates.filter((f) => f !== 'lost').length;
    t.wholeCode += fates.filter((f) => f === 'whole').length;
    t.installs += installs.length ? 1 : 0;
    const inst = installs.length > 0 && installs.some((c) => out.includes(c));
    t.installsKept += inst ? 1 : 0;
    const w = wholeSentenceShare(doc.text, out, true);
    t.whole += w.whole;
    t.segs += w.segments;
    const fateStr = blocks.map((b, i) => `${fates[i]![0]}${countTokens(b.body.join('\n'))}/${b.body.length}`).join(' ');
    console.log(`${nx}x ${doc.name} tokens ${original} budget ${budgetFor(original, nx)} out ${countTokens(out)} install ${installs.length ? inst : '-'} | ${fateStr}`);
    if (printName && doc.name.includes(printName)) console.log(`-----\n${out}\n-----`);
  }
}
for (const [nx, t] of totals) console.log(`${nx}x code kept ${((100 * t.kept) / t.code).toFixed(1)}% (${t.kept}/${t.code}, whole ${t.wholeCode}) installs ${t.installsKept}/${t.installs} whole-sentence ${(t.whole / t.segs).toFixed(2)} prose segments ${t.segs}`);
