// Publishing in Chromium: a portfolio kept in the account goes live at /p/<slug>, rendered by the
// server from the saved row, readable signed out and with JavaScript off; edits republish, unpublish
// takes it down, another user cannot take the address, and a plan removes the badge. The export
// downloads the same page as a zip that opens from disk, once the template is bought (issue 23);
// portfolio.json is the owner's always.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { XSS_PAYLOADS } from '@folioforge/shared/testing/xss-payloads';
import { closeContexts, trackPageErrors } from '../support/browser';
import { editorForm, publishInPanel } from '../support/screens';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext, uniqueLabel } from '../support/accounts';
import { userClient } from '../support/portfolios';
import { grantPlan, grantTemplate } from '../support/sites';
import { answerTxt } from '../support/testControls';

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

async function signedIn(user: User): Promise<Page> {
  return (await signedInContext(browser, stack, user, { acceptDownloads: true })).newPage();
}

/** /design signed in: the portfolio named, or a first one of template 1 made in the account. */
async function openDesign(page: Page, portfolioId?: string) {
  await page.goto(`${stack.shellUrl}/design${portfolioId ? `?portfolio=${portfolioId}` : ''}`);
  await page.waitForURL(/\/design\?portfolio=/);
  await savedStatus(page);
}

/** Saved rich text carrying the whole XSS set, written straight into a row as an attacker would. */
const ATTACK = `<p>Intro <strong>kept</strong></p>${XSS_PAYLOADS.join('')}`;

async function portfolioWithAttack(user: User, name: string): Promise<string> {
  const { client } = await userClient(stack, user);
  const { data, error } = await client
    .from('portfolios')
    .insert({ template_id: '1', title: name, data: { name, about: ATTACK } })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

const savedStatus = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });

const publishRegion = (page: Page) => page.getByRole('region', { name: 'Publish' });
/**
 * All the text of the preview's content (menus at any width included), once the résumé made from the
 * portfolio is linked in it, as the published page links its own.
 */
async function previewText(page: Page) {
  const preview = page.getByTestId('template-preview').locator('[data-preview-root]');
  await preview
    .getByRole('link', { name: /My Resume/ })
    .first()
    .waitFor({ timeout: 15_000 });
  return normalise((await preview.textContent()) ?? '');
}
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The page as a visitor sees it: a fresh, signed-out browser, JavaScript on or off. */
async function visit(slug: string, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const response = await page.goto(`${stack.shellUrl}/p/${slug}`);
  const badge = await page.locator('a.ff-badge').count();
  // The page's own text: what the server adds around the template (badge, sign-up form) aside.
  let text = (await page.locator('body').textContent()) ?? '';
  for (const added of await page.locator('a.ff-badge, .ff-subscribe').all()) text = text.replace((await added.textContent()) ?? '', '');
  text = normalise(text);
  const title = await page.title();
  const ran = javaScriptEnabled ? await page.evaluate(() => (window as { __xss?: string }).__xss) : undefined;
  await context.close();
  return { status: response?.status(), text, badge, title, errors, ran };
}

/** The site asked as a browser on a custom domain would: the same server, another Host. */
function fetchWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

async function publishAs(page: Page, slug: string) {
  const region = publishRegion(page);
  await region.getByLabel('Page address').fill(slug);
  await expect(region.getByText('This address is free.')).toBeVisible();
  await publishInPanel(region);
  await region
    .getByRole('status')
    .getByText(/Your page is (published|updated)\./)
    .waitFor({ timeout: 20_000 });
}

