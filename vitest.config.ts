import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The robustness suite (fuzzer, kill -9 ×10) is its own step: npm run test:robustness.
    exclude: ['test/robustness/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
