// axe-core's WCAG 2.1 AA rules on what a visitor sees first: the public routes and each template's
// design screen with its sample values (colour contrast of the template previews included).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The WCAG 2.0/2.1 A and AA violations axe finds on the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return found.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} at ${node.target.join(' ')}: ${(node.failureSummary ?? violation.help).split('\n').slice(0, 2).join(' ')}`,
    ),
  );
}

test.describe('WCAG 2.1 AA (axe-core)', () => {
  for (const [route, heading] of [
    ['/', /^Login$/],
    ['/home', /Welcome to FolioForge/],
    ['/templates', /Template Collection/],
    ['/pricing', /Pricing|Plans/],
    ['/privacy-policy', /^Privacy Policy$/],
    ['/terms-of-use', /^Terms of Use$/],
    ['/accessibility-statement', /^Accessibility Statement$/],
    ['/domains', /^Domains$/],
    ['/help-center', /^Help Center$/],
  ] as const) {
    test(`${route} has no violations`, async () => {
      // axe-core is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
      const page = await browser.newPage({ bypassCSP: true });
      await page.goto(`${stack.shellUrl}${route}`);
      await page.locator('main h1, main h2').filter({ hasText: heading }).first().waitFor({ timeout: 15_000 });
      assert.deepEqual(await violations(page), []);
      await page.close();
    });
  }

  for (const index of [0, 1, 2, 3]) {
    test(`template ${index + 1}'s design screen, form and preview, has no violations`, async () => {
      // axe-core is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
      const page = await browser.newPage({ bypassCSP: true });
      await page.goto(`${stack.shellUrl}/templates`);
      await page
        .getByRole('button', { name: /^Use Template/ })
        .nth(index)
        .click();
      await page.waitForURL(/\/design$/);
      await page.locator('[data-field]').first().waitFor({ timeout: 15_000 });
      assert.deepEqual(await violations(page), []);
      await page.close();
    });
  }
});
