// Monthly plans in Chromium against the Razorpay sandbox: subscribe to Pro, a month passes on the
// sandbox clock and it renews, charged once; a renewal that fails keeps the plan in grace, then it
// lapses; cancel and resume; change plan. At every step the amount shown (pricing, checkout,
// confirmation, account, receipt) is the amount Razorpay charged. And a phone-sized pricing page
// and checkout dialog, and a plan-holder not offered a template purchase.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { payWithCard, scrollToCheckout, SUBSCRIPTION_CARD } from '../support/checkout';
import { userClient } from '../support/portfolios';
import { advanceClock, passNextCharge, razorpay, setRenewals } from '../support/razorpaySandbox';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const DAY = 86_400;
const medium = (unixSeconds: number) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(new Date(unixSeconds * 1000));

type User = Awaited<ReturnType<typeof createConfirmedUser>>;

async function signedIn(name: string): Promise<{ user: User; page: Page }> {
  const user = await createConfirmedUser(stack, name);
  const page = await (await signedInContext(browser, stack, user)).newPage();
  return { user, page };
}

/** The user's Razorpay subscription that goes on (or the newest), as the account holds it. */
async function razorpaySubscriptionOf(user: User): Promise<string> {
  const { client } = await userClient(stack, user);
  const { data, error } = await client
    .from('subscriptions')
    .select('razorpay_subscription_id, status')
    .order('created_at', { ascending: false });
  if (error) throw error;
  const row = data.find((candidate) => candidate.status !== 'created') ?? data[0];
  if (!row) throw new Error('no subscription');
  return row.razorpay_subscription_id;
}

/** What Razorpay charged on the user's payments, by payment id: the truth the screens must match. */
async function charged(user: User): Promise<Array<{ amount: number; currency: string }>> {
  const { client } = await userClient(stack, user);
  const { data, error } = await client.from('billing_history').select('payment_id').order('paid_at');
  if (error) throw error;
  const payments = [];
  for (const { payment_id } of data) {
    const payment = await razorpay(stack, 'GET', `/v1/payments/${String(payment_id)}`);
    assert.equal(payment.status, 'captured');
    payments.push({ amount: Number(payment.amount), currency: String(payment.currency) });
  }
  return payments;
}

async function subscribeOnPricing(page: Page, plan: string, price: string) {
  await page.goto(`${stack.shellUrl}/pricing`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, exact: true }) });
  await expect(card.getByText(price, { exact: true }).first()).toBeVisible();
  await card.getByRole('button', { name: `Choose ${plan}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Charged now, then ${price} every month until you cancel.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Pay ${price}` })).toBeVisible();
  await payWithCard(page, SUBSCRIPTION_CARD);
  return card;
}

function billing(page: Page) {
  return page.getByRole('region', { name: 'Billing and receipts' });
}

