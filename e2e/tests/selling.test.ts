// Razorpay for sellers in Chromium, the one round trip a component test cannot show: /account's
// "Connect with Razorpay" leaves for Razorpay's consent page (local-cloud's sandbox), Allow brings the
// browser back through the sellers function to /account, which says the account is connected; then
// Disconnect, confirmed. The OAuth rules themselves are local-cloud's tests (local-cloud/test/sellers.test.ts).
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext, uniqueLabel } from '../support/accounts';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('an owner connects their Razorpay account and disconnects it', async () => {
  const testInfo = test.info();
  const user = await createConfirmedUser(stack, 'Ada Bakes');
  // A phone's width first; the card is looked at on a desktop's too (the screenshots go to the test's output).
  const page = await (await signedInContext(browser, stack, user, { viewport: { width: 390, height: 900 } })).newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${stack.shellUrl}/account`);
  const selling = page.getByRole('region', { name: 'Selling' });
  await selling.getByRole('button', { name: 'Connect with Razorpay' }).click();

  await page.waitForURL(/\/razorpay\/auth\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Connect your Razorpay account' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('consent-390.png'), fullPage: true });
  await page.getByLabel('Your Razorpay account’s email').fill(`${uniqueLabel('seller')}@example.com`);
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back on /account, which takes the result out of the address once it has said it.
  await page.waitForURL(`${stack.shellUrl}/account`);
  // The result is said where the keyboard now is.
  await expect(page.locator(':focus')).toContainText('Your Razorpay account is connected');
  await expect(selling.getByText(/^acc_[A-Za-z0-9]{14} \(test mode\)$/)).toBeVisible();
  await selling.screenshot({ path: testInfo.outputPath('connected-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await selling.screenshot({ path: testInfo.outputPath('connected-1280.png') });

  await selling.getByRole('button', { name: 'Disconnect' }).click();
  await expect(selling.getByRole('button', { name: 'Yes, disconnect' })).toBeFocused();
  await selling.screenshot({ path: testInfo.outputPath('confirm-1280.png') });
  await selling.getByRole('button', { name: 'Yes, disconnect' }).click();
  await expect(selling.getByText('Your Razorpay account is disconnected.', { exact: false })).toBeVisible();
  await expect(selling.getByRole('button', { name: 'Connect with Razorpay' })).toBeVisible();
  expect(errors).toEqual([]);
  await page.close();
});
