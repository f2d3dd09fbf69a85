// The owner runs the shop, with the real supabase-js, the shop function on Deno and the Razorpay
// sandbox: a paid order is marked ready for pickup (the buyer mailed once), refunded in part and then
// in full on the owner's own Razorpay account (a double press refunds once, the stock comes back, no
// more than was paid), another user can neither read nor change any of it, and a new order reaches
// the owner's open /account through Realtime. A refund Razorpay answers `pending` (the sandbox's test
// control) is under way until refund.processed settles it (the buyer mailed once, a replay or a forged
// or foreign event changing nothing) or refund.failed makes its items refundable again; so is the
// refund of a payment that came after its order expired, its status page saying so.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { postFrom } from './support/clients.ts';
import { APP_ORIGIN } from './support/functions.ts';
import {
  JOURNEY_BACKENDS,
  journeyTestOn,
  serviceClient,
  signedInUser,
  skipFor,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { payShopOrder, publishedShop, sellerTokenOf, sellingOwner } from './support/shops.ts';
import { razorpayApi, webhookDeliveries } from './support/servicesRazorpay.ts';
import { startTestCloud as startCoreTestCloud } from './support/cloud.ts';
import { shopOrderLinkKey } from '../src/razorpay/partner.ts';
import { orderStatusToken } from '../../supabase/functions/_shared/shopMailLinks.ts';

after(stopClusters);

const BUYER = { name: 'नेहा Buyer 🌸', email: 'neha@example.com', phone: '+91 98765 43210' };

const snapshot = {
  profile: { name: 'Ada Bakes' },
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: null } },
  sections: [
    {
      id: 'shop',
      kind: 'products',
      title: 'Shop',
      items: [
        { id: 'cake', name: 'Chocolate cake', price: '', sale: { price: 45000, stock: 3, options: [] } },
        { id: 'bread', name: 'Sourdough', price: '', sale: { price: 9000, stock: null, options: [] } },
      ],
    },
  ],
};

