import type { WeightsId } from '../compression/model-catalog.js';

/**
 * Which ONNX file serves each network: the faster of the two on 2 CPU cores (measured with
 * onnxruntime-node: latte_v1 int8 10.3k vs fp32 8.7k words/s; latte_v2 fp32 42.4k vs int8
 * 28.7k — the small model gains nothing from int8 kernels). Both formats make the same keep/drop
 * decisions (scripts/train/check_xenova.mjs).
 */
export const SERVED_QUANTIZED: Readonly<Record<WeightsId, boolean>> = {
  latte_v1: true,
  latte_v2: false,
  espresso_v1: true,
};

/** The served file, relative to `models/<id>/`. */
export function servedOnnxFile(weights: WeightsId): string {
  return SERVED_QUANTIZED[weights] ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx';
}
