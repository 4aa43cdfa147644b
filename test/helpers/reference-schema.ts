import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** The hosted API's published description, vendored in test/reference (updated on purpose only). */
export const REFERENCE = JSON.parse(readFileSync(new URL('../reference/compresr-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
};
const REFERENCE_ID = 'https://crema.test/reference/compresr-openapi.json';

// ajv-formats is CommonJS with a default export only.
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv2020) => void;
// Not strict: the document carries OpenAPI keywords (paths, info) beside its JSON Schemas.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(REFERENCE as object, REFERENCE_ID);

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function errorsOf(ref: string, body: unknown): string[] {
  const validate = ajv.getSchema(`${REFERENCE_ID}#/${ref}`);
  if (!validate) throw new Error(`no schema ${ref} in the reference`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/**
 * The errors of `body` against the hosted API's schema `name` (in test/reference), [] when it
 * validates: `expect(referenceErrors('HealthResponse', res.body)).toEqual([])`.
 */
export function referenceErrors(name: string, body: unknown): string[] {
  return errorsOf(pointer('components', 'schemas', name), body);
}

/** The errors of a response body against the reference's schema for that operation and status. */
export function referenceResponseErrors(path: string, method: string, status: number, body: unknown): string[] {
  const op = REFERENCE.paths[path]?.[method];
  if (!op) return [`the reference has no ${method.toUpperCase()} ${path}`];
  const response = op.responses[String(status)];
  if (!response) return [`status ${status} is not documented for ${method.toUpperCase()} ${path} (documented: ${Object.keys(op.responses).join(', ')})`];
  if (!response.content?.['application/json']) return [];
  return errorsOf(pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema'), body);
}
