// Template layout that only a browser shows: template 3's header on a phone keeps the owner's name on
// one line with its menu on one line; the editor's Desktop preview lays the page out at a desktop's
// width (template 1's full menu, not its phone menu). Screenshots at 390 and 1280 px go to
// e2e/test-results/layout/ for a look.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { launchBrowser, trackPageErrors } from '../support/browser';
import { startStack, type Stack } from '../support/stack';
import { repoRoot } from '../../tooling/repo.mjs';

let stack: Stack;
let browser: Browser;
const shots = path.join(repoRoot, 'e2e', 'test-results', 'layout');

test.beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

test.afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Whether the element's text takes one line. */
const oneLine = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
    return node.getBoundingClientRect().height < line * 1.5;
  });

/** The distinct tops of the links: one row when there is one. */
const rows = (links: Locator) =>
  links.evaluateAll((nodes) => new Set(nodes.map((node) => Math.round(node.getBoundingClientRect().top))).size);

test("template 3's header keeps the owner's name on one line beside a one-line menu, on a phone and on a desktop", async () => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.shellUrl}/template3`);
    const header = page.locator('header').filter({ has: page.getByRole('navigation', { name: 'Portfolio sections' }) });
    const name = header.getByText('Meera Iyer', { exact: true });
    await expect(name, `the name at ${width} px`).toBeVisible();
    assert.ok(await oneLine(name), `the name on one line at ${width} px`);
    const links = header.getByRole('navigation', { name: 'Portfolio sections' }).getByRole('link');
    await expect(links).toHaveCount(4);
    assert.equal(await rows(links), 1, `the menu on one line at ${width} px`);
    await page.screenshot({ path: path.join(shots, `template3-${width}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the Desktop preview lays template 1 out at a desktop's width, scaled to fit; Phone at a phone's", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stack.shellUrl}/templates`);
  await page
    .getByRole('button', { name: /^Use Template/ })
    .first()
    .click();
  await page.waitForURL(/\/design$/);
  const preview = page.locator('[data-preview-root]');
  const menu = preview.getByRole('navigation', { name: 'Portfolio sections' });
  await expect(page.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
  await expect(menu.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Open menu' })).toBeHidden();
  const frame = await preview.evaluate((node) => node.closest('[data-width]')!.getBoundingClientRect().width);
  const page1 = await preview.evaluate((node) => node.getBoundingClientRect().width);
  assert.ok(page1 <= frame + 1, `the desktop page (${page1} px) fits its frame (${frame} px): no sideways scrolling`);
  await page.screenshot({ path: path.join(shots, 'design-desktop-1280.png') });
  await page.getByRole('button', { name: 'Phone' }).click();
  await expect(menu.getByRole('link', { name: 'Open menu' })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'design-phone-1280.png') });
  await context.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await small.goto(`${stack.shellUrl}/design`);
  await small.getByRole('tab', { name: 'Preview' }).click();
  await expect(small.locator('[data-preview-root]').getByRole('link', { name: 'Open menu' })).toBeVisible();
  await small.screenshot({ path: path.join(shots, 'design-preview-390.png') });
  await phone.close();
});