async function paymentRows(page: Page) {
  return billing(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');
}

/** The account lists exactly `count` payments (once its list has loaded). */
async function expectPayments(page: Page, count: number) {
  const rows = await paymentRows(page);
  await rows.nth(count - 1).waitFor({ timeout: 20_000 });
  assert.equal(await rows.count(), count);
  return rows;
}

test.describe('monthly plans', () => {
  test('subscribe to Pro; a month later it renews, charged once; every amount shown is the amount charged', async () => {
    const { user, page } = await signedIn('Pro Subscriber');
    const card = await subscribeOnPricing(page, 'Pro', '$19.99');
    await card
      .getByText(/^Payment successful! \$19\.99 paid for Pro; it renews on .+ at \$19\.99 until you cancel\. Payment id: pay_\w+$/)
      .waitFor({
        timeout: 20_000,
      });
    const subscriptionId = await razorpaySubscriptionOf(user);
    const first = await razorpay(stack, 'GET', `/v1/subscriptions/${subscriptionId}`);
    assert.equal(first.status, 'active');
    assert.deepEqual(await charged(user), [{ amount: 1999, currency: 'USD' }]);

    // The pricing page now shows Pro as the plan, renewing, and no second Pro to buy.
    await card
      .getByText(
        `Your plan — renews on ${new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(Number(first.current_end) * 1000))} at $19.99`,
      )
      .waitFor();
    await expect(card.getByRole('button', { name: 'Choose Pro' })).toHaveCount(0);

    // A plan-holder is not offered a template purchase: the plan covers it.
    await page.goto(`${stack.shellUrl}/templates`);
    await page
      .getByRole('button', { name: /^Use Template/ })
      .first()
      .click();
    await scrollToCheckout(page);
    await page.getByText(/^Included in your Pro plan \(paid through .+\): publish it without buying\.$/).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Get Temp 1' })).toHaveCount(0);

    await page.goto(`${stack.shellUrl}/account`);
    await billing(page)
      .getByText(`Pro, $19.99 a month. Renews on ${medium(Number(first.current_end))}: $19.99 will be charged then.`)
      .waitFor({
        timeout: 20_000,
      });
    const rows = await expectPayments(page, 1);
    await expect(rows.first().getByText('$19.99')).toBeVisible();
    await rows
      .first()
      .getByRole('button', { name: /^Receipt for Pro plan, monthly/ })
      .click();
    const receipt = page.getByRole('dialog', { name: /^Receipt FF-/ });
    await expect(receipt.getByText('$19.99')).toBeVisible();
    await expect(receipt.getByText('(USD)')).toBeVisible();
    await receipt.getByRole('button', { name: 'Close' }).click();

    // A month passes on Razorpay's clock: one renewal, charged once, and the plan goes on.
    const events = await passNextCharge(stack, subscriptionId);
    assert.equal(events.filter((event) => event === 'subscription.charged').length >= 1, true);
    const renewed = await razorpay(stack, 'GET', `/v1/subscriptions/${subscriptionId}`);
    assert.equal(renewed.paid_count, 2);
    assert.equal(renewed.current_start, first.current_end);
    assert.deepEqual(await charged(user), [
      { amount: 1999, currency: 'USD' },
      { amount: 1999, currency: 'USD' },
    ]);
    await page.reload();
    await billing(page)
      .getByText(`Pro, $19.99 a month. Renews on ${medium(Number(renewed.current_end))}: $19.99 will be charged then.`)
      .waitFor({
        timeout: 20_000,
      });
    await expectPayments(page, 2);
    for (const row of await (await paymentRows(page)).all()) await row.getByText('$19.99').waitFor();
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(`Pro, paid through ${medium(Number(renewed.current_end))}`)
      .waitFor();

    // Upgrade: Premium from the end of the month paid for, charged at Premium's price then.
    await billing(page).getByLabel('Change plan').selectOption('premium');
    await billing(page)
      .getByRole('button', { name: `Change to Premium on ${medium(Number(renewed.current_end))}` })
      .click();
    await billing(page)
      .getByText(`From ${medium(Number(renewed.current_end))}: Premium, $29.99 a month.`)
      .waitFor();
    await passNextCharge(stack, subscriptionId);
    assert.deepEqual((await charged(user)).at(-1), { amount: 2999, currency: 'USD' });
    await page.reload();
    await billing(page)
      .getByText(/^Premium, \$29\.99 a month\. Renews on .+: \$29\.99 will be charged then\.$/)
      .waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  test('a renewal that fails keeps the plan in grace while Razorpay retries, then the plan lapses', async () => {
    const { user, page } = await signedIn('Card Expired');
    const card = await subscribeOnPricing(page, 'Basic', '$9.99');
    await card.getByText(/^Payment successful! \$9\.99 paid for Basic/).waitFor({ timeout: 20_000 });
    const subscriptionId = await razorpaySubscriptionOf(user);
    const paid = await razorpay(stack, 'GET', `/v1/subscriptions/${subscriptionId}`);

    await setRenewals(stack, subscriptionId, 'fail');
    await passNextCharge(stack, subscriptionId);
    assert.equal((await razorpay(stack, 'GET', `/v1/subscriptions/${subscriptionId}`)).status, 'pending');
    await page.goto(`${stack.shellUrl}/account`);
    const alert = billing(page).getByRole('alert');
    await alert.getByText(/did not go through \(1 attempt so far\)/).waitFor({ timeout: 20_000 });
    assert.match(
      await alert.innerText(),
      new RegExp(`The renewal payment of \\$9\\.99 due on ${medium(Number(paid.current_end))} did not go through`),
    );
    assert.match(await alert.innerText(), /carries on meanwhile, for up to 7 days/);
    // Grace: the plan still holds.
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(/^Basic, paid through /)
      .waitFor();

    // Three more days, three more failures: Razorpay halts the subscription and the plan lapses.
    for (let day = 0; day < 3; day++) await advanceClock(stack, DAY);
    assert.equal((await razorpay(stack, 'GET', `/v1/subscriptions/${subscriptionId}`)).status, 'halted');
    await page.reload();
    await billing(page)
      .getByText(
        new RegExp(
          `Your Basic plan has ended: the renewal payment of \\$9\\.99 due on ${medium(Number(paid.current_end))} did not go through`,
        ),
      )
      .waitFor({ timeout: 20_000 });
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(/^No plan/)
      .waitFor();
    // Failed attempts are not debts: only the one charge is listed, as charged.
    await expectPayments(page, 1);
    assert.deepEqual(await charged(user), [{ amount: 999, currency: 'USD' }]);
    await page.context().close();
  });

  test('cancel keeps the plan to the end of the month; resume charges nothing until then, then monthly', async () => {
    const { user, page } = await signedIn('Plan Pauser');
    const card = await subscribeOnPricing(page, 'Premium', '$29.99');
    await card.getByText(/^Payment successful! \$29\.99 paid for Premium/).waitFor({ timeout: 20_000 });
    const firstId = await razorpaySubscriptionOf(user);
    const first = await razorpay(stack, 'GET', `/v1/subscriptions/${firstId}`);
    const end = medium(Number(first.current_end));

    await page.goto(`${stack.shellUrl}/account`);
    await billing(page).getByRole('button', { name: 'Cancel subscription' }).click({ timeout: 20_000 });
    await expect(
      billing(page).getByText(`Cancel your subscription? Premium stays until ${end}, and you will not be charged again.`),
    ).toBeVisible();
    await billing(page).getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(
      billing(page).getByText(`Premium ends on ${end}. Your subscription is cancelled: you will not be charged again.`),
    ).toBeVisible();

    // Resume: Razorpay cannot revive a cancelled subscription, so a new one starts when this month ends.
    await billing(page).getByRole('button', { name: 'Resume Premium' }).click({ timeout: 20_000 });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('No charge today')).toBeVisible();
    await expect(dialog.getByText(`$29.99 on ${end}, then every month until you cancel.`)).toBeVisible();
    await payWithCard(page, SUBSCRIPTION_CARD);
    // The resumed plan replaces the Resume button: the new state says what happens and when.
    await billing(page)
      .getByText(`Premium until ${end}, then Premium from ${end}: $29.99 will be charged then, and monthly until you cancel.`)
      .waitFor({ timeout: 20_000 });
    assert.deepEqual(await charged(user), [{ amount: 2999, currency: 'USD' }], 'nothing charged for resuming');

    // The month ends: the cancelled subscription ends uncharged, the resumed one charges once.
    await passNextCharge(stack, firstId);
    assert.equal((await razorpay(stack, 'GET', `/v1/subscriptions/${firstId}`)).status, 'cancelled');
    assert.equal((await razorpay(stack, 'GET', `/v1/subscriptions/${firstId}`)).paid_count, 1);
    assert.deepEqual(await charged(user), [
      { amount: 2999, currency: 'USD' },
      { amount: 2999, currency: 'USD' },
    ]);
    const resumed = await razorpay(stack, 'GET', `/v1/subscriptions/${await razorpaySubscriptionOf(user)}`);
    assert.equal(resumed.status, 'active');
    assert.equal(resumed.current_start, first.current_end);
    await page.reload();
    await billing(page)
      .getByText(`Premium, $29.99 a month. Renews on ${medium(Number(resumed.current_end))}: $29.99 will be charged then.`)
      .waitFor({
        timeout: 20_000,
      });
    await page.context().close();
  });
});

test.describe('on a phone', () => {
  test('the pricing comparison shows every plan without scrolling sideways; the checkout fits 390 px with its CVV box', async () => {
    const user = await createConfirmedUser(stack, 'Phone Buyer');
    const context = await signedInContext(browser, stack, user, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.shellUrl}/pricing`);
    const table = page.getByRole('table', { name: 'Features included in each plan' });
    await expect(table).toBeVisible();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing sticks out sideways');
    for (const plan of ['Basic', 'Pro', 'Premium']) {
      const header = await table.getByRole('columnheader', { name: plan }).boundingBox();
      assert.ok(header && header.x >= 0 && header.x + header.width <= 390, `${plan} column is on screen`);
    }

    await page.getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('CVV')).toBeVisible();
    const box = (await dialog.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the dialog fits the screen');
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVV']) {
      const field = (await dialog.getByLabel(label).boundingBox())!;
      assert.ok(field.x >= box.x && field.x + field.width <= box.x + box.width, `${label} stays inside the dialog`);
    }
    // The test cards that can pay for a plan are listed in the dialog.
    await expect(dialog.getByRole('button', { name: /Use test card 4718 6091 0820 4366/ })).toBeVisible();
    await context.close();
  });
});
