// Template layout that only a browser shows: template 3's header on a phone keeps the owner's name on
// one line with its menu on one line, in the editor's preview and on the published page (scripts
// off); the editor's Desktop preview lays the page out at a desktop's width (template 1's full menu,
// not its phone menu). Screenshots at 390 and 1280 px go to e2e/test-results/layout/ for a look.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { publishInPanel } from '../support/screens';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { userClient } from '../support/portfolios';
import { grantTemplate } from '../support/sites';
import { repoRoot } from '../../tooling/repo.mjs';

let stack: SharedStack;
let browser: Browser;
const shots = path.join(repoRoot, 'e2e', 'test-results', 'layout');

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
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

/** Template 3's header in `scope`: the owner's name and the page's menu. */
const headerOf = (scope: Page | Locator) => {
  const header = scope.locator('header:has(nav[aria-label="Portfolio sections"])');
  return { name: header.getByText('Meera Iyer', { exact: true }), links: header.getByRole('navigation').getByRole('link') };
};

/** The name is shown, on one line, and the menu's four links take one row. */
async function assertHeader(scope: Page | Locator, where: string) {
  const { name, links } = headerOf(scope);
  await expect(name, `the name ${where}`).toBeVisible();
  assert.ok(await oneLine(name), `the name on one line ${where}`);
  await expect(links).toHaveCount(4);
  assert.equal(await rows(links), 1, `the menu on one line ${where}`);
}

/** /templates → Use Template on the Professional Portfolio card: the editor opens with it. */
async function useProfessional(page: Page) {
  await page.goto(`${stack.shellUrl}/templates`);
  await page.getByRole('article', { name: 'Professional Portfolio Template' }).getByRole('button', { name: 'Use Template' }).click();
  await page.waitForURL(/\/design/);
}

test("template 3's header keeps the owner's name on one line beside a one-line menu: in the editor's preview at 390 and 1280 px", async () => {
  // One editor load (~2.3 CPU s each), sized down to a phone's width after the desktop's.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desktop.newPage();
  const errors = trackPageErrors(page);
  await useProfessional(page);
  const preview = page.locator('[data-preview-root]');
  await assertHeader(preview, 'in the Desktop preview');
  await page.screenshot({ path: path.join(shots, 'template3-preview-desktop-1280.png') });
  await page.getByRole('button', { name: 'Phone' }).click();
  await assertHeader(preview, 'in the Phone preview');
  await page.screenshot({ path: path.join(shots, 'template3-preview-phone-1280.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  await assertHeader(preview, 'in the preview at 390 px');
  await page.screenshot({ path: path.join(shots, 'template3-preview-390.png') });
  assert.deepEqual(errors, []);
  await desktop.close();
});

test("template 3's published page keeps the owner's name in its header at 390 and 1280 px, with scripts off", async () => {
  const user = await createConfirmedUser(stack, 'Meera Iyer');
  // Template 3 bought already (buying is commerce.test.ts).
  await grantTemplate(stack, (await userClient(stack, user)).userId, 3, 800);
  const page = await (await signedInContext(browser, stack, user, { viewport: { width: 1280, height: 900 } })).newPage();
  await useProfessional(page);
  await page.waitForURL(/\/design\?portfolio=/);
  const region = page.getByRole('region', { name: 'Publish' });
  const slug = `meera-${Date.now().toString(36)}`;
  await region.getByLabel('Page address').fill(slug);
  await expect(region.getByText('This address is free.')).toBeVisible();
  await publishInPanel(region);
  await region.getByRole('status').getByText('Your page is published.').waitFor({ timeout: 30_000 });
  await page.context().close();

  for (const width of [390, 1280]) {
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
    const live = await visitor.newPage();
    await live.goto(`${stack.shellUrl}/p/${slug}`);
    await assertHeader(live, `on the live page at ${width} px`);
    await live.screenshot({ path: path.join(shots, `template3-live-${width}.png`), fullPage: true });
    await visitor.close();
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
  await small.getByLabel('Name', { exact: true }).waitFor();
  // The form, its sample text shown as placeholders to replace.
  await small.screenshot({ path: path.join(shots, 'design-form-390.png') });
  await small.getByRole('tab', { name: 'Preview' }).click();
  await expect(small.locator('[data-preview-root]').getByRole('link', { name: 'Open menu' })).toBeVisible();
  await small.screenshot({ path: path.join(shots, 'design-preview-390.png') });
  await phone.close();
});
