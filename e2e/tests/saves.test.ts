// Portfolios kept in the account, in Chromium: what a signed-in user types reaches the account and
// another browser, survives a closed tab and going offline, and a stale tab never overwrites newer work.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, logInThroughUi, signedInContext } from '../support/accounts';
import { storedFiles, storedPortfolios, waitForStored, waitForStoredFiles } from '../support/portfolios';
import { XSS_PAYLOADS } from '@folioforge/shared/testing/xss-payloads';
import { repoRoot } from '../../tooling/repo.mjs';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

type User = Awaited<ReturnType<typeof createConfirmedUser>>;

async function signedIn(user: User): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, stack, user);
  return { context, page: await context.newPage() };
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Offline|Could not save|Not saved)/ });

/** Waits for the status to read `text` from its start, case and all: 'Saved' must not match 'Not saved: …'. */
async function waitForStatus(page: Page, text: string | RegExp) {
  const pattern = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : text;
  await status(page).filter({ hasText: pattern }).waitFor({ timeout: 15_000 });
}

/** Opens /design signed in: the user's newest portfolio, or a first one made from template 1. */
async function openDesign(page: Page, path = '/design'): Promise<string> {
  await page.goto(`${stack.shellUrl}${path}`);
  await page.waitForURL(/\/design\?portfolio=/);
  await waitForStatus(page, 'Saved');
  return new URL(page.url()).searchParams.get('portfolio')!;
}

const nameField = (page: Page) => page.getByLabel('Name', { exact: true });

/** Use Template on the first template, signed out: its draft is kept on the device. */
async function useFirstTemplateSignedOut(page: Page) {
  await page.goto(`${stack.shellUrl}/templates`);
  await page
    .getByRole('button', { name: /^Use Template/ })
    .first()
    .click();
  await page.waitForURL(/\/design$/);
}

/** My portfolios deletes for good this long after Delete, unless Undo is pressed (UNDO_DELETE_MS). */
const UNDO_DELETE_MS = 6000;

