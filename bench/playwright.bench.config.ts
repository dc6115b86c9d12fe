import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/** The UI benchmark: the same browser set-up as the end-to-end tests, one spec, no retries. */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /ui\/.*\.bench\.ts$/,
  globalSetup: undefined,
  reporter: [['list']],
  outputDir: '../test-results/ui-bench-artifacts',
});
