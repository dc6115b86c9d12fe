import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Engines started by the tests (and the processes they spawn) fetch exchange rates from a closed loopback
    // port, never from the internet; the rates tests point theirs at the ECB emulator.
    env: { COFFER_FX_URL: 'http://127.0.0.1:9/' },
    include: ['test/**/*.test.ts'],
    // The robustness suite (fuzzer, kill -9 ×10) is its own step: npm run test:robustness.
    exclude: ['test/robustness/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
