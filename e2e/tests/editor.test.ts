// Templates and editor in Chromium: choose each template, the generator's PDF viewer, and template 2's
// phone drawer. Typing into the preview, the draft kept across a reload, the page title's default while
// it is off screen and the file pickers' rules are component tests (Design.test.tsx).
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { repoRoot } from '../../tooling/repo.mjs';

const PANEL_TITLES = ['Input Section', 'E-Commerce', 'Professional Portfolio', 'E-commerce Portfolio Template'];

let stack: SharedStack;
let browser: Browser;
let fixtures: string;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-files-'));
  // The repo's sample resume as the visitor's file.
  fs.copyFileSync(path.join(repoRoot, 'templates/src/assets/sample-resume.pdf'), path.join(fixtures, 'resume.pdf'));
});

test.afterAll(async () => {
  await closeContexts(browser);
  fs.rmSync(fixtures, { recursive: true, force: true });
});

async function openDesignFor(page: Page, index: number) {
  await page.goto(`${stack.shellUrl}/templates`);
  const buttons = page.getByRole('button', { name: /^Use Template/ });
  await buttons.first().waitFor({ timeout: 15_000 });
  await expect(buttons).toHaveCount(4);
  await buttons.nth(index).click();
  await page.waitForURL(/\/design$/);
  await expect(page.getByRole('heading', { name: PANEL_TITLES[index], exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Template Preview' })).toBeVisible();
}

test.describe('design screen', () => {
  for (const [index, title] of PANEL_TITLES.entries()) {
    test(`Use Template on template ${index + 1} opens /design with "${title}" prefilled`, async () => {
      const page = await browser.newPage();
      const errors = trackPageErrors(page);
      await openDesignFor(page, index);
      const values = await page
        .locator('main form input[type="text"], main form input:not([type])')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value || (input as HTMLInputElement).placeholder));
      assert.ok(values.filter(Boolean).length >= 3, 'the fields are prefilled from the template (its sample as placeholders)');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

test.describe('generator', () => {
  test('shows page 1 of the resume with pdf.js and updates the preview as the form changes', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.shellUrl}/portfo`);
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await expect(page.getByText('Ada Lovelace').last()).toBeVisible();
    await page.getByLabel('Resume (PDF)', { exact: true }).setInputFiles(path.join(fixtures, 'resume.pdf'));
    // pdf.js loads when the resume comes near the view.
    await page.getByTestId('portfolio-preview').getByRole('heading', { name: 'Resume' }).scrollIntoViewIfNeeded();
    await page.getByText(/Page 1 of \d+/).waitFor({ timeout: 20_000 });
    const canvas = page.locator('main canvas').first();
    await expect(canvas).toBeVisible();
    const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
      const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) ink += 1;
      return { ink, height: element.getBoundingClientRect().height };
    });
    assert.ok(drawn.ink > 100, 'the PDF page has visible text drawn');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

test.describe('template 2 on a phone', () => {
  test('the menu link opens a 250 px drawer that closes with Escape', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.shellUrl}/template2`);
    // A link to the drawer, as on the published page; the preview opens it by state, keeping its URL.
    await page.getByRole('link', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    assert.equal(new URL(page.url()).hash, '', 'the editor keeps its address');
    const box = await menu.locator('xpath=..').boundingBox();
    assert.equal(Math.round(box!.width), 250);
    for (const link of ['Home', 'Baked by hand since 2016', 'Good things, made daily', 'Have Question In Mind? Let Us Help You']) {
      await expect(menu.getByRole('link', { name: link }), `${link} in the drawer`).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await context.close();
  });
});
