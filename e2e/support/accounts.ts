import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { serviceClient } from './portfolios';
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
