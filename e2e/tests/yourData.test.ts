// Trust, as a user meets it in Chromium: errors beside the fields of Register and Contact (and the
// contact limit explained with its wait), a free domain registered in the Name.com sandbox that then
// serves the page at its Host, and an account deleted from /account with nothing of it left: rows,
// Storage files, /p/ pages, domains, and the plan's subscription cancelled at Razorpay.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext, uniqueLabel } from '../support/accounts';
import { payWithCard, SUBSCRIPTION_CARD } from '../support/checkout';
import { listMail } from '../support/mailbox';
import { razorpay } from '../support/razorpaySandbox';
import { serviceClient, userClient } from '../support/portfolios';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

/** The site asked as a browser at a custom domain would: the same server, another Host. */
function fetchWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The text a field's aria-describedby points at: what a screen reader reads with it. */
async function descriptionOf(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

async function invalid(page: Page, label: string): Promise<boolean> {
  return (await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')) === 'true';
}

test.describe('messages beside their fields', () => {
  test('register: what is wrong is said at each field, announced, and goes once fixed', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.shellUrl}/register`);
    await page.getByRole('button', { name: 'Register' }).click();
    assert.equal(await invalid(page, 'Password'), true);
    assert.match(await descriptionOf(page, 'Password'), /Enter a password\./);
    assert.match(await descriptionOf(page, 'Email'), /Enter your email address\./);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'password', 'focus is on the first field to fix');
    await page.getByText('Not sent: 2 fields need attention.').waitFor({ state: 'attached' });
    await expect(page.getByRole('alert'), 'no banner that would outlive the fix').toHaveCount(0);

    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Register' }).click();
    assert.match(await descriptionOf(page, 'Password'), /Use at least 6 characters\./);
    assert.match(await descriptionOf(page, 'Email'), /Enter an email address like name@example\.com\./);

    await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
    await page.getByLabel('Email', { exact: true }).fill(`${uniqueLabel('fields')}@example.com`);
    assert.equal(await invalid(page, 'Password'), false);
    assert.equal(await invalid(page, 'Email'), false);
    await page.getByRole('button', { name: 'Register' }).click();
    // Sent: the address is confirmed by mail, as on hosted Supabase.
    await page.getByRole('status').filter({ hasText: 'Check your email for verification link' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('contact: fields are checked before sending; the function’s field errors and its limit are explained', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.shellUrl}/contact-us`);
    await page.getByRole('button', { name: 'Send' }).click();
    assert.equal(await invalid(page, 'Message'), true);
    assert.match(await descriptionOf(page, 'Message'), /Enter your message\./);
    assert.match(await descriptionOf(page, 'Email'), /Enter your email address\./);

    await page.getByLabel('Message', { exact: true }).fill('Can I move my domain to another page?');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send' }).click();
    assert.match(await descriptionOf(page, 'Email'), /Enter an email address like name@example\.com\./);
    assert.equal(await invalid(page, 'Message'), false);

    // The function's contract: 400 with fieldErrors, 429 with retryAfterSeconds and Retry-After.
    let answer: { status: number; body: unknown; headers?: Record<string, string> } = {
      status: 400,
      body: { error: 'Check the fields', fieldErrors: { user_email: 'This address cannot receive mail.' } },
    };
    await page.route('**/functions/v1/contact', (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({
            status: answer.status,
            contentType: 'application/json',
            headers: { 'Access-Control-Allow-Origin': '*', ...answer.headers },
            body: JSON.stringify(answer.body),
          }),
    );
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('This address cannot receive mail.', { exact: true })).toBeVisible();
    assert.equal(await invalid(page, 'Email'), true);

    answer = { status: 429, body: { error: 'Too many messages', retryAfterSeconds: 3 }, headers: { 'Retry-After': '3' } };
    await page.getByLabel('Email', { exact: true }).fill('ada@example.org');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').filter({ hasText: 'You can send it in 3 seconds; your text is still here.' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'You can send your message now.' }).waitFor({ timeout: 10_000 });

    await page.unroute('**/functions/v1/contact');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you for your message').waitFor({ timeout: 15_000 });
    await page.close();
  });
});

