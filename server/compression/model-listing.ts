import type { components } from '../../generated/schema.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import type { FamilyId } from '../catalog/families.js';
import type { ModelSpec } from '../catalog/model-catalog.js';
import { TOKENIZER, toModelRecord } from './model-record.js';
import { sampleTextsFor } from './sample-texts.js';
import { modelLabel } from '../catalog/model-label.js';

type CompressionModelOption = components['schemas']['CompressionModelOption'];
type DemoData = components['schemas']['DemoData'];
type ModelRecord = components['schemas']['ModelRecord'];


/**
 * The reference's `DemoCompressionModelOption` for one model. `tier_scale` names the model's
 * matrix in the tier schedule's `scale_limits`, which is keyed by model id.
 */
function compressionModelOption(spec: ModelSpec): CompressionModelOption {
  return { value: spec.id, label: modelLabel(spec.id), description: spec.description, tier_scale: spec.id };
}

/** The reference's `DemoData` for a set of models: their families' samples (in family order, each once) and the options. */
function demoData(specs: readonly ModelSpec[]): DemoData {
  const families = [...new Set<FamilyId>(specs.map((s) => s.family))];
  const options = specs.map(compressionModelOption);
  // The hosted API's agent gateway reads the tool-discovery models under `discovery_models`.
  const discovery = families.length === 1 && families[0] === 'tool-discovery' ? { discovery_models: options } : {};
  return { sample_texts: families.flatMap(sampleTextsFor), compression_models: options, ...discovery };
}

/** A model's record with the reference's `DemoData` fields beside it (the `/models/{model_id}` answer). */
export function modelDetail(spec: ModelSpec, weights: WeightsAvailability): ModelRecord & DemoData {
  return { ...toModelRecord(spec, weights), ...demoData([spec]) };
}

/** The listing fields every `/models` answer shares: the reference's `DemoData`, the tokenizer, the full records. */
export function modelListing(specs: readonly ModelSpec[], weights: WeightsAvailability): DemoData & { tokenizer: string; models: ModelRecord[] } {
  return { ...demoData(specs), tokenizer: TOKENIZER, models: specs.map((s) => toModelRecord(s, weights)) };
}
