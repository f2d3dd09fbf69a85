// Two-factor sign-in and passwordless sign-in in a real browser against local-cloud: set up an
// authenticator on /account (the test computes codes from the secret it reads off the screen), sign
// in with password and code, a wrong code refused, a recovery code that works once, sign-in by mailed
// link and by mailed code, and a password change refused until the mailed code is given.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { createConfirmedUser } from '../support/accounts';
import { sharedStack, type SharedStack } from '../support/stack';
import { waitForMail } from '../support/mailbox';
import { authenticator } from '../support/totp';
import { ageSignIns } from '../support/testControls';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

/** The claims of the access token supabase-js keeps in localStorage. */
async function storedClaims(page: Page): Promise<{ aal?: string; amr?: { method: string }[] } | null> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    return key ? (JSON.parse(localStorage.getItem(key) ?? 'null') as { access_token?: string } | null)?.access_token : undefined;
  });
  return token ? (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aal?: string }) : null;
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto(`${stack.shellUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOutFromHeader(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`${name}.*account menu`) }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(`${stack.shellUrl}/`);
}

/** Sets up two-factor sign-in on /account and returns the authenticator and the recovery codes shown. */
async function setUpTwoFactor(page: Page) {
  await page.goto(`${stack.shellUrl}/account`);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Name of this authenticator (optional)').fill('Test phone');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.locator('code').first().textContent())!.replace(/\s+/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/, 'the key to type by hand is on the screen');
  const app = authenticator(secret);
  await section.getByLabel('Code from the app').fill(await app.next());
  await section.getByRole('button', { name: 'Turn on' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list).toBeVisible();
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  assert.equal(codes.length, 10);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('Two-factor sign-in is on').first()).toBeVisible();
  return { app, codes };
}

test.describe('two-factor sign-in', () => {
  test.describe.configure({ mode: 'serial' }); // the steps of one account's journey
  const name = 'Grace Hopper';
  let user: { email: string; password: string; name: string };
  let page: Page;
  let pageErrors: string[];
  let app: ReturnType<typeof authenticator>;
  let codes: string[];

  test.beforeAll(async () => {
    user = await createConfirmedUser(stack, name);
    page = await (await browser.newContext()).newPage();
    pageErrors = trackPageErrors(page);
  });

  test('set up on /account: QR code, the key, a first code, recovery codes shown once', async () => {
    await passwordStep(page, user.email, user.password);
    await page.waitForURL(`${stack.shellUrl}/home`);
    ({ app, codes } = await setUpTwoFactor(page));
    assert.equal((await storedClaims(page))?.aal, 'aal2', 'the first code raised this session');
    await waitForMail(stack.cloudUrl, user.email, /A new MFA factor was enrolled/);
  });

  test('signing in asks for the code after the password; a wrong one is refused with a message; the right one gives aal2', async () => {
    await signOutFromHeader(page, name);
    await passwordStep(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    assert.equal(page.url(), `${stack.shellUrl}/login`, 'not signed in yet');
    await page.getByRole('link', { name: 'Log in' }).waitFor(); // the header still offers to log in
    await page.getByLabel('Authentication code').fill(app.wrong());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That code did not work' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${stack.shellUrl}/home`);
    await expect(page.getByRole('banner').getByText(name).first()).toBeVisible();
    const claims = await storedClaims(page);
    assert.equal(claims?.aal, 'aal2');
    assert.deepEqual(claims?.amr?.map((entry) => entry.method).sort(), ['password', 'totp']);
  });

  test('a recovery code for a lost phone signs in once and turns two-factor sign-in off; used again, it is refused', async () => {
    await signOutFromHeader(page, name);
    await passwordStep(page, user.email, user.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('radio', { name: /It is lost/ }).check();
    await page.getByLabel('Recovery code', { exact: true }).fill(codes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Use recovery code' }).click();
    await page.waitForURL(`${stack.shellUrl}/account`);
    await expect(page.getByText('You signed in with a recovery code')).toBeVisible();

    // Set up again (a new phone), then try the spent code.
    ({ app } = await setUpTwoFactor(page));
    await signOutFromHeader(page, name);
    await passwordStep(page, user.email, user.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code', { exact: true }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Use recovery code' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'not valid or was already used' })).toBeVisible();
    await page.getByRole('button', { name: 'Use my authenticator app' }).click();
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${stack.shellUrl}/home`);
  });

  test('a password change without the mailed code is refused; with it, it goes through', async () => {
    // The sign-ins so far count as a day old, so a password change needs the mailed code.
    await ageSignIns(stack, user.email);
    await page.goto(`${stack.shellUrl}/account`);
    const section = page.getByRole('region', { name: 'Change password' });
    await section.getByLabel('New password', { exact: true }).fill('new-secret-42');
    await section.getByLabel('Confirm new password').fill('new-secret-42');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('alert').filter({ hasText: 'enter the code we emailed you' })).toBeVisible();
    const mail = await waitForMail(stack.cloudUrl, user.email, /Confirm reauthentication/);
    await section.getByLabel('Code from the email').fill(String(mail.meta.otp));
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('Your password has been changed.')).toBeVisible();
    user.password = 'new-secret-42';
  });

  test('the journey ran without page errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});

test.describe('signing in without the password', () => {
  test('by the mailed link', async () => {
    const user = await createConfirmedUser(stack, 'Link Reader');
    const page = await (await browser.newContext()).newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.shellUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
    await expect(page.getByText(`If ${user.email} has a FolioForge account, we emailed it a sign-in link`)).toBeVisible();
    const mail = await waitForMail(stack.cloudUrl, user.email, /Your FolioForge sign-in link and code/);
    await page.goto(mail.links[0]!);
    await page.waitForURL(`${stack.shellUrl}/home`);
    await expect(page.getByRole('banner').getByText('Link Reader').first()).toBeVisible();
    assert.deepEqual(
      (await storedClaims(page))?.amr?.map((entry) => entry.method),
      ['otp'],
    );

    // The same link again: refused, and the login screen says why.
    const second = await (await browser.newContext()).newPage();
    await second.goto(mail.links[0]!);
    await expect(second.getByRole('alert').filter({ hasText: 'invalid or has expired' })).toBeVisible();
    assert.deepEqual(errors, []);
  });

  test('by the mailed code', async () => {
    const user = await createConfirmedUser(stack, 'Code Reader');
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${stack.shellUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
    const mail = await waitForMail(stack.cloudUrl, user.email, /Your FolioForge sign-in link and code/);
    await page.getByLabel('Code from the email').fill(String(mail.meta.otp));
    await page.getByRole('button', { name: 'Use this code' }).click();
    await page.waitForURL(`${stack.shellUrl}/home`);
    await expect(page.getByRole('banner').getByText('Code Reader').first()).toBeVisible();
  });
});
