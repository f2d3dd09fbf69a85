// The Razorpay sandbox: Orders API (auth, validation, create/get), refunds, and checkout.js in Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { JOURNEY_BACKENDS, skipFor, startTestCloud, stopClusters, type Backend, type TestCloud } from './support/servicesCloud.ts';
import { launchBrowser, startPageServer, type Browser, type PageServer } from './support/servicesBrowser.ts';
import {
  basicAuth,
  createOrder,
  events,
  expectedSignature,
  merchantPage,
  openCheckout,
  payThroughCheckout,
  payWithCard,
  razorpayApi,
} from './support/servicesRazorpay.ts';

/**
 * One local-cloud per backend for both suites, started by the first that asks: orders keep apart by
 * their own ids, and the shop's page (standing for the app) is an origin it answers.
 */
function sharedCloud(backend: Backend): () => Promise<{ t: TestCloud; shop: PageServer }> {
  let started: Promise<{ t: TestCloud; shop: PageServer }> | undefined;
  after(async () => {
    const { t, shop } = (await started) ?? {};
    await shop?.close();
    await t?.stop();
  });
  return () =>
    (started ??= (async () => {
      const pages: Record<string, string> = {};
      const shop = await startPageServer(pages);
      const t = await startTestCloud(backend, { allowedOrigins: [shop.origin] });
      pages['/'] = merchantPage(t.url);
      return { t, shop };
    })());
}