test.describe('cloud saves', () => {
  test('an edit saved in one browser shows in another browser of the same user', async () => {
    const user = await createConfirmedUser(stack, 'Cloud Saver');
    const first = await signedIn(user);
    const errors = trackPageErrors(first.page);
    const id = await openDesign(first.page);
    await nameField(first.page).fill('Grace Hopper');
    await waitForStatus(first.page, 'Saved');
    const rows = await waitForStored(stack, user, (all) => all[0]?.data.profile.name === 'Grace Hopper');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.id, id);
    assert.equal(rows[0]!.template_id, '1');

    const second = await signedIn(user);
    await second.page.goto(`${stack.shellUrl}/design?portfolio=${id}`);
    await waitForStatus(second.page, 'Saved');
    await expect(nameField(second.page)).toHaveValue('Grace Hopper');
    await expect(second.page.getByRole('region', { name: 'Template Preview' }).getByText('Grace Hopper').first()).toBeVisible();
    // Opening /design with no portfolio named reopens the newest one rather than making another.
    await openDesign(second.page);
    assert.equal(new URL(second.page.url()).searchParams.get('portfolio'), id);
    assert.equal((await storedPortfolios(stack, user)).length, 1);
    assert.deepEqual(errors, []);
    await first.context.close();
    await second.context.close();
  });

  test('a tab closed 200 ms after the last key keeps the edit', async () => {
    const user = await createConfirmedUser(stack, 'Quick Closer');
    const { context, page } = await signedIn(user);
    // The page's own clock, stopped: the save a second after typing pauses (CLOUD_SAVE_DELAY_MS) cannot
    // be what keeps the edit, only the save as the tab closes.
    await page.clock.install();
    await openDesign(page);
    // Stopped a few seconds ahead of the page's time (the page's clock runs on while the editor
    // starts up, and a moment just ahead can be past when the call lands); what is due by then fires.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3_000);
    await nameField(page).fill('Closed in a hurry');
    await page.clock.runFor(200);
    await page.close();
    await waitForStored(stack, user, (rows) => rows[0]?.data.profile.name === 'Closed in a hurry');
    await context.close();
  });

  test('offline: says the edit is kept on this device, and saves it once back online', async () => {
    const user = await createConfirmedUser(stack, 'Train Rider');
    const { context, page } = await signedIn(user);
    await openDesign(page);
    await context.setOffline(true);
    await nameField(page).fill('Typed in a tunnel');
    await waitForStatus(page, 'Offline — kept on this device, will retry');
    assert.notEqual((await storedPortfolios(stack, user))[0]?.data.profile.name, 'Typed in a tunnel');
    // A reload while offline would lose nothing either: the page is not reloaded here, the network comes back.
    await context.setOffline(false);
    await waitForStatus(page, 'Saved');
    await waitForStored(stack, user, (rows) => rows[0]?.data.profile.name === 'Typed in a tunnel');
    await context.close();
  });

  test('two tabs on one portfolio: the stale save is refused; load the newer version, or keep mine as a new portfolio', async () => {
    const user = await createConfirmedUser(stack, 'Two Tabs');
    const { context, page: tabA } = await signedIn(user);
    // Realtime down for both tabs (its websocket answered by no one): neither hears the other's save,
    // so the account's version check is what keeps the stale one from overwriting (realtime.test.ts
    // shows the live path).
    await context.routeWebSocket(/\/realtime\/v1\/websocket/, () => undefined);
    const id = await openDesign(tabA);
    const tabB = await context.newPage();
    await tabB.goto(`${stack.shellUrl}/design?portfolio=${id}`);
    await waitForStatus(tabB, 'Saved');

    await nameField(tabA).fill('From tab A');
    await waitForStatus(tabA, 'Saved');
    await waitForStored(stack, user, (rows) => rows[0]?.data.profile.name === 'From tab A');

    await nameField(tabB).fill('From stale tab B');
    await waitForStatus(tabB, 'Not saved: a newer version exists');
    const dialog = tabB.getByRole('alertdialog');
    await expect(dialog.getByText(/newer version of this portfolio was saved/)).toBeVisible();
    assert.equal((await storedPortfolios(stack, user))[0]?.data.profile.name, 'From tab A', 'the stale save did not overwrite');

    await dialog.getByRole('button', { name: 'Load the newer version' }).click();
    await waitForStatus(tabB, 'Saved');
    await expect(nameField(tabB)).toHaveValue('From tab A');

    // Now tab A is the stale one: it keeps its own copy as a new portfolio.
    await nameField(tabB).fill('From tab B, newer');
    await waitForStored(stack, user, (rows) => rows.find((row) => row.id === id)?.data.profile.name === 'From tab B, newer');
    await nameField(tabA).fill('Tab A keeps this');
    await waitForStatus(tabA, 'Not saved: a newer version exists');
    await tabA.getByRole('button', { name: 'Keep mine as a new portfolio' }).click();
    await tabA.waitForURL((url) => url.searchParams.get('portfolio') !== id);
    await waitForStatus(tabA, 'Saved');
    await expect(nameField(tabA)).toHaveValue('Tab A keeps this');
    const rows = await storedPortfolios(stack, user);
    assert.equal(rows.length, 2);
    assert.equal(rows.find((row) => row.id === id)?.data.profile.name, 'From tab B, newer');
    const copy = rows.find((row) => row.id !== id)!;
    assert.equal(copy.data.profile.name, 'Tab A keeps this');
    assert.match(copy.title ?? '', /my copy/);
    await context.close();
  });

  test("a visitor's draft is offered into the account at login, once, and kept there", async () => {
    const user = await createConfirmedUser(stack, 'Late Joiner');
    const context = await browser.newContext();
    const page = await context.newPage();
    await useFirstTemplateSignedOut(page);
    await nameField(page).fill('Drafted before login');
    // No wait: the device keeps the draft at once when the page is left (logging in leaves it).

    await logInThroughUi(page, stack, user);
    await page.goto(`${stack.shellUrl}/design`);
    const offer = page.getByRole('region', { name: 'Work on this device from before you logged in' });
    await expect(offer).toBeVisible();
    assert.equal((await storedPortfolios(stack, user)).length, 0, 'nothing is made before the visitor answers');
    await offer.getByRole('button', { name: /^Save .* to my account$/ }).click();
    await page.waitForURL(/\/design\?portfolio=/);
    await waitForStatus(page, 'Saved');
    await expect(nameField(page)).toHaveValue('Drafted before login');
    const rows = await storedPortfolios(stack, user);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.data.profile.name, 'Drafted before login');

    // Signing out and in again does not offer (or copy) the same draft a second time.
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${stack.shellUrl}/`);
    await logInThroughUi(page, stack, user);
    await page.goto(`${stack.shellUrl}/design`);
    await page.waitForURL(/\/design\?portfolio=/);
    await waitForStatus(page, 'Saved');
    await expect(offer).toHaveCount(0);
    assert.equal((await storedPortfolios(stack, user)).length, 1);
    await context.close();
  });
});

test.describe('My portfolios', () => {
  test('reached from the account menu: open, rename, duplicate, delete and undo', async () => {
    const user = await createConfirmedUser(stack, 'Collector');
    const { context, page } = await signedIn(user);
    const errors = trackPageErrors(page);
    // The page's own clock, to let the undo window pass without waiting for it.
    await page.clock.install();
    const first = await openDesign(page);
    await nameField(page).fill('First of many');
    await waitForStatus(page, 'Saved');
    await page.goto(`${stack.shellUrl}/portfo`);
    await page.waitForURL(/\/portfo\?portfolio=/);
    await waitForStatus(page, 'Saved');

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('banner').getByRole('link', { name: 'My portfolios' }).click();
    await page.waitForURL(`${stack.shellUrl}/portfolios`);
    const list = page.getByRole('list', { name: 'Your portfolios' });
    await expect(list.getByRole('listitem').nth(1)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Your files: 0 (0.0 MB of the 50 MB your plan includes)')).toBeVisible();

    const firstTitle = (await storedPortfolios(stack, user)).find((row) => row.id === first)!.title!;
    await list.getByRole('button', { name: `Rename ${firstTitle}` }).click();
    await page.getByLabel('New name').fill('Studio site');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('link', { name: 'Studio site', exact: true })).toBeVisible();
    await waitForStored(stack, user, (rows) => rows.find((row) => row.id === first)?.title === 'Studio site');

    await list.getByRole('button', { name: 'Duplicate Studio site' }).click();
    await expect(list.getByRole('link', { name: 'Studio site (copy)', exact: true })).toBeVisible();
    const afterCopy = await waitForStored(stack, user, (rows) => rows.length === 3);
    const copy = afterCopy.find((row) => row.title === 'Studio site (copy)')!;
    assert.equal(copy.data.profile.name, 'First of many');

    await list.getByRole('button', { name: 'Delete Studio site (copy)' }).click();
    await list.getByRole('link', { name: 'Studio site (copy)', exact: true }).waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Deleted “Studio site (copy)”.' })
      .getByRole('button', { name: 'Undo', exact: true })
      .click();
    await expect(list.getByRole('link', { name: 'Studio site (copy)', exact: true })).toBeVisible();
    await page.clock.runFor(UNDO_DELETE_MS + 1000);
    assert.equal((await storedPortfolios(stack, user)).length, 3, 'undone: nothing was deleted');

    await list.getByRole('button', { name: 'Delete Studio site (copy)' }).click();
    await page.clock.runFor(UNDO_DELETE_MS);
    await waitForStored(stack, user, (rows) => rows.length === 2 && !rows.some((row) => row.id === copy.id), 12_000);
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await list.getByRole('link', { name: 'Open Studio site' }).click();
    await page.waitForURL(new RegExp(`/design\\?portfolio=${first}`));
    await waitForStatus(page, 'Saved');
    await expect(nameField(page)).toHaveValue('First of many');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** Every script-running trick of the payload set, pasted as HTML the way a browser pastes. */
async function pasteHtml(page: Page, field: ReturnType<Page['locator']>, html: string) {
  await field.click();
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

const RICH_FIELDS = 'main form [data-field][contenteditable]';

/** Long fields show their text until opened: every one of them is opened (its editor loads with the first). */
async function openRichFields(page: Page) {
  const closed = page.locator('main form [data-rich-text-preview]');
  await expect(closed.first()).toBeVisible();
  while ((await closed.count()) > 0) {
    const before = await page.locator(RICH_FIELDS).count();
    await closed.first().click();
    await expect(page.locator(RICH_FIELDS).nth(before)).toBeVisible();
  }
}

/** Every text a stored value holds, however deep. */
function textsOf(value: unknown, where = 'data'): [string, string][] {
  if (typeof value === 'string') return [[where, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${where}[${index}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${where}.${key}`));
  return [];
}

