import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WeightsId } from '../../server/catalog/model-catalog.js';

const MODELS = new URL('../../models', import.meta.url).pathname;

/**
 * A MODELS_DIR holding only `weights` (links to the bundled folders), for a spawned server whose
 * test sends requests to those networks alone: a start loads, and warms a family on, only them.
 */
export function modelsSubset(weights: readonly WeightsId[]): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'crema-models-'));
  for (const w of weights) symlinkSync(path.join(MODELS, w), path.join(dir, w), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
