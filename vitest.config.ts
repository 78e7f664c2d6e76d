import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['packages/db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One module graph per worker: each file's imports (the whole app for an API test) are evaluated once, not
    // once per file (docs/decisions/tooling.md, Test files share their worker's modules).
    isolate: false,
    // A global a test stubs is put back after it, so no file leaves one to the next in its worker.
    unstubGlobals: true,
  },
});
