// A phone's photo through the editor, in Chromium: a generated 4000×3000 JPEG of about 5 MB is taken
// by the picture field, resized and re-encoded in the browser's image workers (started from the
// editor's own server inside the shell's page) with its progress and saving shown, and
// stored as a main file of at most 600 KB with its copies for `srcset`, named as the publish function
// reads them; replacing it removes the old file and its copies. Published, the page (scripts off)
// shows it with its size, `srcset` of the three copies and every copy served from the page's files.
// A PNG that carries a script stays a picture: copied as HTML it is refused, opened it runs nothing.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { publishInPanel } from '../support/screens';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { writePhotoFiles } from '../support/photos';
import { userClient, waitForStored, waitForStoredFiles } from '../support/portfolios';
import { grantTemplate } from '../support/sites';

let stack: SharedStack;
let browser: Browser;
let dir: string;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-photos-'));
  await writePhotoFiles(browser, [
    [path.join(dir, 'IMG_4032.jpg'), 4000, 3000, 5 * 1024 * 1024],
    [path.join(dir, 'IMG_4033.jpg'), 3000, 4000, 2 * 1024 * 1024],
  ]);
});

test.afterAll(async () => {
  await closeContexts(browser);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const saved = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 20_000 });

/** The sizes in bytes of the files of a portfolio's pictures, by name. */
async function storedSizes(user: { email: string; password: string }, portfolioId: string): Promise<Record<string, number>> {
  const { client, userId } = await userClient(stack, user);
  const { data, error } = await client.storage.from('portfolio-images').list(`${userId}/${portfolioId}`);
  if (error) throw error;
  return Object.fromEntries((data ?? []).map((entry) => [entry.name, Number((entry.metadata as { size?: number } | null)?.size)]));
}

