import type { components } from '../../generated/schema.js';

export type ValidationErrorItem = components['schemas']['ValidationErrorItem'];

/** One error as express-openapi-validator reports it. */
export interface ValidatorErrorItem {
  path: string;
  message: string;
  errorCode?: string;
}

// FastAPI/pydantic type names, so clients written against the hosted API see familiar values.
const TYPE_BY_KEYWORD: Record<string, string> = {
  required: 'missing',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  pattern: 'string_pattern_mismatch',
  minItems: 'too_short',
  maxItems: 'too_long',
  minProperties: 'too_short',
  enum: 'enum',
  const: 'literal_error',
  type: 'type_error',
  minimum: 'greater_than_equal',
  exclusiveMinimum: 'greater_than',
  maximum: 'less_than_equal',
  exclusiveMaximum: 'less_than',
  format: 'value_error',
};

// The validator's location names -> FastAPI's (`/params/key_id` is a path parameter).
const LOCATION: Record<string, string> = { headers: 'header', params: 'path' };

/** Turns `/body/inputs/0/query` into `["body", "inputs", 0, "query"]` (`headers` -> `header`, `params` -> `path`). */
function pathToLoc(path: string): Array<string | number> {
  const parts = path.split('/').filter((p) => p.length > 0);
  return parts.map((part, i) => {
    if (i === 0) return LOCATION[part] ?? part;
    return /^\d+$/.test(part) ? Number(part) : part;
  });
}

/**
 * Maps the validator's errors to FastAPI-style `{loc, msg, type}` items, each once (a field
 * constrained in two `allOf` parts, like `compression_model_name`, is reported by both).
 */
export function toValidationDetail(errors: readonly ValidatorErrorItem[]): ValidationErrorItem[] {
  const seen = new Set<string>();
  return errors.map((e) => {
    const keyword = e.errorCode?.replace(/\.openapi\.validation$/, '') ?? '';
    const type = TYPE_BY_KEYWORD[keyword] ?? 'value_error';
    return {
      loc: pathToLoc(e.path),
      msg: type === 'missing' ? 'Field required' : e.message,
      type,
    };
  }).filter((item) => {
    const id = JSON.stringify(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