test.describe('publishing', () => {
  // Buying is commerce.test.ts's; that republishing shows the edit and unpublishing takes the page
  // down is publishPages.test.ts's (local-cloud). Here the panel does it, and the page reads as the preview.
  test('publish, visit signed out and without JavaScript, edit and republish, unpublish', async () => {
    const user = await createConfirmedUser(stack, 'Ada Publisher');
    await grantTemplate(stack, (await userClient(stack, user)).userId, 1, 100);
    const page = await signedIn(user);
    const errors = trackPageErrors(page);
    await openDesign(page);

    await page.getByLabel('Name', { exact: true }).fill('Ada Published');
    await savedStatus(page);
    const slug = `ada-${Date.now().toString(36)}`;
    await publishAs(page, slug);
    await publishRegion(page)
      .getByText(/small “Made with FolioForge” badge/)
      .waitFor();
    await publishRegion(page)
      .getByRole('link', { name: `${stack.shellUrl}/p/${slug}` })
      .waitFor();
    const preview = await previewText(page);

    const live = await visit(slug);
    assert.equal(live.status, 200);
    assert.equal(live.title, 'Ada Published');
    assert.equal(live.badge, 1, 'without a plan the page carries the badge');
    assert.equal(live.text, preview, 'the page reads as the preview did');
    assert.deepEqual(live.errors, []);
    const noScript = await visit(slug, { javaScriptEnabled: false });
    assert.equal(noScript.text, preview, 'and reads the same with JavaScript off');

    // An edit goes live when published again; before that the page keeps the published version.
    await page.getByLabel('Name', { exact: true }).fill('Ada Edited');
    await publishInPanel(publishRegion(page), 'Publish changes');
    await publishRegion(page).getByRole('status').getByText('Your page is updated.').waitFor({ timeout: 20_000 });
    assert.match(await (await fetch(`${stack.shellUrl}/p/${slug}`)).text(), /<title>Ada Edited<\/title>/);

    await publishRegion(page).getByRole('button', { name: 'Unpublish' }).click();
    await publishRegion(page)
      .getByRole('status')
      .getByText(/Your page is taken down\. Its address stays yours for 30 days/)
      .waitFor();
    assert.equal(
      await publishRegion(page).getByLabel('Page address').inputValue(),
      slug,
      'the field keeps the address to publish at again',
    );
    assert.equal((await fetch(`${stack.shellUrl}/p/${slug}`)).status, 404);

    // My portfolios says where it stands, and publishes from there too, at the address while it is free.
    await page.goto(`${stack.shellUrl}/portfolios`);
    await page.getByRole('button', { name: /^Publish / }).click();
    await publishRegion(page).getByLabel('Page address').fill(slug);
    await expect(publishRegion(page).getByText('This address is free.')).toBeVisible();
    await publishInPanel(publishRegion(page), 'Publish');
    await publishRegion(page).getByRole('status').getByText('Your page is published.').waitFor({ timeout: 30_000 });
    assert.equal((await fetch(`${stack.shellUrl}/p/${slug}`)).status, 200, 'published again at its old address');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  // Buying the plan is commerce.test.ts's; a visitor's sign-up confirmed by mail is publishPages.test.ts's
  // and subscribers.test.ts's (local-cloud), its form renderStaticPage.test.tsx's, the list Account.test.tsx's.
  test("another user's address is refused as they type; a plan removes the badge", async () => {
    const owner = await createConfirmedUser(stack, 'Slug Owner');
    await grantPlan(stack, (await userClient(stack, owner)).userId, 'pro');
    const ownerPage = await signedIn(owner);
    // A plan covers every template, and the saved attack set publishes inert.
    await openDesign(ownerPage, await portfolioWithAttack(owner, 'Slug Owner'));
    const preview = await previewText(ownerPage);
    // Pro customises the look: the accent is kept in the account and shows on the published page.
    const look = ownerPage.getByRole('group', { name: 'Look of your page' });
    await look.getByLabel('Accent colour').selectOption({ label: 'Plum' });
    await expect(look.getByText('Saved. Your page will show it.')).toBeVisible();
    const slug = `owned-${Date.now().toString(36)}`;
    await publishAs(ownerPage, slug);
    assert.match(await (await fetch(`${stack.shellUrl}/p/${slug}`)).text(), /#7a3b8f/);
    await expect(publishRegion(ownerPage).getByText(/badge/)).toHaveCount(0);
    const live = await visit(slug);
    assert.equal(live.status, 200);
    assert.equal(live.badge, 0, 'a plan removes the badge');
    assert.equal(live.text, preview);
    assert.match(live.text, /Intro kept/);
    assert.equal(live.ran, undefined, 'no payload ran on the public page');
    assert.deepEqual(live.errors, []);

    await ownerPage.goto(`${stack.shellUrl}/account`);

    // A custom domain: added on /account, proven by the DNS record it shows, then served with the page.
    const domains = ownerPage.getByRole('region', { name: 'Your domains' });
    const domain = `${uniqueLabel('owner')}.example`;
    await domains.getByLabel('Domain').fill(domain);
    await domains.getByRole('button', { name: 'Add domain' }).click();
    const record = domains.getByText(`_folioforge.${domain}`, { exact: true });
    await expect(record).toBeVisible();
    const value = await domains.locator('code', { hasText: /^folioforge-verify=/ }).innerText();
    await domains.getByRole('button', { name: 'Check now' }).click();
    await expect(domains.getByText(/The TXT record was not found yet/)).toBeVisible();
    // Custom domains are proven by DNS: the functions' DNS now answers the record, as the owner set it.
    await answerTxt(stack, `_folioforge.${domain}`, [value]);
    await domains.getByRole('button', { name: 'Check now' }).click();
    await expect(domains.getByText('Proven: the domain shows your page.')).toBeVisible();
    const onDomain = await fetchWithHost(`${stack.shellUrl}/`, domain);
    assert.equal(onDomain.status, 200);
    assert.match(onDomain.body, /<title>Slug Owner<\/title>/);
    assert.equal((await fetchWithHost(`${stack.shellUrl}/`, 'someone-else.example')).status, 404);
    // A name that cannot be a custom domain (an address, a machine name) is the site itself.
    for (const host of ['10.0.0.7:3000', 'devbox'])
      assert.match((await fetchWithHost(`${stack.shellUrl}/design`, host)).body, /<div id="root"( hidden)?>/);

    const other = await createConfirmedUser(stack, 'Slug Taker');
    const otherPage = await signedIn(other);
    await openDesign(otherPage);
    const region = publishRegion(otherPage);
    // Another user's published row is readable by anyone, yet never opens as this user's own work.
    await expect(region.getByText('Not published: only you can see this portfolio.')).toBeVisible();
    // Without Pro or Premium the look cannot be chosen, and the panel says which plans can.
    await expect(region.getByText(/The Pro and Premium plans choose the page's accent colour and font/)).toBeVisible();
    assert.equal(await region.getByLabel('Accent colour').isDisabled(), true);
    await region.getByLabel('Page address').fill(slug);
    await expect(region.getByText('This address is taken or reserved. Choose another.')).toBeVisible();
    assert.equal(await region.getByRole('button', { name: 'Publish' }).isDisabled(), true);
    await region.getByLabel('Page address').fill('admin');
    await expect(region.getByText('This address is taken or reserved. Choose another.')).toBeVisible();
    await region.getByLabel('Page address').fill('No Caps');
    await expect(region.getByText('Use only lowercase letters, digits and dashes.')).toBeVisible();
    await ownerPage.context().close();
    await otherPage.context().close();
  });

  test('the free generator publishes from /portfo, no purchase needed', async () => {
    const user = await createConfirmedUser(stack, 'Gen Publisher');
    const page = await signedIn(user);
    await page.goto(`${stack.shellUrl}/portfo`);
    await page.waitForURL(/\/portfo\?portfolio=/);
    await savedStatus(page);
    await page.getByLabel('Name', { exact: true }).fill('Gen Publisher');
    // One skill each: the generator's skills are a list.
    const skills = editorForm(page).getByRole('region', { name: /^Skills/ });
    for (const skill of ['Rust', 'Elm']) {
      await skills.getByRole('button', { name: 'Add skill' }).click();
      await page.keyboard.type(skill);
    }
    await savedStatus(page);
    const slug = `gen-${Date.now().toString(36)}`;
    await publishAs(page, slug);
    const live = await visit(slug, { javaScriptEnabled: false });
    assert.equal(live.status, 200);
    assert.equal(live.title, 'Gen Publisher');
    assert.match(live.text, /SkillsRustElm/);
    // A published page shows what was filled in: no placeholders, no sample resume.
    assert.doesNotMatch(live.text, /Your phone number|you@example\.com|sample resume/);
    await page.context().close();
  });

  test('export of an unbought paid template is refused and of a bought one allowed; the site opens from disk', async () => {
    const user = await createConfirmedUser(stack, 'Zip Maker');
    const { userId } = await userClient(stack, user);
    const page = await signedIn(user);
    // The saved attack set stays inert in the download too.
    await openDesign(page, await portfolioWithAttack(user, 'Zip Maker'));
    const preview = await previewText(page);
    const region = publishRegion(page);

    // Nothing bought: the portfolio's own data is the owner's all the same ...
    const [data] = await Promise.all([
      page.waitForEvent('download'),
      region.getByRole('button', { name: 'Download data (portfolio.json)' }).click(),
    ]);
    assert.match(data.suggestedFilename(), /-portfolio\.json$/);
    assert.equal(JSON.parse(fs.readFileSync(await data.path(), 'utf8')).basics.name, 'Zip Maker');
    // ... but the site of paid Template 1 is had on the same terms as its page: said, with the way to buy it.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await region.getByRole('button', { name: 'Download site (.zip)' }).click();
    const refusal = region.getByRole('alert').filter({ hasText: /needs what publishing it needs/ });
    await refusal.waitFor({ timeout: 15_000 });
    assert.equal(downloads, 0, 'nothing was downloaded');
    await expect(refusal.getByRole('link', { name: 'See the plans' })).toBeVisible();
    // Bought (buying is commerce.test.ts's; the refusal going once it is, PublishPanel.test.tsx's).
    await grantTemplate(stack, userId, 1, 100);
    await page.reload();
    await savedStatus(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region.getByRole('button', { name: 'Download site (.zip)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /-site\.zip$/);
    const zipPath = await download.path();
    const files = unzipSync(new Uint8Array(fs.readFileSync(zipPath)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-export-'));
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), bytes);
    }
    assert.ok(files['portfolio.json'], 'portfolio.json travels with the page');

    const context = await browser.newContext();
    const local = await context.newPage();
    const errors = trackPageErrors(local);
    const consoleErrors: string[] = [];
    local.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    const requests: string[] = [];
    local.on('request', (request) => requests.push(request.url()));
    let dialogs = 0;
    local.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await local.goto(`file://${path.join(dir, 'index.html')}`);
    // The preview's text, and the badge its page would show: the template bought, no plan.
    assert.equal(normalise((await local.locator('body').textContent()) ?? ''), `${preview}Made with FolioForge`);
    assert.equal(await local.evaluate(() => (window as { __xss?: string }).__xss), undefined);
    assert.deepEqual(errors, []);
    assert.deepEqual(consoleErrors, []);
    assert.equal(dialogs, 0, 'no payload ran');
    assert.deepEqual(
      requests.filter((url) => !url.startsWith('file://') && !url.startsWith('data:')),
      [],
    );
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });

    // Premium: the logo and share images, drawn by the server and made PNG by the browser.
    const kitRegion = publishRegion(page);
    await expect(kitRegion.getByText(/The Premium plan makes a logo and share images/)).toBeVisible();
    await grantPlan(stack, userId, 'premium');
    await page.reload();
    await savedStatus(page);
    const [kit] = await Promise.all([
      page.waitForEvent('download'),
      publishRegion(page).getByRole('button', { name: 'Download logo and share images (.zip)' }).click(),
    ]);
    assert.equal(kit.suggestedFilename(), 'logo-and-share-images.zip');
    const kitFiles = unzipSync(new Uint8Array(fs.readFileSync(await kit.path())));
    /** Width and height from a PNG's IHDR chunk. */
    const pngSize = (bytes: Uint8Array) => {
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      return [view.getUint32(16), view.getUint32(20)];
    };
    assert.deepEqual(pngSize(kitFiles['share-1200x630.png']!), [1200, 630]);
    assert.deepEqual(pngSize(kitFiles['post-1080x1080.png']!), [1080, 1080]);
    assert.deepEqual(pngSize(kitFiles['profile-400x400.png']!), [400, 400]);
    assert.deepEqual(pngSize(kitFiles['logo-512x512.png']!), [512, 512]);
    assert.match(new TextDecoder().decode(kitFiles['logo.svg']!), />ZM</);
    await page.context().close();
  });
});
