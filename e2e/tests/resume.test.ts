// The résumé made from the portfolio, in Chromium: a job typed in /portfo, saved and published, is in
// the PDF the published page's résumé link downloads (made at publish). The editor's own viewer of it
// and the preview link it; its states are component tests. Which résumé is shown, the settings and the pause
// before remaking are component tests (mfe-editor/src/resume/made/MadeResume.test.tsx); the PDF's
// fields, order, links and fonts are the templates' résumé tests.
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { pdfText } from '../support/pdfText';
import { editorForm, publishInPanel } from '../support/screens';
import { sharedStack, type SharedStack } from '../support/stack';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('a job typed in /portfo is in the PDF the published page’s résumé link downloads', async () => {
  const user = await createConfirmedUser(stack, 'Ada Lovelace');
  const page = await (await signedInContext(browser, stack, user)).newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${stack.shellUrl}/portfo`);
  await page.waitForURL(/\/portfo\?portfolio=/);
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  const experience = editorForm(page).getByRole('region', { name: /^Experience/ });
  await experience.getByRole('button', { name: 'Add job' }).click();
  await page.getByLabel('Job 1 Company').fill('Analytical Engine Works');
  await page.getByLabel('Job 1 Position').pressSequentially('Lead programmer');

  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });
  const slug = `ada-${Date.now().toString(36)}`;
  const region = page.getByRole('region', { name: 'Publish' });
  await region.getByLabel('Page address').fill(slug);
  await expect(region.getByText('This address is free.')).toBeVisible();
  await publishInPanel(region);
  await region
    .getByRole('status')
    .getByText(/Your page is (published|updated)\./)
    .waitFor({ timeout: 30_000 });

  const visitor = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await visitor.goto(`${stack.shellUrl}/p/${slug}`);
  const link = visitor.getByRole('link', { name: /resume made from your portfolio/i });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/p/${slug}/files/Ada-Lovelace-resume\\.pdf$`));
  const response = await visitor.request.get(new URL(href!, stack.shellUrl).href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(await pdfText(new Uint8Array(await response.body()))).toMatch(/Lead programmer/);
  expect(errors).toEqual([]);
  await visitor.context().close();
  await page.context().close();
});
