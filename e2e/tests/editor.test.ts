// Templates and editor in Chromium: choose each template, edit with a live preview, pick files,
// keep the draft across a reload, the generator's PDF viewer, and template 2's phone drawer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, trackPageErrors } from '../support/browser';
import { startStack, type Stack } from '../support/stack';
import { repoRoot } from '../../tooling/repo.mjs';

const PANEL_TITLES = ['Input Section', 'E-Commerce', 'Professional Portfolio', 'E-commerce Portfolio Template'];

let stack: Stack;
let browser: Browser;
let fixtures: string;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-files-'));
  // A real 1×1 PNG and the repo's sample resume as the visitor's files; a text file posing as an image.
  fs.writeFileSync(
    path.join(fixtures, 'me.png'),
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );
  fs.copyFileSync(path.join(repoRoot, 'templates/src/assets/sample-resume.pdf'), path.join(fixtures, 'resume.pdf'));
  fs.writeFileSync(path.join(fixtures, 'notes.txt'), 'not a picture');
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

async function openDesignFor(page: Page, index: number) {
  await page.goto(`${stack.shellUrl}/templates`);
  const buttons = page.getByRole('button', { name: /^Use Template/ });
  await buttons.first().waitFor({ timeout: 15_000 });
  assert.equal(await buttons.count(), 4);
  await buttons.nth(index).click();
  await page.waitForURL(/\/design$/);
  await page.getByRole('heading', { name: PANEL_TITLES[index], exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Template Preview' }).waitFor();
}

describe('design screen', () => {
  for (const [index, title] of PANEL_TITLES.entries()) {
    test(`Use Template on template ${index + 1} opens /design with "${title}" prefilled`, async () => {
      const page = await browser.newPage();
      const errors = trackPageErrors(page);
      await openDesignFor(page, index);
      const firstText = page.locator('main form input[type="text"], main form input:not([type])').first();
      assert.notEqual(await firstText.inputValue(), '', 'the first field is prefilled from the template');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('typing into a field changes the preview at once, and a reload keeps the values', async () => {
    const page = await browser.newPage();
    await openDesignFor(page, 0);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Grace Hopper');
    const preview = page.getByRole('region', { name: 'Template Preview' });
    await preview.getByText('Grace Hopper').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Input Section' }).waitFor();
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Grace Hopper');
    await preview.getByText('Grace Hopper').first().waitFor();
    await page.close();
  });

  test('the image picker shows a chosen picture and refuses a file that is not an image; the resume picker takes a PDF', async () => {
    const page = await browser.newPage();
    await openDesignFor(page, 0);
    const imageInput = page.locator('main form input[type="file"][accept*="image"]').first();
    await imageInput.setInputFiles(path.join(fixtures, 'notes.txt'));
    await page
      .getByRole('alert')
      .filter({ hasText: /is not a PNG, JPEG, GIF or WebP picture/ })
      .first()
      .waitFor();
    await imageInput.setInputFiles(path.join(fixtures, 'me.png'));
    const preview = page.getByRole('region', { name: 'Template Preview' });
    await preview.locator('img[src^="blob:"], img[src^="data:"]').first().waitFor();
    const resumeInput = page.locator('main form input[type="file"][accept*="pdf"]').first();
    await resumeInput.setInputFiles(path.join(fixtures, 'resume.pdf'));
    assert.equal(await page.getByRole('alert').filter({ hasText: /pdf/i }).count(), 0);
    await page.close();
  });
});

describe('generator', () => {
  test('shows page 1 of the resume with pdf.js and updates the preview as the form changes', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.shellUrl}/portfo`);
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByText('Ada Lovelace').last().waitFor();
    await page.locator('input[type="file"][accept*="pdf"]').setInputFiles(path.join(fixtures, 'resume.pdf'));
    await page.getByText(/Page 1 of \d+/).waitFor({ timeout: 20_000 });
    const canvas = page.locator('main canvas').first();
    await canvas.waitFor();
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

describe('template 2 on a phone', () => {
  test('the menu icon opens a 250 px drawer that closes with Escape', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.shellUrl}/template2`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    assert.equal(Math.round(box!.width), 250);
    for (const link of ['Home', 'About', 'Testimonials', 'Contact', 'Cart']) {
      assert.equal(await drawer.getByRole('link', { name: link }).isVisible(), true, `${link} in the drawer`);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });
});
