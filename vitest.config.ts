import { defineConfig } from 'vitest/config';

/**
 * Files that need a fresh module graph: a `vi.mock` of a Node module (not undone between files
 * without isolation) and a heap measurement that other files' leftovers would blur.
 */
const ISOLATED = ['test/model/served-file.test.ts', 'test/model/string-memo.test.ts'];

export default defineConfig({
  test: {
    // PGlite loads from the run's snapshot in ~1 s; a busy machine needs room for it and the app.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          globalSetup: ['test/global-setup.ts'],
          // One process runs many files: the server's modules are imported, and PGlite's WebAssembly
          // compiled, once per worker instead of once per file (every file still builds its own app
          // and database). Why and what it saves: docs/test-suite.md.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