test.describe('the free domain and your data', () => {
  test.describe.configure({ mode: 'serial' }); // the steps of one account's life, to its deletion
  let user: Awaited<ReturnType<typeof createConfirmedUser>>;
  let page: Page;
  let slug: string;
  let domain: string;
  let userId: string;
  /** The user's own token, kept to look for their rows after the account is gone. */
  let oldToken: string;

  test.beforeAll(async () => {
    user = await createConfirmedUser(stack, 'Ada Domain');
    page = await (await signedInContext(browser, stack, user, { acceptDownloads: true })).newPage();
    await page.goto(`${stack.shellUrl}/pricing`);
    // Pro as a monthly subscription, authorised with one of Razorpay's subscription test cards.
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await payWithCard(page, SUBSCRIPTION_CARD);
    await page.getByText(/Payment successful!/).waitFor({ timeout: 15_000 });

    // A published page with a picture, and a visitor who signed up on it.
    const { client, userId: id } = await userClient(stack, user);
    userId = id;
    oldToken = (await client.auth.getSession()).data.session!.access_token;
    const { data: row } = await client
      .from('portfolios')
      .insert({ template_id: '1', title: 'Ada On Her Domain', data: {} })
      .select('id, version')
      .single();
    const picture = `${userId}/${row!.id}/photo.png`;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2_000_000, 7)]);
    assert.equal((await client.storage.from('portfolio-images').upload(picture, new Blob([png], { type: 'image/png' }))).error, null);
    await client.rpc('save_portfolio', {
      portfolio_id: row!.id,
      expected_version: row!.version,
      new_data: { name: 'Ada On Her Domain', image: `storage:portfolio-images/${picture}` },
    });
    slug = `ada-domain-${Date.now().toString(36)}`;
    const published = await fetch(`${stack.cloudUrl}/functions/v1/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: stack.keys.anonKey!, authorization: `Bearer ${oldToken}` },
      body: JSON.stringify({ action: 'publish', portfolioId: row!.id, slug }),
    });
    assert.equal(published.status, 200, await published.clone().text());
    // A visitor who signed up on the page and confirmed the address (the subscribe function's row).
    const fan = { portfolio_id: row!.id, email: 'fan@example.com', confirmed_at: new Date().toISOString() };
    assert.equal((await (await serviceClient(stack)).from('subscribers').insert(fan)).error, null);
  });

  test.afterAll(async () => {
    await page?.context().close();
  });

  test('a free domain registered in the sandbox connects at once and the page is served at that Host', async () => {
    await page.goto(`${stack.shellUrl}/account`);
    const domains = page.getByRole('region', { name: 'Your domains' });
    const name = `ada-${Date.now().toString(36)}`;
    domain = `${name}.com`;
    await domains.getByLabel('Name you would like').fill(name);
    await domains.getByRole('button', { name: 'Search' }).click();
    const offers = domains.getByRole('list', { name: 'Names and prices' });
    await expect(offers.getByText('$10.99 the first year, $12.99 a year after').first()).toBeVisible();
    await domains.getByRole('button', { name: `Choose ${domain}` }).click();
    const confirm = domains.getByRole('region', { name: `Register ${domain}` });
    await confirm.getByLabel('Page it shows').selectOption({ label: 'Ada On Her Domain' });
    await confirm.getByRole('button', { name: `Register ${domain}` }).click();
    await domains.getByText(`${domain} is yours`).waitFor({ timeout: 30_000 });

    const served = await fetchWithHost(`${stack.shellUrl}/`, domain);
    assert.equal(served.status, 200);
    assert.match(served.body, /<title>Ada On Her Domain<\/title>/);
    // /account shows it with its expiry, and the plan year is used.
    await page.reload();
    const registered = page.getByRole('list', { name: 'Domains registered for you' });
    await expect(registered.getByText(domain)).toBeVisible();
    await expect(registered.getByText(/Renewal opens on/)).toBeVisible();
    await expect(page.getByText(/This plan year’s free domain is used/)).toBeVisible();
  });

  test('download my data: a zip with the portfolio, its picture, the plan and its charge, and the sign-up', async () => {
    await page.goto(`${stack.shellUrl}/account`);
    const yourData = page.getByRole('region', { name: 'Your data' });
    const downloading = page.waitForEvent('download');
    await yourData.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^folioforge-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const names = Object.keys(files);
    assert.ok(
      names.some((entry) => /^portfolios\/01-ada-domain-[a-z0-9]+\/portfolio\.json$/.test(entry)),
      names.join(', '),
    );
    assert.equal(names.find((entry) => entry.endsWith('/files/portfolio-images/photo.png')) !== undefined, true);
    const billing = JSON.parse(new TextDecoder().decode(files['subscriptions.json'])) as {
      subscriptions: { plan_id: string; status: string }[];
      charges: { amount: number; currency: string }[];
    };
    assert.deepEqual(
      billing.subscriptions.map((row) => [row.plan_id, row.status]),
      [['pro', 'active']],
    );
    assert.deepEqual(
      billing.charges.map((row) => [row.amount, row.currency]),
      [[1999, 'USD']],
    );
    assert.match(new TextDecoder().decode(files['subscribers.csv']), /fan@example\.com/);
    assert.match(new TextDecoder().decode(files['domains.json']), new RegExp(domain.replace('.', '\\.')));
    await expect(yourData.getByText(/^Downloaded folioforge-data-/)).toBeVisible();
  });

  test('delete my account: confirmed by password, then nothing of it is left', async () => {
    const { client } = await userClient(stack, user);
    const { data: subscription } = await client.from('subscriptions').select('razorpay_subscription_id').single();
    await page.goto(`${stack.shellUrl}/account`);
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByRole('button', { name: 'Delete my account…' }).click();
    await yourData.getByText('cancels your plan, so you are not charged again;').waitFor();
    await yourData.getByLabel('Password', { exact: true }).fill('not the password');
    await yourData.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(yourData.getByText(/^This is not your password/)).toBeVisible();
    await yourData.getByLabel('Password', { exact: true }).fill(user.password);
    await yourData.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL(`${stack.shellUrl}/home`, { timeout: 30_000 });
    await expect(page.getByText(`Your account is deleted. We sent a confirmation to ${user.email}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

    // Rows: the user's own token (still signed, for an id that is gone) sees nothing of theirs.
    const rest = (path: string) =>
      fetch(`${stack.cloudUrl}/rest/v1/${path}`, { headers: { apikey: stack.keys.anonKey!, authorization: `Bearer ${oldToken}` } }).then(
        (response) => response.json() as Promise<unknown[]>,
      );
    for (const table of [
      'profiles',
      'portfolios',
      'purchases',
      'subscriptions',
      'subscription_charges',
      'custom_domains',
      'registered_domains',
      'free_domain_years',
      'subscribers',
    ])
      assert.deepEqual(await rest(`${table}?select=*`), [], table);
    // Storage, the /p/ page and its files, the domain.
    const listing = await fetch(`${stack.cloudUrl}/storage/v1/object/list/portfolio-images`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey!, authorization: `Bearer ${oldToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: userId, limit: 100 }),
    });
    assert.deepEqual(await listing.json(), []);
    assert.equal((await fetch(`${stack.shellUrl}/p/${slug}`)).status, 404);
    assert.equal((await fetch(`${stack.shellUrl}/p/${slug}/files/photo.png`)).status, 404);
    assert.equal((await fetchWithHost(`${stack.shellUrl}/`, domain)).status, 404);
    // The plan's subscription is cancelled at Razorpay: nothing charges a deleted account.
    assert.equal((await razorpay(stack, 'GET', `/v1/subscriptions/${subscription!.razorpay_subscription_id}`)).status, 'cancelled');
    // The password no longer signs in, and the mail says it is done.
    await assert.rejects(userClient(stack, user));
    const mails = await listMail(stack.cloudUrl, user.email);
    assert.ok(mails.some((mail) => mail.subject === 'Your FolioForge account is deleted'));
  });
});
