import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { serviceClient, userClient } from './portfolios';
import type { SharedStack } from './stack';

/** An address and username no other test of the run (any worker, any file) uses. */
export function uniqueLabel(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

/**
 * A fresh confirmed account, made through GoTrue's admin API (auth.admin.createUser with
 * email_confirm) for tests about something else than signing up; the stack confirms by mail.
 */
export async function createConfirmedUser(
  stack: SharedStack,
  name = 'Test Buyer',
): Promise<{ email: string; password: string; name: string }> {
  const label = uniqueLabel('buyer');
  const email = `${label}@example.com`;
  const password = 'correct-horse-42';
  const admin = await serviceClient(stack);
  const { error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { name, username: label } });
  if (error) throw new Error(`the admin could not create ${email}: ${error.message}`);
  return { email, password, name };
}

/** Logs in on the Login screen, as a visitor would, and waits for the header to show the user. */
export async function logInThroughUi(
  page: Page,
  stack: SharedStack,
  user: { email: string; password: string; name: string },
): Promise<void> {
  await page.goto(`${stack.shellUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${stack.shellUrl}/home`);
  await page.getByRole('banner').getByText(user.name).first().waitFor();
}

/**
 * A browser context signed in as `user` before its first page loads: the session supabase-js stores
 * once the Login screen has signed in, put in the shell's localStorage under supabase-js's own key for
 * local-cloud's URL (the app's client uses the same URL). For tests whose subject is not
 * logging in; auth.test.ts logs in through the screen, as does logInThroughUi.
 */
export async function signedInContext(
  browser: Browser,
  stack: SharedStack,
  user: { email: string; password: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { client } = await userClient(stack, user);
  const { session } = (await client.auth.getSession()).data;
  if (!session) throw new Error(`no session for ${user.email}`);
  const { storageKey } = client.auth as unknown as { storageKey: string };
  const localStorage = [{ name: storageKey, value: JSON.stringify(session) }];
  return browser.newContext({ ...options, storageState: { cookies: [], origins: [{ origin: stack.shellUrl, localStorage }] } });
}
