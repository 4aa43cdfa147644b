import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that need a fresh module graph: a `vi.mock` of a Node module (not undone between files
 * without isolation) and a heap measurement that other files' leftovers would blur.
 */
const ISOLATED = ['test/model/served-file.test.ts', 'test/model/string-memo.test.ts'];

/**
 * The longest files (wall time, docs/test-suite.md), longest first: without vitest's results cache
 * (a fresh clone, CI) it starts larger files first, and a long file started last kept one worker
 * busy alone at the end. With the cache, the order is already longest first.
 */
const LONGEST_FIRST = [
  'test/fuzz/spec-fuzz.test.ts',
  'test/client/package-install.test.ts',
  'test/lifecycle/kill-9-holds.test.ts',
  'test/lifecycle/serve-script.test.ts',
  'test/docs/docs.browser.test.ts',
  'test/lifecycle/sigterm-drain.test.ts',
  'test/compression/markdown.test.ts',
  'test/compression/engine/formats/json-compressor.test.ts',
  'test/compression/engine/split/markdown-blocks.test.ts',
  'test/dashboard/as-seen.browser.test.ts',
  'test/compression/family-contract.test.ts',
  'test/model/scorer.test.ts',
  'test/compression/runtime/engine-pool-close.test.ts',
  'test/compression/question-specific.test.ts',
  'test/cli/compress-directory.test.ts',
  'test/dashboard/dashboard.browser.test.ts',
  'test/compression/tool-output.test.ts',
  'test/cli/cli.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((path) => f.moduleId.endsWith(path));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Projects stay in the base order; inside one, the listed files go first.
    const at = new Map(base.map((f, i) => [f, i]));
    return [...base].sort((a, b) => (a.project.name === b.project.name ? rank(a) - rank(b) || at.get(a)! - at.get(b)! : at.get(a)! - at.get(b)!));
  }
}

export default defineConfig({
  test: {
    // PGlite loads from the run's snapshot in ~1 s; a busy machine needs room for it and the app.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
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
