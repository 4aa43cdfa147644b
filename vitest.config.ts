import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // PGlite boots in 2-5 s on 2 cores; each file starts one.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
