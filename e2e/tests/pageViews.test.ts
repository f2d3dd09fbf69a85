// Views of a published page, in Chromium: visits from two visitors (browser contexts of their own: no
// cookie, storage or cache shared) are counted by the site's server
// (tooling/pageViews.mjs) without a cookie, and the owner sees them on My portfolios, by day.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { publishInPanel } from '../support/screens';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { userClient } from '../support/portfolios';
import { grantTemplate } from '../support/sites';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

async function publish(page: Page, slug: string) {
  await page.goto(`${stack.shellUrl}/design`);
  await page.waitForURL(/\/design\?portfolio=/);
  await page.getByLabel('Name', { exact: true }).fill('Counted Visitor');
  const region = page.getByRole('region', { name: 'Publish' });
  await region.getByLabel('Page address').fill(slug);
  await expect(region.getByText('This address is free.')).toBeVisible();
  await publishInPanel(region);
  await region.getByRole('status').getByText('Your page is published.').waitFor({ timeout: 30_000 });
}

/** Opens the page `times` times as one visitor (a fresh context: no history), saying what the server set. */
async function visit(url: string, times: number, referer?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const setCookies: string[] = [];
  page.on('response', (response) => {
    const cookie = response.headers()['set-cookie'];
    if (cookie) setCookies.push(`${response.url()}: ${cookie}`);
  });
  for (let i = 0; i < times; i++) {
    const response = await page.goto(url, referer ? { referer } : undefined);
    assert.equal(response?.status(), 200);
  }
  const cookies = await context.cookies();
  await context.close();
  return { setCookies, cookies };
}

test.describe('page views', () => {
  test('3 visits from 2 visitors show as 3 views on My portfolios, and no /p/ page sets a cookie', async () => {
    const user = await createConfirmedUser(stack, 'Counted Owner');
    // Template 1 bought already: a page is published once its template is (buying is commerce.test.ts).
    await grantTemplate(stack, (await userClient(stack, user)).userId, 1, 100);
    const page = await (await signedInContext(browser, stack, user)).newPage();
    const errors = trackPageErrors(page);
    const slug = `counted-${Date.now().toString(36)}`;
    await publish(page, slug);

    // The canonical address: /p/<slug> answers 301 to it, and a redirect is no page view.
    const url = `${stack.shellUrl}/p/${slug}/`;
    const first = await visit(url, 2, 'https://news.example.com/today');
    const second = await visit(url, 1);
    for (const seen of [first, second]) {
      assert.deepEqual(seen.setCookies, [], 'no Set-Cookie on the page or anything it loads');
      assert.deepEqual(seen.cookies, [], 'the visitor keeps no cookie');
    }

    // The owner sees them (the count goes out after each answer: a moment later at most), reloading
    // My portfolios until the chart has all three.
    const chart = page.getByRole('figure', { name: `3 views of /p/${slug} in the last 30 days` });
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.shellUrl}/portfolios`);
          await page
            .getByRole('region', { name: /^Views of / })
            .getByRole('figure')
            .or(page.getByRole('alert'))
            .first()
            .waitFor();
          return chart.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await chart.getByText('Views by day').click();
    const today = await chart.getByRole('table').getByRole('row').last().textContent();
    assert.match(today ?? '', /3$/, 'all three today');
    // The visitor who came from a link: its site is named (Chromium cuts the referrer to the origin).
    assert.match((await chart.getByRole('list').textContent()) ?? '', /news\.example\.com\s*2 views/);
    // The owner's own look at the list counts nothing.
    await expect(page.getByRole('figure', { name: `3 views of /p/${slug} in the last 30 days` })).toHaveCount(1);
    assert.deepEqual(errors, []);
  });
});
