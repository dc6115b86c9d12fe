import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { serveEngine, type ServedEngine } from '../engine';
import { completeFirstRun } from './helpers';

/**
 * One engine and one signed-in browser page shared by the serial tests of a file (the app keeps its session
 * in the page's IndexedDB, so a new context would have to sign in again).
 */
export function useSignedInApp(
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    colorScheme?: 'light' | 'dark';
    /** Extra environment of the engine (e.g. COFFER_ENABLEBANKING_URL), read when it starts. */
    env?: () => Record<string, string>;
  } = {},
) {
  const state = {} as { engine: ServedEngine; context: BrowserContext; page: Page };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    state.engine = await serveEngine(options.env?.());
    state.context = await browser.newContext({
      locale: options.locale ?? 'en-US',
      viewport: options.viewport ?? { width: 1320, height: 900 },
      acceptDownloads: true,
      colorScheme: options.colorScheme ?? 'light',
    });
    state.page = await state.context.newPage();
    await completeFirstRun(state.page, state.engine.hostUrl);
  });
  test.afterAll(async () => {
    await state.context?.close();
    await state.engine?.stop();
  });
  return state;
}
