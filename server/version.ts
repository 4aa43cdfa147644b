import { readFileSync } from 'node:fs';
import { fromRoot } from './project/project-root.js';

/** The package version, reported by /health. */
export const VERSION: string = (
  JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }
).version;
