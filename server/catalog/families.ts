import type { components } from '../../generated/schema.js';
import { MODEL_CATALOG } from './model-catalog.js';

export type FamilyId = components['schemas']['Family'];
export type ModelId = components['schemas']['ModelId'];

/** A compression family: its route prefix and the models it serves. */
export interface Family {
  id: FamilyId;
  /** Route prefix; the single-item route is `${basePath}/`. */
  basePath: string;
  /** Read from the model records, in catalog order. */
  models: readonly ModelId[];
}

const modelsOf = (family: FamilyId): ModelId[] => Object.values(MODEL_CATALOG).filter((m) => m.family === family).map((m) => m.id);

/** The six families of the description, one record each; routes are generated from this list. */
export const FAMILIES: readonly Family[] = [
  { id: 'question-specific', basePath: '/api/compress/question-specific', models: modelsOf('question-specific') },
  { id: 'question-agnostic', basePath: '/api/compress/question-agnostic', models: modelsOf('question-agnostic') },
  { id: 'markdown', basePath: '/api/compress/markdown', models: modelsOf('markdown') },
  { id: 'history', basePath: '/api/compress/history', models: modelsOf('history') },
  { id: 'tool-output', basePath: '/api/compress/tool-output', models: modelsOf('tool-output') },
  { id: 'tool-discovery', basePath: '/api/compress/tool-discovery', models: modelsOf('tool-discovery') },
];
