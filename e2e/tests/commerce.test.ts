// Paying by card in Chromium: the pricing plans and a template's Get button, through the payment
// function and the Razorpay sandbox's checkout dialog, verified on the server before success shows.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startStack, type Stack } from '../support/stack';
import { createConfirmedUser, logInThroughUi } from '../support/accounts';
import { payWithCard } from '../support/checkout';

let stack: Stack;
let browser: Browser;

before(async () => {
  stack = await startStack({ localCloudEnv: { AUTH_AUTOCONFIRM: 'true' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('pricing plans', () => {
  test('a declined card shows the reason; a good card then pays, and the plan shows as current', async () => {
    const user = await createConfirmedUser(stack, 'Plan Buyer');
    const page = await browser.newPage();
    await logInThroughUi(page, stack, user);
    await page.goto(`${stack.shellUrl}/pricing`);
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('dialog').getByText('19.99').first().waitFor();
    await payWithCard(page, '4100 2800 0008 0001');
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: /insufficient|funds/i })
      .waitFor();
    await payWithCard(page, '4100 2800 0000 1007');
    await page.getByText(/Payment successful!/).waitFor({ timeout: 15_000 });
    assert.match(await page.getByText(/Payment successful!/).innerText(), /pay_\w+/);
    await page.reload();
    await page.getByText(/Your current plan until/).waitFor();
    // The account shows what the plan grants, read from the database's entitlements.
    await page.goto(`${stack.shellUrl}/account`);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByText(/^Pro, until /).waitFor();
    await plan.getByText('0.0 MB of 1 GB used (0 files)').waitFor();
    await plan.getByText('Removed: your plan includes it.').waitFor();
    await page.close();
  });

  test('closing the checkout says nothing was charged', async () => {
    const user = await createConfirmedUser(stack, 'Window Shopper');
    const page = await browser.newPage();
    await logInThroughUi(page, stack, user);
    await page.goto(`${stack.shellUrl}/pricing`);
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page
      .getByText(/cancelled/i)
      .first()
      .waitFor();
    assert.equal(await page.getByText(/Payment successful!/).count(), 0);
    await page.close();
  });

  test('a signed-out visitor is asked to log in first', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.shellUrl}/pricing`);
    await page
      .getByRole('link', { name: /log in/i })
      .first()
      .waitFor();
    await page.close();
  });
});

describe('buying a template from the editor', () => {
  test('Get Temp 1 pays for template 1, which then shows as purchased', async () => {
    const user = await createConfirmedUser(stack, 'Template Buyer');
    const page = await browser.newPage();
    await logInThroughUi(page, stack, user);
    await page.goto(`${stack.shellUrl}/templates`);
    await page
      .getByRole('button', { name: /^Use Template/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Get Temp 1' }).click();
    await payWithCard(page, '5500 6700 0000 1002');
    await page.getByText(/Payment successful!/).waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByText('Purchased').first().waitFor();
    await page.close();
  });
});
