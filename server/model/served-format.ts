import type { WeightsId } from '../compression/model-catalog.js';

/**
 * Which ONNX file serves each network: the faster of the two on 2 CPU cores, measured with
 * onnxruntime-node in `npm run bench:quality` (tokens/s, int8 vs fp32): latte_v1 7.0k vs 3.8k,
 * latte_v2 59k vs 52k, espresso_v1 36k vs 17k. The int8 files make the same keep/drop decisions
 * as fp32 on the reference inputs (scripts/train/check_xenova.mjs) and score within one question
 * of fp32 on the SQuAD benchmark.
 */
export const SERVED_QUANTIZED: Readonly<Record<WeightsId, boolean>> = {
  latte_v1: true,
  latte_v2: true,
  espresso_v1: true,
};

/** The served file, relative to `models/<id>/`. */
export function servedOnnxFile(weights: WeightsId): string {
  return SERVED_QUANTIZED[weights] ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx';
}
