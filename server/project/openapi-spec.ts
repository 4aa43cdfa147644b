import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';
import { pathToFileURL } from 'node:url';
import { fromRoot } from './project-root.js';

/** Path of the single source of truth for the HTTP surface. */
export const SPEC_PATH = pathToFileURL(fromRoot('openapi.yaml'));

/** The spec as JSON, written by `npm run build` (scripts/build.mjs) with the SHA-256 of the YAML it came from. */
const BUILT_SPEC_PATH = fromRoot('dist', 'openapi.json');

let cached: OpenAPIV3.DocumentV3_1 | undefined;

/** The parsed spec; each caller gets its own copy, because the validator mutates what it is given. */
export function loadSpec(): OpenAPIV3.DocumentV3_1 {
  cached ??= readSpec();
  return structuredClone(cached);
}

/** SHA-256 (hex) of the spec's text: what ties dist/openapi.json to the openapi.yaml it was built from. */
export const specDigest = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The spec from `builtFile` when it was built from this `yamlFile`'s text, else parsed from the YAML
 * (no build yet, a YAML edited since, a run from source). Parsing the YAML took ~0.5 s of the main
 * thread at every start; reading the JSON ~10 ms.
 */
export function readSpec(yamlFile: string | URL = SPEC_PATH, builtFile: string = BUILT_SPEC_PATH): OpenAPIV3.DocumentV3_1 {
  const text = readFileSync(yamlFile, 'utf8');
  return builtSpec(builtFile, specDigest(text)) ?? (parse(text) as OpenAPIV3.DocumentV3_1);
}

function builtSpec(file: string, digest: string): OpenAPIV3.DocumentV3_1 | undefined {
  try {
    const built = JSON.parse(readFileSync(file, 'utf8')) as { sha256?: unknown; spec?: OpenAPIV3.DocumentV3_1 };
    return built.sha256 === digest ? built.spec : undefined;
  } catch {
    return undefined;
  }
}
