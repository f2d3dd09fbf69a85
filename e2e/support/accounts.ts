import type { Page } from 'playwright-core';
import type { Stack } from './stack';

let counter = 0;

/** A fresh confirmed account, made through the Auth API (the stack runs with AUTH_AUTOCONFIRM=true). */
export async function createConfirmedUser(stack: Stack, name = 'Test Buyer'): Promise<{ email: string; password: string; name: string }> {
  counter += 1;
  const email = `buyer${Date.now()}${counter}@example.com`;
  const password = 'correct-horse-42';
  const response = await fetch(`${stack.cloudUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.keys.anonKey!, Authorization: `Bearer ${stack.keys.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, data: { name, username: `buyer${Date.now()}${counter}` } }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { email, password, name };
}

/** Logs in on the Login screen, as a visitor would, and waits for the header to show the user. */
export async function logInThroughUi(page: Page, stack: Stack, user: { email: string; password: string; name: string }): Promise<void> {
  await page.goto(`${stack.shellUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${stack.shellUrl}/home`);
  await page.getByRole('banner').getByText(user.name).first().waitFor();
}
