import type { paths } from './generated/schema.js';

/** The six families, as they appear in the route paths (`tool-discovery` answers tool names, not text). */
export const FAMILY_NAMES = ['question-specific', 'question-agnostic', 'markdown', 'history', 'tool-output', 'tool-discovery'] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

/** The model each family uses when the caller names none (the CLI's default). */
export const DEFAULT_MODEL: Record<FamilyName, string> = {
  'question-specific': 'latte_v2',
  'question-agnostic': 'espresso_v1',
  markdown: 'markdown_v1',
  history: 'hcc_latte_v1',
  'tool-output': 'toc_americano_v1',
  'tool-discovery': 'tdc_coldbrew_v1',
};

type Json<P extends keyof paths> = paths[P] extends { post: { requestBody: { content: { 'application/json': infer B } } } } ? B : never;
type Ok<P extends keyof paths> = paths[P] extends { post: { responses: { 200: { content: { 'application/json': infer R } } } } } ? R : never;

/** Wire request body of a family's single and stream routes. */
export type SingleRequest<F extends FamilyName> = Json<`/api/compress/${F}/`>;
/** Wire request body of a family's batch route. */
export type BatchRequest<F extends FamilyName> = Json<`/api/compress/${F}/batch`>;
/** Wire 200 body of a family's single route. */
export type SingleResponse<F extends FamilyName> = Ok<`/api/compress/${F}/`>;
/** Wire 200 body of a family's batch route. */
export type BatchResponse<F extends FamilyName> = Ok<`/api/compress/${F}/batch`>;
/** Wire `data` of a family's single route. */
export type SingleResult<F extends FamilyName> = SingleResponse<F> extends { data: infer D } ? D : never;
/** Wire `data` of a family's batch route. */
export type BatchResult<F extends FamilyName> = BatchResponse<F> extends { data: infer D } ? D : never;

export function isFamilyName(name: string): name is FamilyName {
  return (FAMILY_NAMES as readonly string[]).includes(name);
}
