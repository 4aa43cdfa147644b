import { readFileSync } from 'node:fs';
// ajv arrives with express-openapi-validator; its 2020-12 build reads the reference's OpenAPI 3.1 schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';

const REFERENCE_ID = 'https://crema.test/reference/compresr-openapi.json';
const reference: unknown = JSON.parse(readFileSync(new URL('../reference/compresr-openapi.json', import.meta.url), 'utf8'));

// Not strict: the document carries OpenAPI keywords (paths, info) beside its JSON Schemas.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(reference as object, REFERENCE_ID);

/**
 * The errors of `body` against the hosted API's schema `name` (in test/reference), [] when it
 * validates: `expect(referenceErrors('HealthResponse', res.body)).toEqual([])`.
 */
export function referenceErrors(name: string, body: unknown): string[] {
  const validate = ajv.getSchema(`${REFERENCE_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name} in the reference`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
