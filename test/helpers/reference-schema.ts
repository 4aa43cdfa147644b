import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Validators for the hosted API's own schemas (test/reference/compresr-openapi.json, a copy
 * updated on purpose only): a crema response must validate against the reference schema of its
 * operation and status, beside crema's own spec.
 */
const reference = JSON.parse(readFileSync(new URL('../reference/compresr-openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, object> };
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'reference', components: reference.components });

const compiled = new Map<string, ValidateFunction>();

/** The errors of `body` against the reference's `components.schemas[name]`, as one string ('' when valid). */
export function referenceErrors(name: string, body: unknown): string {
  if (!(name in reference.components.schemas)) throw new Error(`no schema ${name} in the reference`);
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `reference#/components/schemas/${name}` });
    compiled.set(name, validate);
  }
  return validate(body) ? '' : ajv.errorsText(validate.errors);
}
