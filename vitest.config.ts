import { defineConfig } from 'vitest/config';

// Unit and integration tests of every project. e2e (Playwright) runs separately.
export default defineConfig({
  test: {
    include: ['{apps,packages,tools}/*/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Integration suites start a real server and database; a loaded CI machine is slow.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
