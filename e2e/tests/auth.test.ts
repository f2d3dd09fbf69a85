// Accounts in a real browser against local-cloud, with the real supabase-js client: register, confirm
// through the local mailbox, log in, stay logged in across reloads and token expiry, sign out, reset the
// password, and what a second tab sees. This account's access tokens live a few seconds (a test control),
// so refreshes happen here. The tests are the steps of one visitor's journey, in order.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { waitForMail } from '../support/mailbox';
import { uniqueLabel } from '../support/accounts';
import { shortenAccessTokens } from '../support/testControls';

const JWT_EXPIRY_SECONDS = 6;
/** supabase-js's AUTO_REFRESH_TICK_DURATION_MS: how often it checks whether to refresh. */
const AUTO_REFRESH_TICK_MS = 30_000;
const NAME = 'Ada Lovelace';
const USERNAME = uniqueLabel('ada_');
const EMAIL = `${uniqueLabel('ada.')}@example.com`;
const FIRST_PASSWORD = 'analytical-engine';
const NEW_PASSWORD = 'difference-engine';

let stack: SharedStack;
let browser: Browser;
/** One visitor's browser profile for the journey: the session lives in its localStorage. */
let journey: BrowserContext;
let page: Page;
let pageErrors: string[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
  journey = await browser.newContext();
  page = await journey.newPage();
  pageErrors = trackPageErrors(page);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const accountButton = (on: Page) => on.getByRole('button', { name: new RegExp(`${NAME}.*account menu`) });
const loginIcon = (on: Page) => on.getByRole('link', { name: 'Log in' });

/** The session supabase-js keeps in localStorage (key sb-<host>-auth-token), or null. */
async function storedSession(on: Page): Promise<{ access_token: string; refresh_token: string; expires_at: number } | null> {
  return on.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    return key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null;
  });
}

