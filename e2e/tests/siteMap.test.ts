// No dead ends: every link in the footer answers 200 and opens a page with real content (never the
// error screen), and a path the app has no route for shows the error screen with a way home. The
// statuses the server gives routes and other paths are tooling/test/serving.test.mjs; the footer's
// links and the legal pages' text are component tests (Footer.test.tsx, PrivacyPolicy.test.tsx …).
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';

let stack: SharedStack;
let browser: Browser;
let footerLinks: { href: string; name: string }[] = [];

const ERROR_HEADING = 'Unexpected Application Error!';

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
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
  await closeContexts(browser);
});

test.describe('footer', () => {
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
});

test.describe('unknown paths', () => {
  test('show the error screen and a way home', async () => {
    for (const path of ['/hosting', '/careers', '/no/such/page', '/templates/extra']) {
      const page = await browser.newPage();
      await page.goto(`${stack.shellUrl}${path}`);
      await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible();
      await expect(page.getByText(`There is no page at ${path}.`)).toBeVisible();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${stack.shellUrl}/home`);
      await page.close();
    }
  });
});
