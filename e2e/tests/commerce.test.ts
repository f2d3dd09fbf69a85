// Paying by card in Chromium: the pricing plans and a template's Get button, through the payment
// function and the Razorpay sandbox's checkout dialog, verified on the server before success shows.
// (Renewals, cancelling and resuming a plan: billing.test.ts.)
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { checkoutButton, GOOD_CARD, payWithCard, scrollToCheckout, SUBSCRIPTION_CARD } from '../support/checkout';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test.describe('pricing plans', () => {
  test('a declined card shows the reason; a good card then pays, and the plan shows as current', async () => {
    const user = await createConfirmedUser(stack, 'Plan Buyer');
    const page = await (await signedInContext(browser, stack, user)).newPage();
    await page.goto(`${stack.shellUrl}/pricing`);
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await expect(page.getByRole('dialog').getByText('$19.99').first()).toBeVisible();
    // A one-time card cannot pay for a plan; a declined one says why.
    await payWithCard(page, GOOD_CARD);
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .getByText(/does not support recurring payments/)
      .waitFor();
    await payWithCard(page, '4100 2800 0008 0001');
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: /insufficient|funds/i })
      .waitFor();
    await payWithCard(page, SUBSCRIPTION_CARD);
    await page.getByText(/Payment successful!/).waitFor({ timeout: 15_000 });
    assert.match(await page.getByText(/Payment successful!/).innerText(), /\$19\.99 paid for Pro.*pay_\w+/);
    await page.reload();
    await expect(page.getByText(/Your plan — renews on .+ at \$19\.99/)).toBeVisible();
    // The account shows what the plan grants, read from the database's entitlements.
    await page.goto(`${stack.shellUrl}/account`);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan.getByText(/^Pro, paid through /)).toBeVisible();
    await expect(plan.getByText('0.0 MB of 1 GB used (0 files)')).toBeVisible();
    await expect(plan.getByText('Removed: your plan includes it.')).toBeVisible();
    await page.context().close();
  });

  test('closing the checkout says nothing was charged', async () => {
    const user = await createConfirmedUser(stack, 'Window Shopper');
    const page = await (await signedInContext(browser, stack, user)).newPage();
    await page.goto(`${stack.shellUrl}/pricing`);
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page
      .getByText(/cancelled/i)
      .first()
      .waitFor();
    await expect(page.getByText(/Payment successful!/)).toHaveCount(0);
    // A checkout opened and left is not a debt: the account lists no payment for it.
    await page.goto(`${stack.shellUrl}/account`);
    await page.getByRole('region', { name: 'Billing and receipts' }).getByText('No purchases yet').waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  test('a signed-out visitor is asked to log in first', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.shellUrl}/pricing`);
    await page
      .getByRole('link', { name: /log in/i })
      .first()
      .waitFor();
    await page.context().close();
  });
});

test.describe('buying a template from the editor', () => {
  test('Get Temp 1 pays for template 1 in rupees, which then shows as purchased, with its receipt on the account', async () => {
    const user = await createConfirmedUser(stack, 'Template Buyer');
    const page = await (await signedInContext(browser, stack, user)).newPage();
    await page.goto(`${stack.shellUrl}/templates`);
    await page
      .getByRole('button', { name: /^Use Template/ })
      .first()
      .click();
    await (await checkoutButton(page)).click();
    await expect(page.getByRole('dialog').getByText('₹100.00').first()).toBeVisible();
    await payWithCard(page, '5500 6700 0000 1002');
    await page.getByText('Payment successful! ₹100.00 paid for Template 1.', { exact: false }).waitFor({ timeout: 15_000 });
    await page.reload();
    await scrollToCheckout(page);
    await expect(page.getByText('Purchased').first()).toBeVisible();
    // The account lists the paid order once, in rupees; nothing for checkouts left unpaid.
    await page.goto(`${stack.shellUrl}/account`);
    const payments = page.getByRole('region', { name: 'Billing and receipts' }).getByRole('list', { name: 'Payments' });
    await payments.getByText('Template 1, bought for good').waitFor({ timeout: 15_000 });
    await expect(payments.getByText('₹100.00')).toBeVisible();
    await expect(payments.getByRole('listitem')).toHaveCount(1);
    await page.context().close();
  });
});