/** Nothing ran, and every place typed HTML lands holds only the allow-list. */
async function assertInert(page: Page, where: string) {
  const report = await page.evaluate(() => {
    const problems: string[] = [];
    if ((window as { __xss?: unknown }).__xss !== undefined) problems.push(`script ran: ${String((window as { __xss?: unknown }).__xss)}`);
    const allowed = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'UL', 'OL', 'LI', 'A']);
    const containers = Array.from(document.querySelectorAll('[data-rich-text], [contenteditable]'));
    for (const container of containers) {
      for (const element of Array.from(container.querySelectorAll('*'))) {
        if (!allowed.has(element.tagName)) problems.push(`<${element.tagName.toLowerCase()}>`);
        for (const attribute of Array.from(element.attributes)) {
          if (/^on/i.test(attribute.name) || attribute.name === 'style') problems.push(`${element.tagName}[${attribute.name}]`);
          if (attribute.name === 'href' && !/^(https?:\/\/[^/]|mailto:|tel:)/i.test(attribute.value))
            problems.push(`href=${attribute.value}`);
        }
      }
    }
    return { problems, containers: containers.length };
  });
  assert.deepEqual(report.problems, [], `${where}: ${report.problems.join(', ')}`);
  assert.ok(report.containers > 0, `${where}: no rich text found`);
}

