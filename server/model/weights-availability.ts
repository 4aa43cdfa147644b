import { existsSync } from 'node:fs';
import path from 'node:path';
import type { WeightsId } from '../catalog/model-catalog.js';
import { servedOnnxFile } from './served-format.js';

/** Tells whether a scoring network's files are bundled; the model records and /health report it. */
export interface WeightsAvailability {
  isAvailable(weights: WeightsId): boolean;
}

/** Checks `models/<id>/config.json`, `tokenizer.json` and the served ONNX file, once per id. */
export function weightsOnDisk(modelsDir: string): WeightsAvailability {
  const cache = new Map<WeightsId, boolean>();
  return {
    isAvailable(weights) {
      let ok = cache.get(weights);
      if (ok === undefined) {
        const dir = path.join(modelsDir, weights);
        ok =
          existsSync(path.join(dir, 'config.json')) &&
          existsSync(path.join(dir, 'tokenizer.json')) &&
          existsSync(path.join(dir, servedOnnxFile(weights)));
        cache.set(weights, ok);
      }
      return ok;
    },
  };
}
