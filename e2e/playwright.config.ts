// The browser tests on Playwright's runner, driving Debian's Chromium (never a downloaded browser).
// The global setup starts ONE stack for the run (local-cloud with hosted Supabase's settings and the
// six production builds of the build stage: support/globalSetup.ts); files run in parallel on as many
// workers as the machine has cores, each test with its own users and slugs, and `--shard=1/2` splits
// the files. The tests of a file that are steps of one journey run in order (`mode: 'serial'`). Each
// worker launches one Chromium (Playwright's `browser` fixture, from `use.launchOptions`) for every file
// it runs; a file closes the contexts it opened (support/browser.ts closeContexts).
// Traces are off unless PWTRACE=1: recording every context of every test cost about 14% more CPU
// (siteJourney: 27.0 s against 23.2 s). To see a failure, run its file again with PWTRACE=1: a failed
// test then keeps its trace under e2e/test-results/ for `npx playwright show-trace`.
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../tooling/chromium.mjs';

export default defineConfig({
  testDir: 'tests',
  testMatch: '*.test.ts',
  outputDir: 'test-results',
  globalSetup: './support/globalSetup.ts',
  workers: os.availableParallelism(),
  // Files in parallel, the tests of one file in order in one worker (most are steps of a journey).
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // A step stuck on a missing element fails in 30 s instead of holding CI for the whole test.
  timeout: 3 * 60_000,
  expect: { timeout: 30_000 },
  // PWTIMING=1 adds where the time went (support/timingReporter.ts): the setup, each file's hooks, slow tests.
  reporter: process.env.PWTIMING === '1' ? [['list'], ['./support/timingReporter.ts']] : [['list']],
  use: {
    trace: process.env.PWTRACE === '1' ? 'retain-on-failure' : 'off',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
});