async function waitFor(what: string, check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const backend of JOURNEY_BACKENDS)
  describe(`the owner's shop (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    let service: SupabaseClient;
    const live: SupabaseClient[] = [];
    before(async () => {
      // With the test controls: the sandbox's pending refunds are one (sandboxApi.ts).
      const cloud = await startCoreTestCloud(backend, { autoconfirm: true, silent: !process.env.LOCAL_CLOUD_LOG, testControls: true });
      t = { cloud, url: cloud.url, dataDir: cloud.ctx.config.dataDir, stop: () => cloud.stop() };
      service = serviceClient(t);
    });
    after(async () => {
      for (const client of live) await client.removeAllChannels();
      await t?.stop();
    });

    /** A page of the owner's, published as the publish function records it (the snapshot orders are priced from). */
    const publishedShopOf = (owner: TestUser) => publishedShop(service, owner, snapshot, 'owner-shop');

    /** A pickup order from the page's form, paid in the sandbox's checkout with the seller's key. */
    async function paidOrder(owner: TestUser, page: { pageId: string; slug: string }, from: string, quantities: Record<string, string>) {
      const answer = await postFrom(
        from,
        `${t.url}/functions/v1/orders`,
        { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
        new URLSearchParams({ portfolio: page.pageId, slug: page.slug, delivery: 'pickup', ...BUYER, ...quantities }).toString(),
      );
      assert.equal(answer.status, 200, answer.body);
      const razorpayOrderId = /name="order_id" value="([^"]+)"/.exec(answer.body)![1]!;
      const seller = (await sellerTokenOf(t, owner.id))!;
      const { razorpay_payment_id: paymentId } = await payShopOrder(t, seller, razorpayOrderId, BUYER.email);
      // Razorpay's webhook (payment.captured) pays it: the sandbox's deliveries are done once it lists them.
      await webhookDeliveries(t);
      let row = { id: '', status: 'pending' };
      for (let tries = 0; tries < 200 && row.status !== 'paid'; tries++) {
        row = (await service.from('shop_orders').select('id, status').eq('razorpay_order_id', razorpayOrderId).single()).data!;
        if (row.status !== 'paid') await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.equal(row.status, 'paid', 'paid by the webhook');
      return { orderId: row.id, paymentId, seller };
    }

    const shop = async (user: TestUser, body: Record<string, unknown>) => {
      const res = await fetch(`${t.url}/functions/v1/shop`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: t.cloud.keys.anonKey, Authorization: `Bearer ${user.accessToken}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const mailsTo = async (email: string) =>
      (await t.cloud.ctx.mailbox.list()).filter((mail) => mail.kind === 'emailjs' && mail.to === email);
    const cakesHeld = async (pageId: string) =>
      (await service.from('shop_stock').select('held').eq('portfolio_id', pageId).eq('item_id', 'cake').single()).data?.held;

    journey('marked ready, refunded once in part and then in full on the owner’s account; another user changes nothing', async () => {
      const ada = await sellingOwner(t, 'ada');
      const page = await publishedShopOf(ada);
      const mailsBefore = (await mailsTo(BUYER.email)).length;
      const { orderId, paymentId, seller } = await paidOrder(ada, page, '127.0.3.1', { 'quantity.cake': '2', 'quantity.bread': '1' });
      const atRazorpay = async () =>
        (await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`, undefined, `Bearer ${seller.accessToken}`)).body as {
          amount_refunded: number;
          status: string;
        };

      // Bob, signed in, tries Ada's order every way: he reads nothing, marks nothing, refunds nothing.
      const bob = await sellingOwner(t, 'bob');
      assert.deepEqual((await bob.client.from('shop_orders').select('id')).data, []);
      assert.deepEqual((await bob.client.from('shop_order_items').select('line')).data, []);
      const bobMarks = await shop(bob, { action: 'fulfil', orderId });
      assert.deepEqual([bobMarks.status, bobMarks.body.error], [404, 'There is no such order.']);
      const bobRefunds = await shop(bob, { action: 'refund', orderId, requestKey: 'bob-press-0001', lines: 'all', shipping: true });
      assert.equal(bobRefunds.status, 404);
      const direct = await bob.client.from('shop_orders').update({ fulfilment: 'ready_for_pickup' }).eq('id', orderId).select();
      assert.equal(direct.error?.code, '42501');
      assert.equal((await atRazorpay()).amount_refunded, 0);

      // Ready for pickup: the buyer is mailed once, however often Ada presses.
      const ready = await shop(ada, { action: 'fulfil', orderId, note: 'Collect from the shop, 10–6' });
      assert.deepEqual([ready.status, ready.body.fulfilment, ready.body.mailed], [200, 'ready_for_pickup', true]);
      assert.equal((await shop(ada, { action: 'fulfil', orderId })).body.mailed, false);
      const mails = (await mailsTo(BUYER.email)).slice(mailsBefore).filter((mail) => mail.subject.includes('ready for pickup'));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.text, /Hello नेहा Buyer 🌸,/);
      assert.match(mails[0]!.text, /Pickup details from Ada Bakes: Collect from the shop, 10–6/);

      // One cake back, pressed twice at once: one refund of one cake's price, whatever the browser says it costs.
      const forged = await shop(ada, { action: 'refund', orderId, requestKey: 'ada-press-0001', lines: 'all', shipping: true, amount: 1 });
      assert.equal(forged.status, 400);
      const press = { action: 'refund', orderId, requestKey: 'ada-press-0002', lines: [{ line: 1, quantity: 1 }], shipping: false };
      const [first, second] = await Promise.all([shop(ada, press), shop(ada, press)]);
      assert.deepEqual([first.status, second.status], [200, 200]);
      assert.deepEqual(first.body.refund, second.body.refund, 'the same refund');
      assert.deepEqual(first.body.refund, { id: (first.body.refund as { id: string }).id, amount: 45000, status: 'processed' });
      assert.equal((await atRazorpay()).amount_refunded, 45000, 'refunded once at Razorpay');
      assert.equal(await cakesHeld(page.pageId), 1, 'the refunded cake is back in stock');
      // The buyer hears of it once, from the one call that settled it.
      const refundMails = (await mailsTo(BUYER.email)).slice(mailsBefore).filter((mail) => mail.subject.includes('refunded'));
      const orderNumber = (await service.from('shop_orders').select('order_number').eq('id', orderId).single()).data!.order_number;
      assert.deepEqual(
        refundMails.map((mail) => mail.subject),
        [`Ada Bakes refunded ₹450.00 of your order ${orderNumber}`],
      );
      assert.match(refundMails[0]!.text, /^1 × Chocolate cake at ₹450\.00: ₹450\.00$/m);
      assert.match(refundMails[0]!.text, /\/functions\/v1\/orders\/status\/FF-[0-9A-Z]{10}-[0-9a-f]{64}$/m);
      const tooMany = await shop(ada, { ...press, requestKey: 'ada-press-0003', lines: [{ line: 1, quantity: 2 }] });
      assert.deepEqual(
        [tooMany.status, tooMany.body.fieldErrors],
        [422, { 'line.1': 'That is more than is left to refund of this item.' }],
      );

      // The rest: no more than was paid.
      const rest = await shop(ada, { action: 'refund', orderId, requestKey: 'ada-press-0004', lines: 'all', shipping: true });
      assert.deepEqual([rest.status, rest.body.order], [200, { status: 'refunded', refundedAmount: 2 * 45000 + 9000 }]);
      const payment = await atRazorpay();
      assert.deepEqual([payment.status, payment.amount_refunded], ['refunded', 99000]);
      assert.equal(await cakesHeld(page.pageId), 0);
      const more = await shop(ada, { action: 'refund', orderId, requestKey: 'ada-press-0005', lines: 'all', shipping: true });
      assert.equal(more.status, 409);
      const refunds = await ada.client.from('shop_order_refunds').select('amount, status, razorpay_refund_id').order('created_at');
      assert.deepEqual(
        refunds.data?.map((r) => [r.amount, r.status]),
        [
          [45000, 'processed'],
          [54000, 'processed'],
        ],
      );
      assert.deepEqual((await bob.client.from('shop_order_refunds').select('id')).data, [], 'Bob reads no refund');
    });

    journey('a refund Razorpay answers pending is under way until refund.processed, mailed once; refund.failed reopens it', async () => {
      const fay = await sellingOwner(t, 'fay');
      const page = await publishedShopOf(fay);
      const { orderId, paymentId, seller } = await paidOrder(fay, page, '127.0.3.4', { 'quantity.cake': '2', 'quantity.bread': '1' });
      const orderNumber = (await service.from('shop_orders').select('order_number').eq('id', orderId).single()).data!.order_number;
      // This order's refund mails (the mailbox is shared by the file's journeys).
      const refundMails = async () =>
        (await mailsTo(BUYER.email)).filter((mail) => mail.subject.includes(' refunded ') && mail.subject.endsWith(orderNumber));
      const amountRefunded = async () =>
        (await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`, undefined, `Bearer ${seller.accessToken}`)).body.amount_refunded;
      const refundsRead = async () =>
        (await fay.client.from('shop_order_refunds').select('amount, status, razorpay_refund_id').order('created_at')).data!;
      const orderRead = async () =>
        (
          await fay.client
            .from('shop_orders')
            .select('status, refunded_amount, shop_order_items (line, refunded_quantity)')
            .eq('id', orderId)
            .single()
        ).data!;
      const cakesBefore = await cakesHeld(page.pageId);
      const nextRefunds = (next: 'pending' | 'processed') =>
        razorpayApi(t, 'POST', `/_sandbox/test/accounts/${seller.accountId}/refunds`, { next_refunds: next });
      assert.equal((await nextRefunds('pending')).status, 200);

      // One cake: Razorpay answers pending. The owner sees it under way; nothing is back yet, and no second refund starts.
      const press = { action: 'refund', orderId, requestKey: 'fay-press-0001', lines: [{ line: 1, quantity: 1 }], shipping: false };
      const pending = await shop(fay, press);
      assert.equal(pending.status, 200, JSON.stringify(pending.body));
      assert.equal((pending.body.refund as { status: string }).status, 'pending');
      assert.deepEqual(pending.body.order, { status: 'paid', refundedAmount: 0 });
      const [underWay] = await refundsRead();
      assert.equal(underWay!.status, 'pending');
      assert.match(
        underWay!.razorpay_refund_id ?? '',
        /^rfnd_/,
        'the refund keeps Razorpay’s id: the card says it is under way at Razorpay',
      );
      assert.equal(await cakesHeld(page.pageId), cakesBefore, 'the cake is not back in stock before the money is');
      const again = await shop(fay, press);
      assert.deepEqual([again.status, (again.body.refund as { status: string }).status], [200, 'pending'], 'the same press again');
      assert.equal(await amountRefunded(), 45000, 'refunded once at Razorpay');
      const other = await shop(fay, { ...press, requestKey: 'fay-press-0002', lines: [{ line: 2, quantity: 1 }] });
      assert.equal(other.status, 409);
      assert.equal((await refundMails()).length, 0);

      // Razorpay makes it: refund.processed settles it, mails the buyer once and gives the stock back.
      const processed = await razorpayApi(t, 'POST', `/_sandbox/test/refunds/${underWay!.razorpay_refund_id}`, { outcome: 'processed' });
      assert.deepEqual([processed.status, processed.body.status], [200, 'processed']);
      assert.deepEqual([(await orderRead()).status, (await orderRead()).refunded_amount], ['partially_refunded', 45000]);
      assert.equal(await cakesHeld(page.pageId), cakesBefore! - 1);
      assert.deepEqual(
        (await refundMails()).map((mail) => mail.subject),
        [`Ada Bakes refunded ₹450.00 of your order ${orderNumber}`],
      );
      assert.match((await refundMails())[0]!.text, /^1 × Chocolate cake at ₹450\.00: ₹450\.00$/m);

      // The same event again (without its id, so only the database can tell), forged, or another account's: nothing changes.
      const delivery = (await webhookDeliveries(t)).filter((d) => d.event === 'refund.processed').at(-1)!;
      const webhook = (body: string, signature: string) =>
        fetch(`${t.url}/functions/v1/razorpay-webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature },
          body,
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { status?: string } }));
      assert.deepEqual(await webhook(delivery.body, delivery.signature), { status: 200, body: { status: 'already' } });
      const foreignBody = delivery.body.replace(`"account_id":"${seller.accountId}"`, '"account_id":"acc_SomeoneElse001"');
      assert.notEqual(foreignBody, delivery.body);
      assert.equal((await webhook(foreignBody, 'f'.repeat(64))).status, 400, 'a forged signature is refused');
      const signed = createHmac('sha256', t.cloud.keys.razorpayWebhookSecret).update(foreignBody).digest('hex');
      assert.deepEqual((await webhook(foreignBody, signed)).body, { status: 'foreign' }, 'another account’s event is not this order’s');
      assert.equal((await refundMails()).length, 1, 'the buyer was mailed once');
      assert.equal(await cakesHeld(page.pageId), cakesBefore! - 1, 'the stock came back once');

      // The bread: pending, then Razorpay cannot make it. The owner is told, and the bread is refundable again.
      const bread = await shop(fay, { ...press, requestKey: 'fay-press-0003', lines: [{ line: 2, quantity: 1 }] });
      assert.equal((bread.body.refund as { status: string }).status, 'pending');
      const breadRefund = (await refundsRead()).at(-1)!;
      const failed = await razorpayApi(t, 'POST', `/_sandbox/test/refunds/${breadRefund.razorpay_refund_id}`, { outcome: 'failed' });
      assert.deepEqual([failed.status, failed.body.status], [200, 'failed']);
      const afterFailure = await refundsRead();
      assert.deepEqual(afterFailure.at(-1), { amount: 9000, status: 'failed', razorpay_refund_id: breadRefund.razorpay_refund_id });
      const order = await orderRead();
      assert.deepEqual([order.status, order.refunded_amount], ['partially_refunded', 45000]);
      assert.equal(order.shop_order_items.find((item) => item.line === 2)!.refunded_quantity, 0, 'the bread is refundable again');
      assert.equal(await amountRefunded(), 45000, 'Razorpay gave the failed amount back to the payment');
      assert.equal((await refundMails()).length, 1, 'no mail for a refund not made');

      assert.equal((await nextRefunds('processed')).status, 200);
      const retry = await shop(fay, { ...press, requestKey: 'fay-press-0004', lines: [{ line: 2, quantity: 1 }] });
      assert.deepEqual([retry.status, (retry.body.refund as { status: string }).status], [200, 'processed']);
      assert.deepEqual(retry.body.order, { status: 'partially_refunded', refundedAmount: 54000 });
      assert.equal((await refundMails()).length, 2);
    });

    journey('a late payment’s refund Razorpay answers pending is under way until refund.processed; a replay changes nothing', async () => {
      const gia = await sellingOwner(t, 'gia');
      const page = await publishedShopOf(gia);
      const answer = await postFrom(
        '127.0.3.5',
        `${t.url}/functions/v1/orders`,
        { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
        new URLSearchParams({ portfolio: page.pageId, slug: page.slug, delivery: 'pickup', ...BUYER, 'quantity.bread': '2' }).toString(),
      );
      assert.equal(answer.status, 200, answer.body);
      const razorpayOrderId = /name="order_id" value="([^"]+)"/.exec(answer.body)![1]!;
      const order = (await service.from('shop_orders').select('id, order_number').eq('razorpay_order_id', razorpayOrderId).single()).data!;
      // The buyer pays after the order expired: the payment is owed back, and Razorpay answers its refund pending.
      await service
        .from('shop_orders')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq('id', order.id);
      assert.equal((await service.rpc('expire_shop_orders')).error, null);
      const seller = (await sellerTokenOf(t, gia.id))!;
      assert.equal(
        (await razorpayApi(t, 'POST', `/_sandbox/test/accounts/${seller.accountId}/refunds`, { next_refunds: 'pending' })).status,
        200,
      );
      const { razorpay_payment_id: paymentId } = await payShopOrder(t, seller, razorpayOrderId, BUYER.email);
      await webhookDeliveries(t);
      const owed = async () =>
        (
          await service
            .from('shop_order_returned_payments')
            .select('refund_id, refund_status, refunded_at')
            .eq('payment_id', paymentId)
            .single()
        ).data!;
      const underWay = await owed();
      assert.equal(underWay.refund_status, 'pending');
      assert.match(underWay.refund_id ?? '', /^rfnd_/, 'it keeps Razorpay’s id for the webhook');
      assert.equal(underWay.refunded_at, null, 'not given back yet');
      const token = await orderStatusToken(() => shopOrderLinkKey(t.cloud.keys), order.order_number);
      const statusPage = async () => (await fetch(`${t.url}/functions/v1/orders/status/${token}`)).text();
      const said = async () => /<p class="late-payment">([^<]*)<\/p>/.exec(await statusPage())?.[1];
      assert.equal(await said(), 'Your payment of ₹180.00 came when this order was no longer open for payment: its refund is under way.');

      // Razorpay makes it: refund.processed settles it.
      const processed = await razorpayApi(t, 'POST', `/_sandbox/test/refunds/${underWay.refund_id}`, { outcome: 'processed' });
      assert.deepEqual([processed.status, processed.body.status], [200, 'processed']);
      const settled = await owed();
      assert.equal(settled.refund_status, 'processed');
      assert.notEqual(settled.refunded_at, null);
      assert.equal(
        await said(),
        'Your payment of ₹180.00 came when this order was no longer open for payment: it has been refunded in full.',
      );

      // The same event again changes nothing.
      const delivery = (await webhookDeliveries(t)).filter((d) => d.event === 'refund.processed').at(-1)!;
      const replay = await fetch(`${t.url}/functions/v1/razorpay-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': delivery.signature },
        body: delivery.body,
      });
      assert.deepEqual([replay.status, await replay.json()], [200, { status: 'already' }]);
      assert.deepEqual(await owed(), settled);
      const atRazorpay = await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`, undefined, `Bearer ${seller.accessToken}`);
      assert.deepEqual([atRazorpay.body.status, atRazorpay.body.amount_refunded], ['refunded', 18000], 'refunded once, in full');
      assert.equal((await service.from('shop_orders').select('status').eq('id', order.id).single()).data!.status, 'expired');
      assert.equal(
        (await razorpayApi(t, 'POST', `/_sandbox/test/accounts/${seller.accountId}/refunds`, { next_refunds: 'processed' })).status,
        200,
      );
    });

    journey('the sandbox answers the same X-Refund-Idempotency with the same refund, and refuses it for another request', async () => {
      const cleo = await sellingOwner(t, 'cleo');
      const page = await publishedShopOf(cleo);
      const { paymentId, seller } = await paidOrder(cleo, page, '127.0.3.2', { 'quantity.bread': '2' });
      const refund = (body: unknown, key: string) =>
        fetch(`${t.url}/razorpay/v1/payments/${paymentId}/refund`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${seller.accessToken}`, 'Content-Type': 'application/json', 'X-Refund-Idempotency': key },
          body: JSON.stringify(body),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id?: string; error?: { description: string } } }));
      const once = await refund({ amount: 1000 }, 'key-0000000001');
      const twice = await refund({ amount: 1000 }, 'key-0000000001');
      assert.deepEqual([once.status, twice.status, twice.body.id], [200, 200, once.body.id]);
      const other = await refund({ amount: 2000 }, 'key-0000000001');
      assert.deepEqual(
        [other.status, other.body.error?.description],
        [400, 'Different request with the same idempotency key has already been processed.'],
      );
      assert.equal((await refund({ amount: 1000 }, 'short')).status, 400);
      const payment = await razorpayApi(t, 'GET', `/v1/payments/${paymentId}`, undefined, `Bearer ${seller.accessToken}`);
      assert.equal(payment.body.amount_refunded, 1000, 'refunded once');
    });

    journey('a new order and a late payment reach the owner’s open /account through Realtime; another user hears nothing', async () => {
      const dana = await sellingOwner(t, 'dana');
      const eve = await signedInUser(t, 'eve');
      const page = await publishedShopOf(dana);
      const listen = async (user: TestUser) => {
        const client = createClient(t.url, t.cloud.keys.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          realtime: { transport: WebSocket as never },
        });
        live.push(client);
        assert.equal((await client.auth.signInWithPassword({ email: user.email, password: 'correct horse battery' })).error, null);
        const heard: string[] = [];
        const channel: RealtimeChannel = client
          .channel(`account:${user.id}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'shop_orders' }, (change) =>
            heard.push(`${change.eventType} ${String((change.new as { status?: string }).status)}`),
          );
        await new Promise<void>((resolve, reject) =>
          channel.subscribe((status, error) =>
            status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(error ?? new Error(status)) : undefined,
          ),
        );
        return heard;
      };
      const danaHears = await listen(dana);
      const eveHears = await listen(eve);
      await paidOrder(dana, page, '127.0.3.3', { 'quantity.bread': '1' });
      await waitFor('the new order and its payment', () => danaHears.includes('INSERT pending') && danaHears.includes('UPDATE paid'));

      // A payment after its order expired is owed back: the order's timeline gains a line, heard as the order's change.
      const answer = await postFrom(
        '127.0.3.6',
        `${t.url}/functions/v1/orders`,
        { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
        new URLSearchParams({ portfolio: page.pageId, slug: page.slug, delivery: 'pickup', ...BUYER, 'quantity.bread': '1' }).toString(),
      );
      assert.equal(answer.status, 200, answer.body);
      const razorpayOrderId = /name="order_id" value="([^"]+)"/.exec(answer.body)![1]!;
      await service
        .from('shop_orders')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq('razorpay_order_id', razorpayOrderId);
      assert.equal((await service.rpc('expire_shop_orders')).error, null);
      await waitFor('the expiry', () => danaHears.includes('UPDATE expired'));
      const beforePayment = danaHears.length;
      await payShopOrder(t, (await sellerTokenOf(t, dana.id))!, razorpayOrderId, BUYER.email);
      await webhookDeliveries(t);
      await waitFor('the late payment, as its order’s change', () => danaHears.slice(beforePayment).includes('UPDATE expired'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(eveHears, []);
    });
  });
