import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One throwaway PostgreSQL cluster for the run, for the suites that test the PostgreSQL store.
    globalSetup: ['test/helpers/pg-global.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
