// A site of several pages in Chromium, with JavaScript off as a search engine or a careful visitor
// has it: a portfolio of each template gets a Projects page and is published; at 390 and 1280 px the
// navigation is on every page, reachable by keyboard, and leads to each page, the one drawn marked.
// (Publishing, addresses, redirects and the export are local-cloud/test/sitePages.test.ts's; the
// navigation's markup is templates/src/common/SiteNavigation.test.tsx's: here only what needs a
// browser, that it is there, visible and followed at both widths without script.)
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { createConfirmedUser, uniqueLabel } from '../support/accounts';
import { serviceClient, userClient } from '../support/portfolios';
import { sharedStack, type SharedStack } from '../support/stack';

let stack: SharedStack;
let browser: Browser;
const published = new Map<string, string>();

const text = (id: string, title: string, body: string) => ({ id, kind: 'text', title, hidden: false, body, items: [] });

const SITE = {
  schemaVersion: 2,
  profile: { name: 'Meera Iyer', headline: 'Ceramics studio', about: '<p>Small, careful work since 2016.</p>' },
  socials: [],
  sections: [text('welcome', 'Welcome', '<p>See <a href="page:proj">our projects</a>.</p>')],
  pages: [
    {
      id: 'proj',
      slug: 'projects',
      title: 'Projects',
      inNavigation: true,
      sections: [
        {
          id: 'work',
          kind: 'projects',
          title: 'Projects',
          hidden: false,
          body: '',
          items: [{ id: 'p1', name: 'Fourth Harbour', description: 'A ferry timetable people can read.', url: '', image: '' }],
        },
      ],
    },
    { id: 'menu', slug: 'tea-menu', title: 'चाय Menu', inNavigation: true, sections: [text('tea', 'Teas', '<p>Masala chai</p>')] },
  ],
};

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  const owner = await createConfirmedUser(stack, 'Meera Iyer');
  const { client, userId } = await userClient(stack, owner);
  // A plan publishes every template (recorded as the payment function records a paid plan).
  const { error } = await (await serviceClient(stack)).from('purchases').insert({
    user_id: userId,
    item_type: 'plan',
    item_id: 'basic',
    amount: 100,
    order_id: `order_pages_${uniqueLabel('')}`,
    status: 'paid',
    paid_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  assert.equal(error, null);
  for (const templateId of ['1', '2', '3', '4', 'generator']) {
    const { data, error: insertError } = await client
      .from('portfolios')
      .insert({ template_id: templateId, title: `Site ${templateId}`, data: SITE })
      .select('id')
      .single();
    assert.equal(insertError, null);
    const slug = uniqueLabel(`site-${templateId}-`).slice(0, 40);
    const answer = await client.functions.invoke('publish', { body: { action: 'publish', portfolioId: data!.id, slug } });
    if (answer.error) throw new Error(`publish answered: ${await (answer.error as { context: Response }).context.text()}`);
    published.set(templateId, slug);
  }
});

test.afterAll(async () => {
  await closeContexts(browser);
});

for (const width of [390, 1280])
  test(`with scripts off at ${width} px every template's navigation reaches each page, the page drawn marked`, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    for (const [templateId, slug] of published) {
      await page.goto(`${stack.shellUrl}/p/${slug}`);
      expect(new URL(page.url()).pathname, `template ${templateId}: the home page's address ends with a slash`).toBe(`/p/${slug}/`);
      const nav = page.getByRole('navigation', { name: 'Meera Iyer: pages' });
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
      // Every link is on screen at this width, none cut off or covered.
      for (const link of await nav.getByRole('link').all()) {
        await expect(link).toBeInViewport();
        const box = (await link.boundingBox())!;
        expect(box.x + box.width, `template ${templateId}`).toBeLessThanOrEqual(width);
      }
      if (templateId === '1' && width === 390)
        await page.screenshot({ path: test.info().outputPath(`site-nav-${templateId}-${width}.png`) });
      // By keyboard: the navigation comes first, its link to Projects is followed with Enter.
      await nav.getByRole('link', { name: 'Projects' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/p/${slug}/projects/`);
      await expect(page.getByText('Fourth Harbour')).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
      expect(await page.title()).toBe('Projects · Meera Iyer');
      await nav.getByRole('link', { name: 'चाय Menu' }).click();
      await page.waitForURL(`**/p/${slug}/tea-menu/`);
      await expect(page.getByText('Masala chai')).toBeVisible();
      await nav.getByRole('link', { name: 'Home' }).click();
      await page.waitForURL(`**/p/${slug}/`);
      // A link between pages in rich text leads there too.
      await page.getByRole('link', { name: 'our projects' }).click();
      await page.waitForURL(`**/p/${slug}/projects/`);
      if (width === 1280) await page.screenshot({ path: test.info().outputPath(`site-nav-${templateId}-${width}.png`) });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
