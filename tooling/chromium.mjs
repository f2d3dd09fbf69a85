// The one way this project starts Chromium: Debian's, headless, no calls home (these machines reach
// only package registries), a fresh profile each time. Used by the browser tests, the prerender and
// the template-preview script.

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
