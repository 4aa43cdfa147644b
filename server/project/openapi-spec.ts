import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';
import { pathToFileURL } from 'node:url';
import { fromRoot } from './project-root.js';

/** Path of the single source of truth for the HTTP surface. */
export const SPEC_PATH = pathToFileURL(fromRoot('openapi.yaml'));

let cached: OpenAPIV3.DocumentV3_1 | undefined;

/** The parsed spec; each caller gets its own copy, because the validator mutates what it is given. */
export function loadSpec(): OpenAPIV3.DocumentV3_1 {
  cached ??= parse(readFileSync(SPEC_PATH, 'utf8')) as OpenAPIV3.DocumentV3_1;
  return structuredClone(cached);
}
