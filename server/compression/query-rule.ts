import { ApiError } from '../http/api-error.js';
import type { ModelSpec } from '../catalog/model-catalog.js';

/**
 * 422 `validation_error` when a request's query breaks its model's rule: a query-aware model
 * without one, or a query-free model given one (it would silently do nothing). `field` names
 * the query in the error (`query`, or `inputs.3.query` in a batch).
 */
export function checkQueryRule(spec: ModelSpec, query: string | null | undefined, field: string, requested: string): void {
  const sent = query !== undefined && query !== null;
  if (spec.query === 'required' && !sent) {
    throw new ApiError('validation_error', `${requested} compresses towards a query: send \`query\``, { field, detail: 'or use a query-free model of this family' });
  }
  if (spec.query === 'forbidden' && sent) {
    throw new ApiError('validation_error', `${requested} takes no query`, { field, detail: 'use a query-aware model of this family to compress towards a query' });
  }
}
