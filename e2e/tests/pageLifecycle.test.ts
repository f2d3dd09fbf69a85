// A published page lives exactly as long as its portfolio is published (issue 20), in Chromium:
// publishing and then deleting from My portfolios takes the page down within seconds, frees its
// address for anyone and leaves the old custom domain showing nothing; Undo brings the portfolio back
// unpublished. And the app's pages run under their Content-Security-Policy: nothing the app loads is
// blocked, and no other site can frame them.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { publishInPanel } from '../support/screens';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { serviceClient, userClient } from '../support/portfolios';
import { fetchWithHost, grantPlan } from '../support/sites';
import { sharedStack, type SharedStack } from '../support/stack';
import { answerTxt } from '../support/testControls';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

type User = Awaited<ReturnType<typeof createConfirmedUser>>;

async function signedIn(user: User): Promise<Page> {
  return (await signedInContext(browser, stack, user)).newPage();
}

const publishRegion = (page: Page) => page.getByRole('region', { name: 'Publish' });

/** A generator portfolio named `name`, published at `slug` from /portfo's Publish panel; its id and title. */
async function publishFromGenerator(page: Page, user: User, name: string, slug: string): Promise<{ id: string; title: string }> {
  await page.goto(`${stack.shellUrl}/portfo`);
  await page.waitForURL(/\/portfo\?portfolio=/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor({ timeout: 15_000 });
  const region = publishRegion(page);
  await region.getByLabel('Page address').fill(slug);
  await expect(region.getByText('This address is free.')).toBeVisible();
  await publishInPanel(region);
  await region.getByRole('status').getByText('Your page is published.').waitFor({ timeout: 30_000 });
  const id = new URL(page.url()).searchParams.get('portfolio')!;
  const { client } = await userClient(stack, user);
  const { data } = await client.from('portfolios').select('title').eq('id', id).single();
  return { id, title: (data?.title as string | null)?.trim() || 'Untitled portfolio' };
}

/** `/p/<slug>`'s status, as a visitor reloading it sees it. */
const statusOf = async (slug: string) => (await fetch(`${stack.shellUrl}/p/${slug}`)).status;

test.describe('a page for as long as it is published', () => {
  test('publish, delete from My portfolios: 404 within 5 s, the address free, the old custom domain shows nothing', async () => {
    const user = await createConfirmedUser(stack, 'Dee Leter');
    const { client, userId } = await userClient(stack, user);
    await grantPlan(stack, userId);
    const page = await signedIn(user);
    // The page's clock, moved past the Undo window below instead of waiting it out.
    await page.clock.install();
    const errors = trackPageErrors(page);
    const slug = `dee-${Date.now().toString(36)}`;
    const { id, title } = await publishFromGenerator(page, user, 'Dee Leter', slug);
    assert.equal((await fetch(`${stack.shellUrl}/p/${slug}`)).status, 200);

    // Her own domain, proven by its DNS record, shows the page.
    const domain = `dee-${Date.now().toString(36)}.example`;
    const claim = await client.from('custom_domains').insert({ domain, portfolio_id: id }).select('token').single();
    assert.equal(claim.error, null);
    await answerTxt(stack, `_folioforge.${domain}`, [`folioforge-verify=${claim.data!.token}`]);
    const proof = await client.functions.invoke('publish', { body: { action: 'verify-domain', domain } });
    assert.equal(proof.data?.verified, true, JSON.stringify(proof.error));
    assert.match((await fetchWithHost(`${stack.shellUrl}/`, domain)).body, /<title>Dee Leter<\/title>/);

    await page.goto(`${stack.shellUrl}/portfolios`);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const toast = page.getByRole('status').filter({ hasText: `Deleted “${title}”.` });
    await expect(toast).toBeVisible();
    await expect
      .poll(() => statusOf(slug), { message: 'the page answers 404 within 5 seconds', timeout: 5000, intervals: [100] })
      .toBe(404);
    await toast.getByText('Its page is taken down; Undo brings the portfolio back unpublished.').waitFor();
    const onDomain = await fetchWithHost(`${stack.shellUrl}/`, domain);
    assert.equal(onDomain.status, 404, 'the domain shows nothing');
    assert.doesNotMatch(onDomain.body, /Dee Leter/);

    // Once Undo has passed, the portfolio is gone for good; its address is held for its owner for 30
    // days (held_addresses.test.sql), then anyone's: the hold is ended here as if the days had passed.
    await page.clock.fastForward(7000);
    await toast.waitFor({ state: 'hidden' });
    await expect(page.getByText('You have no portfolios yet.')).toBeVisible();
    // The delete goes through the function once the toast is gone: on a slow machine it is still under way.
    const service = await serviceClient(stack);
    await expect.poll(async () => (await service.from('portfolios').select('id').eq('id', id)).data, { timeout: 15_000 }).toEqual([]);
    const available = await createClient(stack.cloudUrl, stack.keys.anonKey!, {
      auth: { persistSession: false },
      realtime: { transport: class {} as never },
    }).rpc('slug_available', { candidate: slug });
    assert.equal(available.data, false, 'the address is held for its former owner');
    const { error: holdError } = await service
      .from('held_addresses')
      .update({ held_until: new Date(Date.now() - 60_000).toISOString() })
      .eq('slug', slug);
    assert.equal(holdError, null);

    // Someone else takes it; the old domain still shows nothing, certainly not their page.
    const next = await createConfirmedUser(stack, 'Next Owner');
    const nextPage = await signedIn(next);
    await publishFromGenerator(nextPage, next, 'Next Owner', slug);
    assert.match(await (await fetch(`${stack.shellUrl}/p/${slug}`)).text(), /Next Owner/);
    const later = await fetchWithHost(`${stack.shellUrl}/`, domain);
    assert.equal(later.status, 404);
    assert.doesNotMatch(later.body, /Next Owner/);
    assert.deepEqual(errors, []);
    await page.context().close();
    await nextPage.context().close();
  });

  test('Undo of a delete brings the portfolio back unpublished, and says so', async () => {
    const user = await createConfirmedUser(stack, 'Un Doer');
    const page = await signedIn(user);
    // The page's clock, moved past the Undo window below instead of waiting it out.
    await page.clock.install();
    const slug = `undo-${Date.now().toString(36)}`;
    const { title } = await publishFromGenerator(page, user, 'Un Doer', slug);
    await page.goto(`${stack.shellUrl}/portfolios`);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const toast = page.getByRole('status').filter({ hasText: `Deleted “${title}”.` });
    await expect(toast.getByText(/Its page is taken down/)).toBeVisible();
    await toast.getByRole('button', { name: 'Undo' }).click();
    const item = page.getByRole('listitem', { name: title });
    await expect(item).toBeVisible();
    await expect(item.getByText('Draft')).toBeVisible();
    assert.equal((await fetch(`${stack.shellUrl}/p/${slug}`)).status, 404, 'the page stays down');
    // After the Undo window (6 s) it is still there: no delete was left to go out.
    await page.clock.fastForward(7000);
    await page.reload();
    await expect(page.getByRole('listitem', { name: title }).getByText('Draft')).toBeVisible();
    await page.context().close();
  });
});

test.describe('the security policy of the app (issue 20 #11)', () => {
  test('the app runs under it: no load is blocked on the public pages, the editor or My portfolios', async () => {
    const user = await createConfirmedUser(stack, 'Policy Reader');
    const page = await signedIn(user);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const errors = trackPageErrors(page);
    for (const route of ['/home', '/templates', '/pricing', '/design', '/portfo', '/portfolios', '/account', '/contact-us']) {
      await page.goto(`${stack.shellUrl}${route}`);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main').first()).toBeVisible();
    }
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('no other site can frame a page of the app', async () => {
    const page = await (await browser.newContext()).newPage();
    const blocked: string[] = [];
    page.on('console', (message) => blocked.push(message.text()));
    await page.setContent(`<iframe id="app" src="${stack.shellUrl}/account" width="800" height="600"></iframe>`);
    // Chromium says why once it has refused the frame.
    await expect
      .poll(() => blocked.some((text) => /frame-ancestors|Refused to frame/i.test(text)), { message: JSON.stringify(blocked) })
      .toBe(true);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    const framed = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    assert.doesNotMatch(framed, /FolioForge|Log in|Account/i, 'the frame shows nothing of the app');
    await page.context().close();
  });
});
