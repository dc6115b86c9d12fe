import { defineConfig } from 'vitest/config';

/** `npm run test:robustness`: the fuzzer, the attack cases and the repeated kill -9 test (issue 14). */
export default defineConfig({
  test: {
    // Engines started by the tests (and the processes they spawn) fetch exchange rates from a closed loopback
    // port, never from the internet; the rates tests point theirs at the ECB emulator.
    env: { COFFER_FX_URL: 'http://127.0.0.1:9/' },
    include: ['test/robustness/**/*.test.ts', 'test/http/hardening/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
