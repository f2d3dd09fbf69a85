import { chromium, type Browser, type Page } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

/** Debian's Chromium with a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Collects page errors so a test can assert the page ran clean. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
