// The browser tests on Playwright's runner, driving Debian's Chromium (never a downloaded browser).
// One worker, files and tests in order: each file starts its own stack of the built apps and
// local-cloud, and the tests of a file are steps of one visitor's journey. A failed test keeps its
// trace (every context the test opens) under e2e/test-results/ for `npx playwright show-trace`.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';

export default defineConfig({
  testDir: 'tests',
  testMatch: '*.test.ts',
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // A file's stack (local-cloud, six apps) starts in its beforeAll, under a minute on a loaded 2-core
  // machine; a step stuck on a missing element fails in 30 s instead of holding CI for the whole test.
  timeout: 3 * 60_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
});
