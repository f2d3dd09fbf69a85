// A site's blog as a visitor browses it (issue 49), scripts off, at 390 px: three posts (one tagged,
// one scheduled a little ahead), the site published; the index lists the two live posts newest
// first, the tag link leads to the tag's page with its post, the navigation leads home, feed.xml
// parses as Atom with the two, and the scheduled post is absent until its time, when the sweep (as
// pg_cron runs it) brings it in. What each piece does alone is in local-cloud/test/blog.test.ts
// and templates/src/blog/blogPages.test.ts; this is what needs a browser.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { loadKeys } from '../../local-cloud/src/keys';
import { createConfirmedUser, uniqueLabel } from '../support/accounts';
import { launchBrowser } from '../support/browser';
import { userClient } from '../support/portfolios';
import { sharedStack, type SharedStack } from '../support/stack';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async () => {
  stack = sharedStack();
  browser = await launchBrowser();
});
test.afterAll(async () => {
  await browser?.close();
});

const DAY = 86_400_000;
const SCHEDULED_AHEAD_MS = 15_000;

test('a published blog: index in date order, a tag page, the feed, and a scheduled post once its time comes', async () => {
  test.setTimeout(120_000);
  const owner = await createConfirmedUser(stack, 'Meera Baker');
  const { client } = await userClient(stack, owner);
  const slug = uniqueLabel('blog').slice(0, 30);
  const { data: site, error } = await client
    .from('portfolios')
    .insert({ template_id: 'generator', title: 'Bakery', data: { name: 'Meera’s Bakery' } })
    .select('id')
    .single();
  assert.equal(error, null);
  const invoke = async (body: Record<string, unknown>) => {
    const answer = await client.functions.invoke('publish', { body });
    if (answer.error) throw new Error(`publish answered: ${await (answer.error as { context: Response }).context.text()}`);
    return answer.data as { state?: string };
  };
  await invoke({ action: 'publish', portfolioId: site!.id, slug });
  const scheduledAt = Date.now() + SCHEDULED_AHEAD_MS;
  const posts = [
    { slug: 'first-loaf', title: 'Our first loaf', status: 'published', publish_at: new Date(Date.now() - 2 * DAY).toISOString() },
    { slug: 'rye-week', title: 'Rye week', tags: ['Rye'], status: 'published', publish_at: new Date(Date.now() - DAY).toISOString() },
    { slug: 'new-oven', title: 'A new oven', status: 'published', publish_at: new Date(scheduledAt).toISOString() },
  ];
  const { data: rows, error: postsError } = await client
    .from('portfolio_posts')
    .insert(posts.map((post) => ({ portfolio_id: site!.id, body: `<p>${post.title}, told.</p>`, ...post })))
    .select('id, slug');
  assert.equal(postsError, null);
  const states = [];
  for (const row of rows!) states.push((await invoke({ action: 'publish-post', portfolioId: site!.id, postId: row.id })).state);
  assert.deepEqual(states.sort(), ['live', 'live', 'scheduled']);

  const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  const blogUrl = `${stack.shellUrl}/p/${slug}/blog/`;
  const listed = () => page.locator('.blog-list h2 a').allInnerTexts();
  await page.goto(blogUrl);
  expect(await listed()).toEqual(['Rye week', 'Our first loaf']);
  await page.getByRole('link', { name: 'Rye', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts tagged “Rye”');
  expect(await listed()).toEqual(['Rye week']);
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(`${stack.shellUrl}/p/${slug}/`);
  await expect(page.locator('link[rel=alternate][type="application/atom+xml"]')).toHaveAttribute('href', `/p/${slug}/feed.xml`);
  expect((await page.goto(`${stack.shellUrl}/p/${slug}/blog/new-oven/`))!.status()).toBe(404);

  // The feed, parsed by the browser's own XML parser (in a page with scripts, apart from the visitor's).
  const reader = await browser.newPage();
  const entries = async () => {
    const xml = await (await fetch(`${stack.shellUrl}/p/${slug}/feed.xml`)).text();
    return reader.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const atom = 'http://www.w3.org/2005/Atom';
      if (doc.getElementsByTagName('parsererror').length || doc.documentElement.namespaceURI !== atom) return ['not Atom'];
      return [...doc.getElementsByTagNameNS(atom, 'entry')].map(
        (entry) => entry.getElementsByTagNameNS(atom, 'title')[0]?.textContent ?? '',
      );
    }, xml);
  };
  expect(await entries()).toEqual(['Rye week', 'Our first loaf']);

  // Its time comes: the sweep (pg_cron's call, the service role's) publishes it.
  await page.waitForTimeout(Math.max(0, scheduledAt - Date.now() + 500));
  const { serviceRoleKey } = await loadKeys(stack.dataDir);
  const swept = await fetch(`${stack.cloudUrl}/functions/v1/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${serviceRoleKey}`, apikey: stack.keys.anonKey! },
    body: JSON.stringify({ action: 'sweep', graceSeconds: 3600 }),
  });
  expect(((await swept.json()) as { blogsPublished: number }).blogsPublished).toBeGreaterThanOrEqual(1);
  await page.goto(blogUrl);
  expect(await listed()).toEqual(['A new oven', 'Rye week', 'Our first loaf']);
  await page.getByRole('link', { name: 'A new oven' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A new oven');
  expect(await entries()).toEqual(['A new oven', 'Rye week', 'Our first loaf']);
  await visitor.close();
  await reader.close();
});