test.describe('rich text', () => {
  test('bold, italic, lists and links from the toolbar reach the preview and the template page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await useFirstTemplateSignedOut(page);
    await page.getByRole('textbox', { name: 'About', exact: true }).click();
    await expect(page.locator('main form [contenteditable="true"][aria-label="About"]')).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Plain start ');
    await page.getByRole('toolbar', { name: 'Formatting for About' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('bold words');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar', { name: 'Formatting for About' }).getByRole('button', { name: 'Bullets' }).click();
    await page.keyboard.type('first point');
    const preview = page.getByRole('region', { name: 'Template Preview' });
    await expect(preview.locator('strong', { hasText: 'bold words' })).toBeVisible();
    await expect(preview.locator('li', { hasText: 'first point' })).toBeVisible();
    // Straight on: leaving the page keeps the draft on the device at once.
    await page.goto(`${stack.shellUrl}/template1`);
    await expect(page.locator('[data-rich-text] strong', { hasText: 'bold words' })).toBeVisible();
    await expect(page.locator('[data-rich-text] li', { hasText: 'first point' })).toBeVisible();
    await context.close();
  });

  // One route in the browser: every template and the generator draw rich text through the one shared
  // sanitiser, proven on each payload of the set (sanitizeRichText.test.ts) and in each template
  // (renderStaticPage.test.tsx).
  test('the XSS payload set pasted into every rich text field stays inert on /design and /template1', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const payload = `<p>Intro <strong>kept</strong></p>${XSS_PAYLOADS.join('')}`;
    await useFirstTemplateSignedOut(page);
    await openRichFields(page);
    const fields = page.locator(RICH_FIELDS);
    const count = await fields.count();
    assert.ok(count >= 4, 'template 1 has its long fields as rich text');
    for (let i = 0; i < count; i += 1) await pasteHtml(page, fields.nth(i), payload);
    // The same set typed as text is only text.
    await fields.first().click();
    await page.keyboard.type(XSS_PAYLOADS[1]!);
    await page.getByRole('region', { name: 'Template Preview' }).locator('[data-rich-text] strong', { hasText: 'kept' }).first().waitFor();
    await assertInert(page, '/design template 1');
    await page.goto(`${stack.shellUrl}/template1`);
    await expect(page.locator('[data-rich-text] strong', { hasText: 'kept' }).first()).toBeVisible();
    await assertInert(page, '/template1');
    // Whatever the payloads load (pictures that fail, frames) has loaded or failed: no handler ran.
    await page.waitForLoadState('networkidle');
    assert.equal(dialogs, 0);
    await context.close();
  });

  test('signed in: what is stored is sanitised, and a row holding raw payloads still renders inert', async () => {
    const user = await createConfirmedUser(stack, 'Paste Tester');
    const { context, page } = await signedIn(user);
    const id = await openDesign(page);
    const payload = `<p>Intro <strong>kept</strong></p>${XSS_PAYLOADS.join('')}`;
    await openRichFields(page);
    const fields = page.locator(RICH_FIELDS);
    for (let i = 0; i < (await fields.count()); i += 1) await pasteHtml(page, fields.nth(i), payload);
    await waitForStatus(page, 'Saved');
    const [row] = await waitForStored(stack, user, (rows) => rows[0]?.data.profile?.about?.includes('kept') === true);
    for (const [key, value] of textsOf(row!.data)) {
      // Payload words may stay as text ("a javascript: link"); no element, handler, style or unsafe href may.
      assert.doesNotMatch(
        value,
        /<(script|svg|img|iframe|object|embed|style|math|form|details)\b|\son\w+\s*=|\sstyle\s*=|href\s*=\s*"(?!https?:|mailto:|tel:)/i,
        `stored ${key}`,
      );
    }

    // Something other than the editor (an old client, a forged request) stores raw payloads.
    const client = createClient(stack.cloudUrl, stack.keys.anonKey!, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: class {} as never },
    });
    await client.auth.signInWithPassword(user);
    const forged = Object.fromEntries(['description', 'about', 'project1description', 'project2description'].map((key) => [key, payload]));
    const saved = await client.rpc('save_portfolio', {
      portfolio_id: id,
      expected_version: (await storedPortfolios(stack, user))[0]!.version,
      new_data: forged,
    });
    assert.equal(saved.error, null);
    await page.goto(`${stack.shellUrl}/design?portfolio=${id}`);
    await waitForStatus(page, 'Saved');
    await expect(
      page.getByRole('region', { name: 'Template Preview' }).locator('[data-rich-text] strong', { hasText: 'kept' }).first(),
    ).toBeVisible();
    await assertInert(page, 'a forged row on /design');
    await context.close();
  });
});

