// The one way this project starts Chromium: Debian's, headless, no calls home (these machines reach
// only package registries), a fresh profile each time. Used by the browser tests, the prerender and
// the template-preview script.
import fs from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH: what renders the pages shipped ahead, the template previews and the bench. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The tests' Chromium: Debian's headless shell of the same Chromium (its Blink and V8 without the
 * desktop browser around them), as Playwright runs headless tests by default. The browser tests take
 * about 40 % less CPU in it than in the full browser started headless. TEST_CHROMIUM_PATH or
 * CHROMIUM_PATH choose another; without the shell (`apt-get install chromium-headless-shell`) the tests
 * run in CHROMIUM_PATH.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