test.describe('a photo through the editor', () => {
  // One journey, so the 5 MB photo is prepared in the browser once: stored, published and shown on the
  // page (its copies served, the page light), then replaced and removed.
  test('a 4000×3000 JPEG of about 5 MB is stored as a WebP of at most 600 KB with its three copies, shown published with its size and srcset, and replacing it removes them', async () => {
    const original = fs.statSync(path.join(dir, 'IMG_4032.jpg')).size;
    assert.ok(original > 4.5 * 1024 * 1024 && original < 5.6 * 1024 * 1024, `the photo weighs about 5 MB (${original})`);
    const user = await createConfirmedUser(stack, 'Phone Photographer');
    // Template 1 bought already, so it can be published (buying it is commerce.test.ts).
    await grantTemplate(stack, (await userClient(stack, user)).userId, 1, 100);
    const context = await signedInContext(browser, stack, user);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.shellUrl}/design`);
    await page.waitForURL(/\/design\?portfolio=/);
    await saved(page);
    const id = new URL(page.url()).searchParams.get('portfolio')!;

    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const picker = page.getByLabel('Profile image', { exact: true });
    await picker.setInputFiles(path.join(dir, 'IMG_4032.jpg'));
    // Nothing refused: the 5 MB limit is the stored file's, and the photo is resized first, with progress.
    await page
      .getByRole('progressbar', { name: /^(Resizing|Upload) of IMG_4032\.jpg$/ })
      .first()
      .waitFor();
    await page.getByText('Stored in your account: IMG_4032.jpg').waitFor({ timeout: 60_000 });
    const saving = await page.getByText(/^Resized for the web: /).textContent();
    assert.match(saving ?? '', /^Resized for the web: [45]\.\d MB → \d{2,3} KB$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The work ran off the page's thread: the editor's chunks come from another origin than the page,
    // so its workers start from blob: addresses of the page's own.
    assert.ok(workers.length >= 1, 'the photo was prepared in a worker');
    assert.ok(
      workers.every((url) => url.startsWith(`blob:${stack.shellUrl}`)),
      workers.join(', '),
    );

    await saved(page);
    const [row] = await waitForStored(stack, user, (rows) => /\.2560x1920\.webp$/.test(rows[0]?.data.profile.photo ?? ''), 20_000);
    const ref = row!.data.profile.photo!;
    const stem = /\/(image-[a-z0-9]+)\.2560x1920\.webp$/.exec(ref)![1]!;
    const sizes = await storedSizes(user, id);
    assert.deepEqual(Object.keys(sizes).sort(), [
      `${stem}.1280x960.webp`,
      `${stem}.1920x1440.webp`,
      `${stem}.2560x1920.webp`,
      `${stem}.640x480.webp`,
    ]);
    assert.ok(sizes[`${stem}.2560x1920.webp`]! <= 600 * 1024, `main file ${sizes[`${stem}.2560x1920.webp`]} bytes ≤ 600 KB`);
    assert.ok(sizes[`${stem}.640x480.webp`]! < sizes[`${stem}.1920x1440.webp`]!, 'the narrower copy weighs less');
    // The preview shows the stored photo.
    const image = page.getByRole('region', { name: 'Template Preview' }).locator('img').first();
    await page.waitForFunction((element) => (element as HTMLImageElement).naturalWidth > 0, await image.elementHandle());

    // Published, the page (scripts off, a phone) shows it with its size and every copy in srcset.
    const slug = `photo-${Date.now().toString(36)}`;
    const region = page.getByRole('region', { name: 'Publish' });
    await region.getByLabel('Page address').fill(slug);
    await expect(region.getByText('This address is free.')).toBeVisible();
    await publishInPanel(region);
    await region.getByRole('status').getByText('Your page is published.').waitFor({ timeout: 30_000 });

    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const live = await visitor.newPage();
    const bytes = new Map<string, number>();
    live.on('response', (response) => {
      void response.body().then(
        (body) => bytes.set(response.url(), body.length),
        () => undefined,
      );
    });
    await live.goto(`${stack.shellUrl}/p/${slug}`, { waitUntil: 'networkidle' });
    const photo = live.locator('img[srcset]').first();
    await expect(photo).toHaveAttribute('width', '2560');
    await expect(photo).toHaveAttribute('height', '1920');
    await expect(photo).toHaveAttribute('sizes', /.+/);
    const srcset = (await photo.getAttribute('srcset')) ?? '';
    const widths = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[1]);
    assert.deepEqual(widths, ['640w', '1280w', '1920w', '2560w'], srcset);
    for (const candidate of srcset.split(',')) {
      const url = new URL(candidate.trim().split(/\s+/)[0]!, live.url()).href;
      const answer = await fetch(url);
      assert.equal(answer.status, 200, url);
      assert.equal(answer.headers.get('content-type'), 'image/webp', url);
    }
    // A phone downloads one narrow copy, not the 5 MB photo nor the widest copy.
    await live.waitForFunction((element) => (element as HTMLImageElement).complete, await photo.elementHandle());
    const total = [...bytes.values()].reduce((sum, size) => sum + size, 0);
    assert.ok(total < 400 * 1024, `the page and what it loaded weigh ${total} bytes`);
    await visitor.close();

    // A portrait photo replaces it: the old main file and its copies leave storage.
    await picker.setInputFiles(path.join(dir, 'IMG_4033.jpg'));
    await page.getByText('Stored in your account: IMG_4033.jpg').waitFor({ timeout: 60_000 });
    await saved(page);
    const names = await waitForStoredFiles(
      stack,
      user,
      'portfolio-images',
      id,
      (files) => !files.some((file) => file.startsWith(stem)),
      20_000,
    );
    // Standing, 1920 px wide: its copies are the narrower widths, 640 and 1280.
    assert.deepEqual(names.map((name) => name.replace(/^image-[a-z0-9]+\./, '')).sort(), [
      '1280x1707.webp',
      '1920x2560.webp',
      '640x853.webp',
    ]);

    // Removing it removes every file of it.
    await page.getByRole('button', { name: 'Remove Profile image' }).click();
    await saved(page);
    await waitForStoredFiles(stack, user, 'portfolio-images', id, (files) => files.length === 0, 20_000);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** A 1×1 PNG: a file every check of a picture's bytes takes for one. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.describe('a picture that is also a page', () => {
  test('a PNG carrying a script, copied as " text/html", never runs in Chromium and reads no mail', async () => {
    const user = await createConfirmedUser(stack, 'Polly Glot');
    const { client, userId } = await userClient(stack, user);
    const token = (await client.auth.getSession()).data.session!.access_token;
    // Its script, if it ever ran on the API origin, would say so in the title and read the mailbox.
    const script = `<script>document.title = 'script ran'; fetch(${JSON.stringify(`${stack.mailboxUrl}/api`)}).then((r) => r.text()).then((t) => { document.title = 'mail read ' + t.length; });</script>`;
    const polyglot = Buffer.concat([PNG_1X1, Buffer.from(`<html><body>${script}</body></html>`)]);
    const from = `${userId}/p1/polyglot.png`;
    const upload = await client.storage.from('portfolio-images').upload(from, polyglot, { contentType: 'image/png' });
    assert.equal(upload.error, null);

    const copyAs = async (mimetype: string, destinationKey: string) =>
      fetch(`${stack.cloudUrl}/storage/v1/object/copy`, {
        method: 'POST',
        headers: { apikey: stack.keys.anonKey!, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          bucketId: 'portfolio-images',
          sourceKey: from,
          destinationKey,
          copyMetadata: false,
          metadata: { mimetype },
        }),
      });
    const opened: string[] = [];
    for (const [mimetype, name] of [
      [' text/html', 'space.html'],
      ['\ttext/html', 'tab.html'],
      ['image/png', 'copy.png'],
    ] as const) {
      const to = `${userId}/p1/${name}`;
      if ((await copyAs(mimetype, to)).ok) opened.push(to); // a refused copy leaves nothing to open
    }
    assert.deepEqual(opened, [`${userId}/p1/copy.png`], 'only the copy that stays a picture is made');

    const context = await browser.newContext();
    const page = await context.newPage();
    const mailboxReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(stack.mailboxUrl)) mailboxReads.push(request.url());
    });
    for (const key of [from, ...opened]) {
      const { data, error } = await client.storage.from('portfolio-images').createSignedUrl(key, 60);
      assert.equal(error, null);
      const response = await page.goto(data!.signedUrl);
      assert.equal(response?.headers()['content-type'], 'image/png', key);
      assert.match(response?.headers()['content-security-policy'] ?? '', /\bsandbox\b/, key);
      // A script runs as the page is parsed, before the load event goto waits for.
      expect(await page.title()).not.toMatch(/script ran|mail read/);
    }
    assert.deepEqual(mailboxReads, []);
    await context.close();
  });
});
