// Offline load check of the bundled models with @xenova/transformers 2.17.2.
// Builds input_ids / attention_mask / token_type_ids itself (words -> WordPiece per word,
// query-match token_type 2), checks they equal the Python pipeline's and that the logits match
// torch within 1e-4 (fp32 model.onnx); reports the int8 model's max diff and keep/drop agreement.
// usage: XENOVA_MODULE=/path/to/node_modules/@xenova/transformers/src/transformers.js \
//        MODELS_DIR=/work/main/models/ REF_DIR=/work/scratch/ref node check_xenova.mjs latte_v1 latte_v2 espresso_v1
import fs from 'node:fs';
import path from 'node:path';

const mod = await import(process.env.XENOVA_MODULE || '@xenova/transformers');
const { env, AutoTokenizer, AutoModelForTokenClassification, Tensor } = mod;
env.allowRemoteModels = false;
env.localModelPath = process.env.MODELS_DIR || '/work/main/models/';
const REF = process.env.REF_DIR || '/work/scratch/ref';

const isPunct = (ch) => {
  const c = ch.codePointAt(0);
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return true;
  return /\p{P}/u.test(ch);
};
function splitWords(text) {
  const out = [];
  for (const chunk of text.split(/\s+/).filter(Boolean)) {
    let cur = '';
    for (const ch of chunk) {
      if (isPunct(ch)) { if (cur) out.push(cur); cur = ''; out.push(ch); } else cur += ch;
    }
    if (cur) out.push(cur);
  }
  return out;
}
const norm = (w) => w.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
function matchKey(word) {
  let w = norm(word).trim();
  if (!w || !/[\p{L}\p{N}]/u.test(w)) return null;
  if (w.length > 4) for (const s of ['ing', 'ed', 'es', 's', 'ly']) if (w.endsWith(s) && w.length - s.length >= 3) { w = w.slice(0, -s.length); break; }
  return w;
}

let failed = false;
for (const id of process.argv.slice(2)) {
  const ref = JSON.parse(fs.readFileSync(path.join(REF, `ref_${id}.json`), 'utf8'));
  const cfg = JSON.parse(fs.readFileSync(path.join(env.localModelPath, id, 'config.json'), 'utf8'));
  const tok = await AutoTokenizer.from_pretrained(id);
  const cache = new Map();
  const pieces = (w) => { if (!cache.has(w)) cache.set(w, tok.encode(w, null, { add_special_tokens: false })); return cache.get(w); };
  const CLS = tok.model.tokens_to_ids.get('[CLS]'), SEP = tok.model.tokens_to_ids.get('[SEP]');
  const ids = [CLS], types = [0];
  const withQuery = cfg.crema.accepts_query;
  let keys = new Set();
  if (withQuery) {
    const qw = splitWords(ref.query);
    const q = qw.flatMap(pieces).slice(0, cfg.crema.max_query_pieces);
    ids.push(...q, SEP); types.push(...q.map(() => 0), 0);
    keys = new Set(qw.map(matchKey).filter(Boolean));
  }
  for (const w of splitWords(ref.context)) {
    const p = pieces(w);
    const t = withQuery ? (keys.has(matchKey(w)) ? 2 : 1) : 0;
    ids.push(...p); types.push(...p.map(() => t));
  }
  ids.push(SEP); types.push(withQuery ? 1 : 0);
  const sameIds = JSON.stringify(ids) === JSON.stringify(ref.input_ids) && JSON.stringify(types) === JSON.stringify(ref.token_type_ids);
  const T = ids.length;
  const inputs = {
    input_ids: new Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, T]),
    attention_mask: new Tensor('int64', BigInt64Array.from(ids.map(() => 1n)), [1, T]),
    token_type_ids: new Tensor('int64', BigInt64Array.from(types.map(BigInt)), [1, T]),
  };
  const res = {};
  for (const quantized of [false, true]) {
    const t0 = Date.now();
    const model = await AutoModelForTokenClassification.from_pretrained(id, { quantized });
    const out = await model(inputs);
    const lg = out.logits.data;
    let maxDiff = 0, agree = 0;
    for (let i = 0; i < T; i++) {
      for (let j = 0; j < 2; j++) maxDiff = Math.max(maxDiff, Math.abs(lg[i * 2 + j] - ref.logits[i][j]));
      agree += ((lg[i * 2 + 1] > lg[i * 2]) === (ref.logits[i][1] > ref.logits[i][0])) ? 1 : 0;
    }
    res[quantized ? 'int8' : 'fp32'] = { maxDiff: +maxDiff.toExponential(2), keepDropAgreement: +(agree / T).toFixed(4), ms: Date.now() - t0 };
    if (!quantized && maxDiff > 1e-4) failed = true;
    if (process.env.BENCH) { // throughput on a batch of 8 full 512-piece windows (onnxruntime-node via transformers.js)
      const B = 8, L = 512, n = B * L;
      const rnd = BigInt64Array.from({ length: n }, (_, i) => BigInt(5 + ((i * 7919) % 15000)));
      const big = { input_ids: new Tensor('int64', rnd, [B, L]), attention_mask: new Tensor('int64', new BigInt64Array(n).fill(1n), [B, L]),
        token_type_ids: new Tensor('int64', new BigInt64Array(n).fill(1n), [B, L]) };
      await model(big);
      const reps = +process.env.BENCH || 3, t1 = performance.now();
      for (let r = 0; r < reps; r++) await model(big);
      const secs = (performance.now() - t1) / 1000;
      res[quantized ? 'int8' : 'fp32'].tokPerSec = Math.round(reps * n / secs);
      res[quantized ? 'int8' : 'fp32'].msPerWindow = +(secs * 1000 / (reps * B)).toFixed(2);
    }
  }
  if (!sameIds) failed = true;
  console.log(JSON.stringify({ id, tokens: T, idsMatchPython: sameIds, ...res }));
}
console.log(failed ? 'CHECK FAILED' : 'CHECK OK');
process.exit(failed ? 1 : 0);
