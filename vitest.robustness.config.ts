import { defineConfig } from 'vitest/config';

/** `npm run test:robustness`: the fuzzer, the attack cases and the repeated kill -9 test (issue 14). */
export default defineConfig({
  test: {
    include: ['test/robustness/**/*.test.ts', 'test/http/hardening/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