test.describe('files in storage', () => {
  const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  let dir: string;
  test.beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-uploads-'));
    fs.writeFileSync(path.join(dir, 'me.png'), PNG_1PX);
    // Bigger pictures: GIFs, which go up as chosen (a photo is resized first), a GIF signature and
    // padding (Storage checks the signature, not the pixels).
    const padded = (size: number) => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(size - 6)]);
    fs.writeFileSync(path.join(dir, 'big.gif'), padded(2 * 1024 * 1024));
    fs.writeFileSync(path.join(dir, 'huge.gif'), padded(6 * 1024 * 1024));
    // Text named as a photo: the browser cannot open it, so nothing goes up.
    fs.writeFileSync(path.join(dir, 'fake.jpg'), 'not a photo at all');
    fs.writeFileSync(path.join(dir, 'notes.pdf'), 'just some notes, renamed to look like a PDF');
    fs.copyFileSync(path.join(repoRoot, 'templates/src/assets/sample-resume.pdf'), path.join(dir, 'resume.pdf'));
  });
  test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a picture uploads with visible progress, shows through a signed URL, and replacing it removes the old file', async () => {
    const user = await createConfirmedUser(stack, 'Photo Keeper');
    const { context, page } = await signedIn(user);
    const id = await openDesign(page);
    const picker = page.getByLabel('Profile image', { exact: true });
    // The limits are said before anything is chosen.
    await expect(
      page.getByText('PNG, JPEG or WebP photo up to 40 MB (resized for the web before upload), or a GIF up to 5 MB.').first(),
    ).toBeVisible();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await picker.setInputFiles(path.join(dir, 'big.gif'));
    const progress = page.getByRole('progressbar', { name: 'Upload of big.gif' });
    await expect(progress).toBeVisible();
    const fraction = Number(await progress.getAttribute('value'));
    assert.ok(fraction >= 0 && fraction < 1, `progress shown part way (${fraction})`);
    await page.getByText('Stored in your account: big.gif').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await waitForStatus(page, 'Saved');
    const [row] = await waitForStored(
      stack,
      user,
      (rows) => rows[0]?.data.profile?.photo?.startsWith('storage:portfolio-images/') === true,
    );
    const firstRef = row!.data.profile.photo!;
    assert.match(firstRef, new RegExp(`^storage:portfolio-images/[0-9a-f-]{36}/${id}/image-[a-z0-9]+\\.gif$`));
    assert.deepEqual(await storedFiles(stack, user, 'portfolio-images', id), [firstRef.split('/').pop()]);

    await picker.setInputFiles(path.join(dir, 'me.png'));
    await expect(page.getByText('Stored in your account: me.png')).toBeVisible();
    await waitForStatus(page, 'Saved');
    const [replaced] = await waitForStored(stack, user, (rows) => rows[0]?.data.profile.photo !== firstRef);
    const names = await waitForStoredFiles(stack, user, 'portfolio-images', id, (files) => files.length === 1);
    assert.deepEqual(names, [replaced!.data.profile.photo!.split('/').pop()], 'the replaced picture was removed');

    // Another browser of the same user sees the picture through a short-lived signed URL.
    const second = await signedIn(user);
    await second.page.goto(`${stack.shellUrl}/design?portfolio=${id}`);
    const image = second.page
      .getByRole('region', { name: 'Template Preview' })
      .locator('img[src*="/storage/v1/object/sign/portfolio-images/"]')
      .first();
    await expect(image).toBeVisible();
    await second.page.waitForFunction((element) => (element as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    assert.match((await image.getAttribute('src')) ?? '', /token=/);
    await second.context.close();
    await context.close();
  });

  test('a GIF over 5 MB, text named as a photo and a renamed non-PDF are refused with a clear message, and nothing is stored', async () => {
    const user = await createConfirmedUser(stack, 'Careful Uploader');
    const { context, page } = await signedIn(user);
    const id = await openDesign(page);
    await page.getByLabel('Profile image', { exact: true }).setInputFiles(path.join(dir, 'huge.gif'));
    await expect(page.getByRole('alert').filter({ hasText: '"huge.gif" is larger than 5 MB' })).toBeVisible();
    await page.getByLabel('Profile image', { exact: true }).setInputFiles(path.join(dir, 'fake.jpg'));
    await expect(page.getByRole('alert').filter({ hasText: '"fake.jpg": The picture could not be read' })).toBeVisible();
    await page.getByLabel('Resume (PDF)', { exact: true }).setInputFiles(path.join(dir, 'notes.pdf'));
    await expect(page.getByRole('alert').filter({ hasText: '"notes.pdf" is not really a PDF' })).toBeVisible();
    assert.deepEqual(await storedFiles(stack, user, 'portfolio-images', id), []);
    assert.deepEqual(await storedFiles(stack, user, 'resumes', id), []);
    // A real PDF is taken.
    await page.getByLabel('Resume (PDF)', { exact: true }).setInputFiles(path.join(dir, 'resume.pdf'));
    await expect(page.getByText('Stored in your account: resume.pdf')).toBeVisible();
    assert.equal((await storedFiles(stack, user, 'resumes', id)).length, 1);
    await context.close();
  });
});
