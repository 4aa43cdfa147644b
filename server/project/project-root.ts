import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root (the folder holding package.json), found from this file: the server runs
 * as TypeScript from server/ (tsx, vitest) or compiled under dist/server/ (`npm start`), so a
 * fixed `../..` from a module would point at different folders in the two.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the checkout, e.g. `fromRoot('models', 'wordvec')`. */
export const fromRoot = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
