import type { WeightsId } from '../catalog/model-catalog.js';

/**
 * `MODEL_FORMAT`: which ONNX file serves each network. auto (the default) times the int8 file
 * and its fp32 twin on this host once and serves the faster (server/model/served-file.ts); int8
 * and fp32 serve that file without timing.
 */
export const MODEL_FORMATS = ['auto', 'int8', 'fp32'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/**
 * The committed file of each network: int8. It makes the same keep/drop decisions as fp32 on the
 * reference inputs (scripts/train/check_xenova.mjs) and scores within one question of fp32 on the
 * SQuAD benchmark. The fp32 twin (`onnx/model.onnx`, gitignored) is made from it at start-up when
 * missing, and serves instead where it runs faster (CPUs without int8 dot-product instructions).
 */
export const SERVED_QUANTIZED: Readonly<Record<WeightsId, boolean>> = {
  latte_v1: true,
  latte_v2: true,
  espresso_v1: true,
};

/** The file a network needs on disk to be served, relative to `models/<id>/` (the fp32 twin is derived from it). */
export function servedOnnxFile(weights: WeightsId): string {
  return SERVED_QUANTIZED[weights] ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx';
}
