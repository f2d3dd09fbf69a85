// The owner runs the shop, with the real supabase-js, the shop function on Deno and the Razorpay
// sandbox: a paid order is marked ready for pickup (the buyer mailed once), refunded in part and then
// in full on the owner's own Razorpay account (a double press refunds once, the stock comes back, no
// more than was paid), another user can neither read nor change any of it, and a new order reaches
// the owner's open /account through Realtime.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { postFrom } from './support/clients.ts';
import { APP_ORIGIN } from './support/functions.ts';
import {
  BACKENDS,
  journeyTestOn,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { payShopOrder, publishedShop, sellerTokenOf, sellingOwner } from './support/shops.ts';
import { razorpayApi, webhookDeliveries } from './support/servicesRazorpay.ts';

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

for (const backend of BACKENDS)
  describe(`the owner's shop (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    let service: SupabaseClient;
    const live: SupabaseClient[] = [];
    before(async () => {
      t = await startTestCloud(backend);
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
      assert.deepEqual(first.body.refund, { id: (first.body.refund as { id: string }).id, amount: 45000 });
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

    journey('a new order reaches the owner’s open /account through Realtime; another user hears nothing', async () => {
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
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(eveHears, []);
    });
  });
