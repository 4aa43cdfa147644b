import type { components } from '../../generated/schema.js';

export type FamilyId = components['schemas']['Family'];
export type ModelId = components['schemas']['ModelId'];

/** A compression family: its route prefix and the models it serves. */
export interface Family {
  id: FamilyId;
  /** Route prefix; the single-item route is `${basePath}/`. */
  basePath: string;
  models: readonly ModelId[];
}

/** The six families of the description, one record each; routes are generated from this list. */
export const FAMILIES: readonly Family[] = [
  { id: 'question-specific', basePath: '/api/compress/question-specific', models: ['latte_v1', 'latte_v2'] },
  { id: 'question-agnostic', basePath: '/api/compress/question-agnostic', models: ['espresso_v1'] },
  { id: 'markdown', basePath: '/api/compress/markdown', models: ['markdown_v1'] },
  { id: 'history', basePath: '/api/compress/history', models: ['hcc_latte_v1', 'hcc_espresso_v1'] },
  { id: 'tool-output', basePath: '/api/compress/tool-output', models: ['toc_latte_v1', 'toc_latte_v2', 'toc_americano_v1'] },
  { id: 'tool-discovery', basePath: '/api/compress/tool-discovery', models: ['tdc_coldbrew_v1'] },
];