async function logIn(on: Page, email: string, password: string) {
  await on.goto(`${stack.shellUrl}/login`);
  await on.getByLabel('Email').fill(email);
  await on.getByLabel('Password').fill(password);
  await on.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutFromHeader(on: Page, label: 'Sign out' | 'Sign out everywhere' = 'Sign out') {
  await accountButton(on).click();
  await on.getByRole('button', { name: label, exact: true }).click();
  await on.waitForURL(`${stack.shellUrl}/`);
  await expect(loginIcon(on)).toBeVisible();
}

test.describe('an account from registration to a new password', () => {
  test('registering says to check the email and names the address', async () => {
    await page.goto(`${stack.shellUrl}/register`);
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(FIRST_PASSWORD);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Register' }).click();
    const message = page.getByRole('status').filter({ hasText: 'Check your email for verification link' });
    await expect(message).toBeVisible();
    assert.match(await message.innerText(), new RegExp(EMAIL.replace(/\./g, '\\.')));
    await expect(page.getByRole('link', { name: `${stack.mailboxUrl}/` })).toHaveCount(1);
  });

  test('the username is now taken for everyone else', async () => {
    const other = await journey.newPage();
    await other.goto(`${stack.shellUrl}/register`);
    await other.getByLabel('Username').fill(USERNAME.toUpperCase());
    await expect(other.getByText('That username is taken')).toBeVisible();
    await other.close();
  });

  test('logging in before confirming says the email is not confirmed', async () => {
    await logIn(page, EMAIL, FIRST_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Email not confirmed' })).toBeVisible();
  });

  test('the link in the mailbox confirms the address and signs in', async () => {
    // The sessions of this account from now on: access tokens that expire within the journey.
    await shortenAccessTokens(stack, EMAIL, JWT_EXPIRY_SECONDS);
    const mail = await waitForMail(stack.cloudUrl, EMAIL, /confirm/i);
    const link = mail.links.find((candidate) => candidate.includes('/verify'));
    assert.ok(link, 'the confirmation mail carries the verify link');
    await page.goto(link);
    await page.getByText('Your email is confirmed — you are signed in').waitFor({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Pick a template to start' })).toBeVisible();
    assert.equal(new URL(page.url()).pathname, '/auth/callback');
    assert.equal(new URL(page.url()).hash, '', 'no tokens left in the address bar');
    await expect(accountButton(page)).toBeVisible();
  });

  test('a used confirmation link says it is invalid and offers a new one', async () => {
    const mail = await waitForMail(stack.cloudUrl, EMAIL, /confirm/i);
    const other = await browser.newPage();
    await other.goto(mail.links.find((candidate) => candidate.includes('/verify'))!);
    await expect(other.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await other.close();
  });

  test('signs out and logs in with the password, landing on /home', async () => {
    await signOutFromHeader(page);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await logIn(page, EMAIL, FIRST_PASSWORD);
    await page.waitForURL(`${stack.shellUrl}/home`);
    await expect(accountButton(page)).toBeVisible();
  });

  test('a reload stays logged in, without a flash of the logged-out header', async () => {
    await page.addInitScript(() => {
      // Records whether the login icon was ever in the page while it started.
      new MutationObserver(() => {
        if (document.querySelector('a[aria-label="Log in"]')) (window as unknown as { sawLoginIcon: boolean }).sawLoginIcon = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(accountButton(page)).toBeVisible();
    assert.equal(await page.evaluate(() => (window as unknown as { sawLoginIcon?: boolean }).sawLoginIcon ?? false), false);
  });

  test('the session outlives its access token: refreshed, and the account page still loads its data', async () => {
    // supabase-js refreshes on a ticker of its own (every 30 s): the app starts again on a test clock,
    // which is moved on to the next tick once the token has expired, instead of waiting for it.
    await page.clock.install();
    await page.reload();
    await expect(accountButton(page)).toBeVisible();
    const before = await storedSession(page);
    assert.ok(before, 'a session is stored');
    // Until the access token has expired by its own `exp` (the server refuses it), then the tick.
    await expect.poll(() => Date.now() / 1000, { timeout: (JWT_EXPIRY_SECONDS + 5) * 1000 }).toBeGreaterThan(before.expires_at + 1);
    await page.clock.fastForward(AUTO_REFRESH_TICK_MS);
    await expect.poll(async () => (await storedSession(page))?.access_token).not.toBe(before.access_token);
    // The page's clock back to the server's, for the steps after.
    await page.clock.setSystemTime(Date.now());
    await accountButton(page).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${stack.shellUrl}/account`);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText(USERNAME).waitFor({ timeout: 15_000 });
    await expect(profile.getByText(NAME)).toBeVisible();
    await expect(page.getByText('No portfolios yet')).toBeVisible();
    await expect(page.getByText('No purchases yet')).toBeVisible();
    const afterExpiry = await storedSession(page);
    assert.ok(afterExpiry, 'still signed in');
    assert.notEqual(afterExpiry.refresh_token, before.refresh_token, 'the refresh token rotated');
    assert.notEqual(afterExpiry.access_token, before.access_token);
    await page.reload();
    await profile.getByText(USERNAME).waitFor({ timeout: 15_000 });
  });

  test('Sign out ends the session and goes to /', async () => {
    await signOutFromHeader(page);
    assert.equal(await storedSession(page), null);
    await page.goto(`${stack.shellUrl}/account`);
    await page.waitForURL(`${stack.shellUrl}/login`);
  });

  test('Forgot password mails a link that opens the set-new-password screen; the new password logs in', async () => {
    await page.goto(`${stack.shellUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login screen stays on show while the next one loads, and it has an Email field too.
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${EMAIL}, we sent a link to reset your password`)).toBeVisible();

    const mail = await waitForMail(stack.cloudUrl, EMAIL, /reset/i);
    await page.goto(mail.links.find((candidate) => candidate.includes('/verify'))!);
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await page.getByText('You opened a password reset link').waitFor({ timeout: 15_000 });
    await page.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('Confirm new password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'New password should be different from the old password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    await signOutFromHeader(page);
    await logIn(page, EMAIL, FIRST_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    await logIn(page, EMAIL, NEW_PASSWORD);
    await page.waitForURL(`${stack.shellUrl}/home`);
    await expect(accountButton(page)).toBeVisible();
  });

  test('the journey ran without page errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});

test.describe('failed logins', () => {
  for (const [label, email, password] of [
    ['a wrong password', EMAIL, 'not-the-password'],
    ['an unknown email', `nobody.${Date.now()}@example.com`, 'whatever1'],
  ] as const) {
    test(`${label} shows the server's message and keeps the email`, async () => {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      await logIn(visitor, email, password);
      const alert = visitor.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
      await expect(alert).toBeVisible();
      await expect(visitor.getByLabel('Email')).toHaveValue(email);
      assert.equal(new URL(visitor.url()).pathname, '/login');
      assert.equal(
        await visitor.evaluate(() => document.activeElement?.textContent?.includes('Invalid login credentials') ?? false),
        true,
        'focus is on the message',
      );
      await context.close();
    });
  }

  test('a page that needs an account sends the visitor to log in and back', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${stack.shellUrl}/account`);
    await visitor.waitForURL(`${stack.shellUrl}/login`);
    await visitor.getByLabel('Email').fill(EMAIL);
    await visitor.getByLabel('Password').fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await visitor.waitForURL(`${stack.shellUrl}/account`);
    await expect(visitor.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await context.close();
  });
});

test.describe('two tabs', () => {
  test('a second tab sees the sign-out and says so', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await logIn(first, EMAIL, NEW_PASSWORD);
    await first.waitForURL(`${stack.shellUrl}/home`);
    await expect(accountButton(first)).toBeVisible();

    const second = await context.newPage();
    await second.goto(`${stack.shellUrl}/templates`);
    await expect(accountButton(second)).toBeVisible();

    await signOutFromHeader(first);
    await loginIcon(second).waitFor({ timeout: 10_000 });
    await expect(second.getByText('You signed out in another tab.')).toBeVisible();
    await expect(accountButton(second)).toHaveCount(0);
    await context.close();
  });
});
