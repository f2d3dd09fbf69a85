// No dead ends: every link in the footer answers 200 and opens a page with real content (never the
// error screen), and a path the app has no route for answers 404 with the error screen.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';

let stack: SharedStack;
let browser: Browser;
let footerLinks: { href: string; name: string }[] = [];

const ERROR_HEADING = 'Unexpected Application Error!';

test.beforeAll(async () => {
  stack = sharedStack();
  browser = await launchBrowser();
  const page = await browser.newPage();
  await page.goto(`${stack.shellUrl}/home`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link').first()).toBeVisible();
  footerLinks = await footer
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => ({ href: link.getAttribute('href') ?? '', name: link.textContent ?? '' })));
  await page.close();
});

test.afterAll(async () => {
  await browser?.close();
});

test.describe('footer', () => {
  test('has the legal pages and no link outside the app', () => {
    const names = footerLinks.map((link) => link.name);
    for (const name of ['Terms of Use', 'Privacy Policy', 'Accessibility Statement', 'Contact Us']) assert.ok(names.includes(name), name);
    assert.ok(footerLinks.length >= 8);
    assert.ok(footerLinks.every((link) => link.href.startsWith('/')));
  });

  test('every footer link answers 200 and opens a page with content, not the error screen', async () => {
    for (const link of footerLinks) {
      const response = await fetch(`${stack.shellUrl}${link.href}`);
      assert.equal(response.status, 200, `${link.name} (${link.href}) answers ${response.status}`);
      const page = await browser.newPage();
      const errors = trackPageErrors(page);
      await page.goto(`${stack.shellUrl}${link.href}`);
      // The live screen, not only the copy rendered ahead of time: the remote has taken over.
      await page.locator('#prerendered').waitFor({ state: 'detached', timeout: 20_000 });
      const heading = page.locator('#root #main h1').first();
      await heading.waitFor({ timeout: 20_000 });
      assert.notEqual(await heading.innerText(), ERROR_HEADING, link.href);
      const text = await page.locator('#root #main').innerText();
      assert.ok(text.length > 200, `${link.href} has content (${text.length} characters)`);
      assert.deepEqual(errors, [], link.href);
      await page.close();
    }
  });

  test('the legal pages say what they must', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.shellUrl}/privacy-policy`);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    for (const heading of ['What we store, where, and for how long', 'Who processes your data for us', 'How to delete your data'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.goto(`${stack.shellUrl}/terms-of-use`);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await page.goto(`${stack.shellUrl}/accessibility-statement`);
    await expect(page.getByRole('heading', { name: 'Known limitations' })).toBeVisible();
    await page.close();
  });
});

test.describe('unknown paths', () => {
  test('answer 404 with the error screen and a way home', async () => {
    for (const path of ['/hosting', '/careers', '/no/such/page', '/templates/extra']) {
      const response = await fetch(`${stack.shellUrl}${path}`);
      assert.equal(response.status, 404, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      const page = await browser.newPage();
      const answer = await page.goto(`${stack.shellUrl}${path}`);
      assert.equal(answer?.status(), 404);
      await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible();
      await expect(page.getByText(`There is no page at ${path}.`)).toBeVisible();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${stack.shellUrl}/home`);
      await page.close();
    }
  });

  test('routes of the app still answer 200, with or without a trailing slash', async () => {
    for (const path of ['/design', '/account', '/auth/callback', '/home/', '/terms-of-use/'])
      assert.equal((await fetch(`${stack.shellUrl}${path}`)).status, 200, path);
  });
});
