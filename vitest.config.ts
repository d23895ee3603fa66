import { defineConfig } from 'vitest/config';

// Unit and integration tests of every project. e2e (Playwright) runs separately.
export default defineConfig({
  test: {
    include: ['{apps,packages,tools}/*/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
  },
});
