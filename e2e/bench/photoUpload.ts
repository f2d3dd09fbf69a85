// Issue 46 #22: choosing a phone's photo (a generated 4000×3000 JPEG of about 3.7 MB) in the editor's
// picture field until it says "Stored in your account", signed in, goal ≤ 3 s. The floor is the same
// steps with a 400×300 photo (a few KB): what choosing, the upload and the screen cost with almost no
// picture work. Photo and floor take turns, so a busy moment of the machine weighs on both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createConfirmedUser, logInThroughUi } from '../support/accounts';
import { writePhotoFiles } from '../support/photos';
import type { Stack } from '../support/stack';
import { median } from './firstLoad';

export const PHOTO_GOAL_MS = 3000;

/** Milliseconds from choosing `file` in the profile picture field to "Stored in your account: <name>". */
async function timeToStored(page: Page, file: string): Promise<number> {
  const name = path.basename(file);
  const started = performance.now();
  await page.getByLabel('Profile image', { exact: true }).setInputFiles(file);
  await page.getByText(`Stored in your account: ${name}`).waitFor({ timeout: 120_000 });
  const ms = performance.now() - started;
  // The next choice starts from a saved portfolio, not in the middle of this one's save.
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 30_000 });
  return ms;
}

const spread = (times: number[]) =>
  `median ${median(times).toFixed(0)} ms, ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms (${times.map((ms) => ms.toFixed(0)).join(', ')})`;

/** Prints the figures; returns the goals missed, in words. */
export async function benchPhotoUpload(browser: Browser, stack: Stack, runs: number, log = console.log): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-bench-photos-'));
  try {
    // A new file name each run: the field shows the last one stored, so a repeated name would be found at once.
    const photos = Array.from({ length: runs }, (_, run) => path.join(dir, `IMG_${4100 + run}.jpg`));
    const floors = Array.from({ length: runs }, (_, run) => path.join(dir, `small-${run}.jpg`));
    const warmUp = path.join(dir, 'warm-up.jpg');
    await writePhotoFiles(browser, [
      [photos[0]!, 4000, 3000, 3.7 * 1024 * 1024],
      [warmUp, 400, 300, 30 * 1024],
    ]);
    for (let run = 0; run < runs; run += 1) {
      if (run) fs.copyFileSync(photos[0]!, photos[run]!);
      fs.copyFileSync(warmUp, floors[run]!);
    }
    const user = await createConfirmedUser(stack, 'Bench Photographer');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logInThroughUi(page, stack, user);
    await page.goto(`${stack.shellUrl}/design`);
    await page.waitForURL(/\/design\?portfolio=/);
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor({ timeout: 30_000 });
    // Untimed: the first choice loads the preparer's code.
    await timeToStored(page, warmUp);
    const photoTimes: number[] = [];
    const floorTimes: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      photoTimes.push(await timeToStored(page, photos[run]!));
      floorTimes.push(await timeToStored(page, floors[run]!));
    }
    await context.close();
    const megabytes = (fs.statSync(photos[0]!).size / (1024 * 1024)).toFixed(1);
    log(`\nA photo chosen in the editor until "Stored in your account" (signed in, ${runs} runs, taking turns with the floor):`);
    log(`  4000×3000 JPEG of ${megabytes} MB: ${spread(photoTimes)}`);
    log(`  floor, a 400×300 JPEG: ${spread(floorTimes)}`);
    const met = median(photoTimes) <= PHOTO_GOAL_MS;
    log(`  goal median ≤ ${PHOTO_GOAL_MS / 1000} s: ${met ? 'met' : 'NOT met'}`);
    return met ? [] : [`photo to stored ${median(photoTimes).toFixed(0)} ms > ${PHOTO_GOAL_MS} ms`];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
