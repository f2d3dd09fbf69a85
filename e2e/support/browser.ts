import { chromium, type Browser, type Page } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../../tooling/chromium.mjs';

export { CHROMIUM_FLAGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH };

/** Debian's Chromium with a fresh profile, for what runs outside the test runner (e2e/bench). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * Closes every context a file opened in the worker's browser. The test files take Playwright's `browser`
 * fixture (launched once per worker with the config's launch options, as launchBrowser does) rather
 * than a Chromium of their own each; a file's contexts end with the file, so the next starts clean.
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/** Collects page errors so a test can assert the page ran clean. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
