// The payment function, mounted at /functions/v1/payments, end to end: the buyer's token, the
// catalog price, a Razorpay sandbox order, checkout in Chromium and verification; and the
// razorpay-webhook function marking an order paid. (Plans: billing.test.ts.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import {
  serviceClient,
  signedInUser,
  JOURNEY_BACKENDS,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { launchBrowser, startPageServer, type Browser, type PageServer } from './support/servicesBrowser.ts';
import { assertWithinContract } from './support/functions.ts';
import {
  events,
  merchantPage,
  openCheckout,
  payThroughCheckout,
  payWithCard,
  razorpayApi,
  webhookDeliveries,
} from './support/servicesRazorpay.ts';

async function callPayments(t: TestCloud, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/functions/v1/payments`, {
    method: 'POST',
    headers: {
      apikey: t.cloud.keys.anonKey,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  await assertWithinContract('payments', body, res);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function purchaseRow(t: TestCloud, orderId: string) {
  const { data, error } = await serviceClient(t).from('purchases').select('*').eq('order_id', orderId).single();
  assert.equal(error, null);
  return data as Record<string, unknown>;
}

/** Pays an order through the sandbox's checkout with a card that charges. */
async function payInSandbox(t: TestCloud, orderId: string) {
  const paid = await payThroughCheckout(t, { order_id: orderId }, '4100280000001007');
  return paid.body as unknown as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

for (const backend of JOURNEY_BACKENDS)
  describe(`payments function (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    let buyer: TestUser;
    let other: TestUser;
    let browser: Browser;
    let shop: PageServer;

    before(async () => {
      // The shop's page stands for the app: its origin is one local-cloud answers.
      const pages: Record<string, string> = {};
      shop = await startPageServer(pages);
      t = await startTestCloud(backend, { allowedOrigins: [shop.origin] });
      pages['/'] = merchantPage(t.url);
      buyer = await signedInUser(t, 'buyer');
      other = await signedInUser(t, 'other');
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await shop?.close();
      await t?.stop();
    });

    test('create-order → checkout in Chromium → verify marks the template paid once, in rupees', async () => {
      const created = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: '2' } }, buyer.accessToken);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.amount, 15_000);
      assert.equal(created.body.currency, 'INR');
      assert.equal(created.body.keyId, t.cloud.keys.razorpayKeyId);
      const orderId = String(created.body.orderId);
      const order = (await razorpayApi(t, 'GET', `/v1/orders/${orderId}`)).body;
      assert.equal(order.amount, 15_000);
      assert.equal(order.currency, 'INR');
      assert.equal((await purchaseRow(t, orderId)).status, 'created');

      const page = await browser.context.newPage();
      await page.goto(shop.origin + '/');
      await openCheckout(page, { key: String(created.body.keyId), orderId, amount: 15_000 });
      await page.getByRole('dialog').getByText('₹150.00').first().waitFor();
      await payWithCard(page, '4100 2800 0000 1007');
      await page.waitForFunction(() => (window as unknown as { __events: { success: unknown[] } }).__events.success.length === 1);
      const payment = (await events(page)).success[0]!;
      await page.close();

      const verified = await callPayments(t, { action: 'verify', ...payment }, buyer.accessToken);
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      assert.equal(verified.body.status, 'paid');
      assert.equal(verified.body.paymentId, payment.razorpay_payment_id);
      assert.equal(verified.body.amount, 15_000);
      assert.equal(verified.body.currency, 'INR');
      assert.equal(verified.body.expiresAt, null, 'a template is bought for good');

      const again = await callPayments(t, { action: 'verify', ...payment }, buyer.accessToken);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, verified.body, 'a second verify (or the webhook before it) leaves one result');

      const row = await purchaseRow(t, orderId);
      assert.equal(row.status, 'paid');
      assert.equal(row.payment_id, payment.razorpay_payment_id);
      assert.equal(row.user_id, buyer.id);

      // the buyer sees the purchase through RLS; another user does not
      const mine = await buyer.client.from('purchases').select('order_id, status').eq('order_id', orderId);
      assert.deepEqual(mine.data, [{ order_id: orderId, status: 'paid' }]);
      const theirs = await other.client.from('purchases').select('order_id').eq('order_id', orderId);
      assert.deepEqual(theirs.data, []);
    });

    test('a forged signature is refused and nothing changes', async () => {
      const created = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 3 } }, buyer.accessToken);
      assert.equal(created.body.amount, 80_000);
      const orderId = String(created.body.orderId);
      // Never paid: a made-up payment with a signature made without the key secret.
      const paid = { razorpay_order_id: orderId, razorpay_payment_id: `pay_${'F'.repeat(14)}` };
      const forged = createHmac('sha256', 'not-the-secret').update(`${orderId}|${paid.razorpay_payment_id}`).digest('hex');
      const refused = await callPayments(t, { action: 'verify', ...paid, razorpay_signature: forged }, buyer.accessToken);
      assert.equal(refused.status, 400);
      assert.match(String(refused.body.error), /signature/i);
      const row = await purchaseRow(t, orderId);
      assert.equal(row.status, 'created');
      assert.equal(row.payment_id, null);

      // a valid signature for a different order does not pay this one either
      const otherOrder = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 1 } }, buyer.accessToken);
      const otherPaid = await payInSandbox(t, String(otherOrder.body.orderId));
      const swapped = await callPayments(
        t,
        {
          action: 'verify',
          razorpay_order_id: orderId,
          razorpay_payment_id: otherPaid.razorpay_payment_id,
          razorpay_signature: otherPaid.razorpay_signature,
        },
        buyer.accessToken,
      );
      assert.equal(swapped.status, 400);
      assert.equal((await purchaseRow(t, orderId)).status, 'created');

      // someone else cannot verify the buyer's order
      const stranger = await callPayments(t, { action: 'verify', ...otherPaid }, other.accessToken);
      assert.equal(stranger.status, 404);
    });

    test('unknown items, client prices and anonymous callers are refused', async () => {
      const plan = await callPayments(t, { action: 'create-order', item: { itemType: 'plan', itemId: 'pro' } }, buyer.accessToken);
      assert.equal(plan.status, 400);
      assert.match(String(plan.body.error), /subscribe/, 'a plan is a subscription, never a one-time order');
      const unknownTemplate = await callPayments(
        t,
        { action: 'create-order', item: { itemType: 'template', itemId: 9 } },
        buyer.accessToken,
      );
      assert.equal(unknownTemplate.status, 400);
      const badType = await callPayments(t, { action: 'create-order', item: { itemType: 'course', itemId: 1 } }, buyer.accessToken);
      assert.equal(badType.status, 400);

      // ₹1, an amount Razorpay takes: the order charged and the purchase kept are the catalog's too.
      const withPrice = await callPayments(
        t,
        { action: 'create-order', item: { itemType: 'template', itemId: 2, amount: 100 }, amount: 100 },
        buyer.accessToken,
      );
      assert.equal(withPrice.status, 200);
      assert.equal(withPrice.body.amount, 15_000, 'the price comes from the catalog, never from the client');
      const pricedOrder = String(withPrice.body.orderId);
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${pricedOrder}`)).body.amount, 15_000, 'Razorpay charges the catalog price');
      assert.equal((await purchaseRow(t, pricedOrder)).amount, 15_000, 'the purchase expects the catalog price');

      const anonymous = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 1 } }, t.cloud.keys.anonKey);
      assert.equal(anonymous.status, 401);
      const noToken = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 1 } });
      assert.equal(noToken.status, 401);
      assert.equal((await callPayments(t, '{not json', buyer.accessToken)).status, 400);
    });

    test("an item id in another spelling ('0x3', ' 3') is refused, so what is charged is what unlocks", async () => {
      for (const itemId of ['0x3', ' 3', '3.0', '03', '1e0']) {
        const odd = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId } }, buyer.accessToken);
        assert.equal(odd.status, 400, itemId);
      }
      const canonical = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: '3' } }, buyer.accessToken);
      assert.equal(canonical.status, 200);
      assert.equal((await purchaseRow(t, String(canonical.body.orderId))).item_id, '3');
    });

    test('a payment only authorized, not captured, unlocks nothing', async () => {
      const created = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 4 } }, buyer.accessToken);
      const orderId = String(created.body.orderId);
      const paymentId = `pay_${'A'.repeat(14)}${Date.now() % 1000}`;
      await t.cloud.ctx.db.asOwner((tx) =>
        tx.query(
          `insert into local_cloud.razorpay_payments (id, order_id, amount, currency, status, method, captured, created_at)
           values ($1, $2, $3, 'INR', 'authorized', 'card', false, $4)`,
          [paymentId, orderId, created.body.amount, Math.floor(Date.now() / 1000)],
        ),
      );
      const signature = createHmac('sha256', t.cloud.keys.razorpayKeySecret).update(`${orderId}|${paymentId}`).digest('hex');
      const verified = await callPayments(
        t,
        { action: 'verify', razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
        buyer.accessToken,
      );
      assert.equal(verified.status, 400);
      assert.equal((await purchaseRow(t, orderId)).status, 'created');
    });

    test('an endless chunked body is refused while it is read, by the function and by the checkout sandbox', async () => {
      const endless = () => {
        let sent = 0;
        const chunk = new TextEncoder().encode(`{"x":"${'y'.repeat(32 * 1024)}`);
        return {
          sent: () => sent,
          body: new ReadableStream<Uint8Array>({
            pull(controller) {
              sent += chunk.byteLength;
              if (sent > 32 * 1024 * 1024) controller.close();
              else controller.enqueue(chunk);
            },
          }),
        };
      };
      for (const route of ['/functions/v1/payments', '/functions/v1/razorpay-webhook', '/razorpay/v1/checkout/pay']) {
        const stream = endless();
        const res = await fetch(`${t.url}${route}`, {
          method: 'POST',
          headers: {
            apikey: t.cloud.keys.anonKey,
            authorization: `Bearer ${buyer.accessToken}`,
            'content-type': 'application/json',
            'x-razorpay-signature': '0'.repeat(64),
          },
          body: stream.body,
          duplex: 'half',
        } as RequestInit);
        assert.equal(res.status, 413, route);
        // Half of the 32 MB at most: what the sockets between the caller, local-cloud and the function's
        // Deno worker hold while the 413 comes back, never the body to its end.
        assert.ok(stream.sent() < 16 * 1024 * 1024, `${route} read ${stream.sent()} bytes before refusing`);
      }
    });

    test('razorpay-webhook: a signed payment.captured marks the purchase paid; duplicates and bad signatures change nothing', async () => {
      const created = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 1 } }, buyer.accessToken);
      const orderId = String(created.body.orderId);
      // Captured at Razorpay without the sandbox's own webhook, so only the event below can report it.
      const paymentId = `pay_${'W'.repeat(10)}${String(Date.now() % 10_000).padStart(4, '0')}`;
      await t.cloud.ctx.db.asOwner((tx) =>
        tx.query(
          `insert into local_cloud.razorpay_payments (id, order_id, amount, currency, status, method, captured, created_at)
           values ($1, $2, 10000, 'INR', 'captured', 'card', true, $3)`,
          [paymentId, orderId, Math.floor(Date.now() / 1000)],
        ),
      );
      const event = (amount: number) =>
        JSON.stringify({
          entity: 'event',
          event: 'payment.captured',
          contains: ['payment'],
          payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
          created_at: Math.floor(Date.now() / 1000),
        });
      const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');
      const post = (body: string, headers: Record<string, string>) =>
        fetch(`${t.url}/functions/v1/razorpay-webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

      const forged = await post(event(10_000), {
        'x-razorpay-signature': sign(event(10_000), 'wrong'),
        'x-razorpay-event-id': 'evt_forged',
      });
      assert.equal(forged.status, 400);
      const unsigned = await post(event(10_000), {});
      assert.equal(unsigned.status, 400);
      // Signed over other bytes than those sent (a re-serialised body) is refused too.
      const reformatted = JSON.stringify(JSON.parse(event(10_000)), null, 2);
      assert.equal(
        (await post(reformatted, { 'x-razorpay-signature': sign(event(10_000), t.cloud.keys.razorpayWebhookSecret) })).status,
        400,
      );
      assert.equal((await purchaseRow(t, orderId)).status, 'created');

      const wrongAmount = event(100);
      const short = await post(wrongAmount, { 'x-razorpay-signature': sign(wrongAmount, t.cloud.keys.razorpayWebhookSecret) });
      assert.equal(short.body.status, 'ignored', 'a payment of another amount pays nothing');
      assert.equal((await purchaseRow(t, orderId)).status, 'created');

      const body = event(10_000);
      const ok = await post(body, {
        'x-razorpay-signature': sign(body, t.cloud.keys.razorpayWebhookSecret),
        'x-razorpay-event-id': 'evt_1',
      });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.status, 'processed');
      const row = await purchaseRow(t, orderId);
      assert.equal(row.status, 'paid');
      assert.equal(row.payment_id, paymentId);

      const dup = await post(body, {
        'x-razorpay-signature': sign(body, t.cloud.keys.razorpayWebhookSecret),
        'x-razorpay-event-id': 'evt_1',
      });
      assert.equal(dup.body.status, 'duplicate');
      assert.deepEqual(await purchaseRow(t, orderId), row);
    });

    test("the sandbox's webhook pays an order whose buyer never came back to verify", async () => {
      const created = await callPayments(t, { action: 'create-order', item: { itemType: 'template', itemId: 4 } }, buyer.accessToken);
      const orderId = String(created.body.orderId);
      const paid = await payInSandbox(t, orderId);
      const delivered = (await webhookDeliveries(t)).filter((d) => d.body.includes(orderId));
      assert.deepEqual(
        delivered.map((d) => [d.event, d.response_status]),
        [
          ['payment.captured', 200],
          ['order.paid', 200],
        ],
      );
      const row = await purchaseRow(t, orderId);
      assert.equal(row.status, 'paid');
      assert.equal(row.payment_id, paid.razorpay_payment_id);
      // The browser's verify after the webhook answers with the one stored result.
      const verified = await callPayments(t, { action: 'verify', ...paid }, buyer.accessToken);
      assert.equal(verified.status, 200);
      assert.equal(Date.parse(String(verified.body.paidAt)), Date.parse(String(row.paid_at)));
    });

    test('unknown functions are 404 in the relay shape', async () => {
      const res = await fetch(`${t.url}/functions/v1/nope`, { method: 'POST' });
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { code: 'NOT_FOUND', message: 'Requested function was not found' });
      assert.equal((await fetch(`${t.url}/functions/v1/_shared`, { method: 'POST' })).status, 404);
    });
  });

after(stopClusters);
