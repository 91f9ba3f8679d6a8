import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: one file, its own processes; not part of the per-package projects.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