for (const backend of JOURNEY_BACKENDS) {
  const cloudAndShop = sharedCloud(backend);
  describe(`razorpay orders API (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      ({ t } = await cloudAndShop());
    });

    test('creates an order and reads it back', async () => {
      const { status, body } = await razorpayApi(t, 'POST', '/v1/orders', {
        amount: 199_900,
        currency: 'INR',
        receipt: 'receipt#1',
        notes: { plan: 'pro' },
      });
      assert.equal(status, 200);
      assert.match(String(body.id), /^order_[A-Za-z0-9]{14}$/);
      assert.equal(body.entity, 'order');
      assert.equal(body.amount, 199_900);
      assert.equal(body.amount_paid, 0);
      assert.equal(body.amount_due, 199_900);
      assert.equal(body.status, 'created');
      assert.equal(body.attempts, 0);
      assert.equal(body.offer_id, null);
      assert.deepEqual(body.notes, { plan: 'pro' });
      assert.equal(typeof body.created_at, 'number');
      const again = await razorpayApi(t, 'GET', `/v1/orders/${String(body.id)}`);
      assert.deepEqual(again.body, body);
    });

    test('wrong or missing credentials get 401 Authentication failed', async () => {
      for (const auth of [basicAuth(t.cloud.keys.razorpayKeyId, 'wrong-secret'), '', 'Bearer x']) {
        const { status, body } = await razorpayApi(t, 'POST', '/v1/orders', { amount: 1000, currency: 'INR' }, auth);
        assert.equal(status, 401);
        assert.equal(body.error?.code, 'BAD_REQUEST_ERROR');
        assert.equal(body.error?.description, 'Authentication failed');
      }
      assert.equal((await razorpayApi(t, 'GET', '/v1/orders/order_x', undefined, 'Basic Zm9vOmJhcg==')).status, 401);
    });

    test('invalid orders are refused with Razorpay error shape, naming the field', async () => {
      const cases: Array<[unknown, string, RegExp]> = [
        [{ currency: 'INR' }, 'amount', /amount field is required/],
        [{ amount: 99, currency: 'INR' }, 'amount', /atleast INR 1.00/],
        [{ amount: 150.5, currency: 'INR' }, 'amount', /integer/],
        [{ amount: 1000 }, 'currency', /currency field is required/],
        [{ amount: 1000, currency: 'XYZ' }, 'currency', /not supported/],
        [{ amount: 49, currency: 'USD' }, 'amount', /atleast USD 0.50/],
        [{ amount: 1000, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt', /40 characters/],
        [{ amount: 1000, currency: 'INR', price: 1 }, 'price', /not required/],
      ];
      for (const [input, field, description] of cases) {
        const { status, body } = await razorpayApi(t, 'POST', '/v1/orders', input);
        assert.equal(status, 400, JSON.stringify(input));
        assert.equal(body.error?.code, 'BAD_REQUEST_ERROR');
        assert.equal(body.error?.field, field);
        assert.match(String(body.error?.description), description);
        assert.equal(body.error?.reason, 'input_validation_failed');
        assert.deepEqual(body.error?.metadata, {});
      }
      await razorpayApi(t, 'POST', '/v1/orders', { amount: 1000, currency: 'INR', receipt: 'dup-receipt' });
      const dup = await razorpayApi(t, 'POST', '/v1/orders', { amount: 1000, currency: 'INR', receipt: 'dup-receipt' });
      assert.equal(dup.status, 400);
      assert.equal(dup.body.error?.field, 'receipt');
    });

    test('unknown order and payment ids are 400 BAD_REQUEST_ERROR', async () => {
      assert.equal((await razorpayApi(t, 'GET', '/v1/orders/order_doesnotexist1')).status, 400);
      assert.equal((await razorpayApi(t, 'GET', '/v1/payments/pay_doesnotexist11')).status, 400);
    });

    test('a captured payment is refunded once, in full or in part; nothing else can be', async () => {
      const order = await createOrder(t, 50_000);
      const paid = await payThroughCheckout(t, { order_id: order.id }, '4111 1111 1111 1111');
      const paymentId = String(paid.body.razorpay_payment_id);
      const refund = (body: unknown) => razorpayApi(t, 'POST', `/v1/payments/${paymentId}/refund`, body);

      const part = await refund({ amount: 20_000, receipt: 'refund#1' });
      assert.equal(part.status, 200, JSON.stringify(part.body));
      assert.match(String(part.body.id), /^rfnd_[A-Za-z0-9]{14}$/);
      assert.deepEqual(
        [part.body.entity, part.body.amount, part.body.currency, part.body.payment_id, part.body.status, part.body.receipt],
        ['refund', 20_000, 'INR', paymentId, 'processed', 'refund#1'],
      );
      let payment = (await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`)).body;
      assert.deepEqual([payment.status, payment.amount_refunded, payment.refund_status], ['captured', 20_000, 'partial']);

      const tooMuch = await refund({ amount: 40_000 });
      assert.deepEqual([tooMuch.status, (tooMuch.body.error as { field?: string }).field], [400, 'amount']);
      const rest = await refund({});
      assert.deepEqual([rest.status, rest.body.amount], [200, 30_000], 'no amount: the rest of it');
      payment = (await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`)).body;
      assert.deepEqual(
        [payment.status, payment.amount_refunded, payment.refund_status, payment.captured],
        ['refunded', 50_000, 'full', true],
      );

      const again = await refund({});
      assert.deepEqual(
        [again.status, (again.body.error as { description?: string }).description],
        [400, 'The payment has been fully refunded already'],
      );
      assert.equal((await refund({ amount: 99 })).status, 400);
      assert.equal((await razorpayApi(t, 'POST', '/v1/payments/pay_doesnotexist11/refund', {})).status, 400);
      const failedOrder = await createOrder(t, 50_000);
      const declined = await payThroughCheckout(t, { order_id: failedOrder.id }, '4100 2800 0008 0001');
      const declinedId = String((declined.body.error as { metadata?: { payment_id?: string } } | undefined)?.metadata?.payment_id);
      assert.equal((await razorpayApi(t, 'POST', `/v1/payments/${declinedId}/refund`, {})).status, 400);
      const unauthorised = await razorpayApi(t, 'POST', `/v1/payments/${paymentId}/refund`, {}, basicAuth('rzp_test_x', 'wrong'));
      assert.equal(unauthorised.status, 401);
    });
  });

  describe(`razorpay checkout.js in Chromium (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let browser: Browser;
    let shop: PageServer;
    let page: Page;

    before(async () => {
      ({ t, shop } = await cloudAndShop());
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });

    async function freshPage(): Promise<Page> {
      page = await browser.context.newPage();
      await page.goto(shop.origin + '/');
      return page;
    }

    test('a success card pays the order and the handler gets a signature that verifies', async () => {
      const order = await createOrder(t, 199_900);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });
      const dialog = p.getByRole('dialog', { name: 'FolioForge' });
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      await dialog.getByText('₹1,999.00').first().waitFor();
      await payWithCard(p, '4100 2800 0000 1007');
      await p.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
      const { success, failed } = await events(p);
      assert.equal(failed.length, 0);
      const result = success[0]!;
      assert.equal(result.razorpay_order_id, order.id);
      assert.match(result.razorpay_payment_id, /^pay_[A-Za-z0-9]{14}$/);
      assert.equal(result.razorpay_signature, expectedSignature(order.id, result.razorpay_payment_id, t.cloud.keys.razorpayKeySecret));
      assert.equal(await p.getByRole('dialog').count(), 0, 'dialog closes after success');

      const paid = await razorpayApi(t, 'GET', `/v1/orders/${order.id}`);
      assert.equal(paid.body.status, 'paid');
      assert.equal(paid.body.amount_paid, 199_900);
      assert.equal(paid.body.attempts, 1);
      const payment = await razorpayApi(t, 'GET', `/v1/payments/${result.razorpay_payment_id}`);
      assert.equal(payment.body.status, 'captured');
      assert.equal(payment.body.order_id, order.id);
      assert.equal(payment.body.amount, 199_900);
      assert.equal(payment.body.method, 'card');
      assert.equal(payment.body.email, 'asha@example.test');
      await p.close();
    });

    test('insufficient funds and declined cards fire payment.failed with the reason; retry then succeeds', async () => {
      const order = await createOrder(t, 99_900);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });

      await payWithCard(p, '4100 2800 0008 0001');
      await p.waitForFunction(() => (window as unknown as { __events: { failed: unknown[] } }).__events.failed.length === 1);
      let { failed } = await events(p);
      assert.equal(failed[0]!.error.reason, 'insufficient_funds');
      assert.equal(failed[0]!.error.code, 'BAD_REQUEST_ERROR');
      assert.equal(failed[0]!.error.metadata.order_id, order.id);
      assert.match(failed[0]!.error.metadata.payment_id, /^pay_/);
      await p
        .getByRole('dialog')
        .getByRole('alert')
        .getByText(/insufficient account balance/)
        .waitFor();

      await payWithCard(p, '4100280000060003');
      await p.waitForFunction(() => (window as unknown as { __events: { failed: unknown[] } }).__events.failed.length === 2);
      ({ failed } = await events(p));
      assert.equal(failed[1]!.error.reason, 'card_declined');
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${order.id}`)).body.status, 'attempted');
      const failedPayment = await razorpayApi(t, 'GET', `/v1/payments/${failed[1]!.error.metadata.payment_id}`);
      assert.equal(failedPayment.body.status, 'failed');
      assert.equal(failedPayment.body.error_reason, 'card_declined');

      await payWithCard(p, '5500 6700 0000 1002');
      await p.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
      const order2 = await razorpayApi(t, 'GET', `/v1/orders/${order.id}`);
      assert.equal(order2.body.status, 'paid');
      assert.equal(order2.body.attempts, 3);
      await p.close();
    });

    test('an unknown card number is shown as invalid in the dialog, without a payment', async () => {
      const order = await createOrder(t);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });
      await payWithCard(p, '4242 4242 4242 4242');
      await p
        .getByRole('dialog')
        .getByRole('alert')
        .getByText(/Invalid card number/)
        .waitFor();
      const ev = await events(p);
      assert.equal(ev.failed.length + ev.success.length, 0);
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${order.id}`)).body.attempts, 0);
      await p.close();
    });

    test("the dialog lists Razorpay's test cards, one click fills one, and 4111 1111 1111 1111 pays", async () => {
      const order = await createOrder(t);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });
      const cards = p.getByRole('dialog').getByRole('list', { name: 'Test cards' });
      for (const number of ['4100 2800 0000 1007', '5500 6700 0000 1002', '4111 1111 1111 1111', '4100 2800 0008 0001']) {
        assert.equal(await cards.getByRole('button', { name: new RegExp(`Use test card ${number}`) }).count(), 1, number);
      }
      await cards.getByRole('button', { name: /Use test card 4111 1111 1111 1111/ }).click();
      assert.equal(await p.getByRole('dialog').getByLabel('Card number').inputValue(), '4111 1111 1111 1111');
      await p.getByRole('dialog').getByRole('button', { name: /^Pay/ }).click();
      await p.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
      await p.close();
    });

    test('at 390 px the dialog and its CVV box fit the screen', async () => {
      const order = await createOrder(t);
      const p = await freshPage();
      await p.setViewportSize({ width: 390, height: 844 });
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });
      const dialog = p.getByRole('dialog');
      const box = (await dialog.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390);
      for (const label of ['Card number', 'Expiry (MM/YY)', 'CVV', 'Name on card']) {
        const field = (await dialog.getByLabel(label).boundingBox())!;
        assert.ok(field.x >= box.x && field.x + field.width <= box.x + box.width, `${label} inside the dialog`);
      }
      await p.close();
    });

    test('UPI success@razorpay pays and failure@razorpay fails', async () => {
      const order = await createOrder(t);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('radio', { name: 'UPI' }).check();
      await dialog.getByLabel('UPI ID').fill('failure@razorpay');
      await dialog.getByRole('button', { name: /^Pay/ }).click();
      await p.waitForFunction(() => (window as unknown as { __events: { failed: unknown[] } }).__events.failed.length === 1);
      await dialog.getByLabel('UPI ID').fill('success@razorpay');
      await dialog.getByRole('button', { name: /^Retry payment/ }).click();
      await p.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
      const { success } = await events(p);
      assert.equal((await razorpayApi(t, 'GET', `/v1/payments/${success[0]!.razorpay_payment_id}`)).body.method, 'upi');
      await p.close();
    });

    test('the dialog is labelled, traps focus, and Escape closes it and calls ondismiss', async () => {
      const order = await createOrder(t);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount });
      const dialog = p.getByRole('dialog', { name: 'FolioForge' });
      for (const label of ['Card number', 'Expiry (MM/YY)', 'CVV', 'Name on card']) {
        assert.equal(await dialog.getByLabel(label).count(), 1, label);
      }
      assert.equal(await dialog.getByLabel('Name on card').inputValue(), 'Asha Rao');
      const insideAfterTabs: boolean[] = [];
      for (let i = 0; i < 12; i++) {
        await p.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        insideAfterTabs.push(await p.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')));
      }
      assert.ok(insideAfterTabs.every(Boolean), 'focus never leaves the dialog');
      await p.keyboard.press('Escape');
      assert.equal(await p.getByRole('dialog').count(), 0);
      assert.equal((await events(p)).dismissed, 1);
      assert.equal(await p.evaluate(() => document.activeElement?.id), 'buy', 'focus returns to the opener');
      await p.close();
    });

    test('modal.escape false keeps the dialog open on Escape; Cancel dismisses it', async () => {
      const order = await createOrder(t);
      const p = await freshPage();
      await openCheckout(p, { key: t.cloud.keys.razorpayKeyId, orderId: order.id, amount: order.amount, escape: false });
      await p.keyboard.press('Escape');
      assert.equal(await p.getByRole('dialog').count(), 1);
      await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await p.getByRole('dialog').count(), 0);
      assert.equal((await events(p)).dismissed, 1);
      await p.close();
    });
  });
}

after(stopClusters);
