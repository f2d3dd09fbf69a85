// Orders from a published page, with the real supabase-js and the orders function on Deno: a buyer's
// plain form post is priced from the published page, holds its stock, becomes an order on the
// owner's own (sandbox) Razorpay account and sends the buyer to its hosted checkout; the owner reads
// the order, nobody else does. And the race: 50 buyers at once for the last 3 items get exactly 3,
// on Postgres, where requests really run side by side (PGlite runs one query at a time).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { postFrom } from './support/clients.ts';
import { APP_ORIGIN } from './support/functions.ts';
import {
  JOURNEY_AND_RACE_BACKENDS,
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
import { hmacSha256Hex } from '../../supabase/functions/_shared/hmac.ts';

after(stopClusters);

const BUYER = { name: 'Zoë Buyer', email: 'zoe@example.com', phone: '+91 98765 43210' };

/** What the page sells: a cake with `cakes` left, and bread without a count. */
const snapshot = (cakes: number) => ({
  profile: { name: 'Ada Bakes' },
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: null } },
  sections: [
    {
      id: 'shop',
      kind: 'products',
      title: 'Shop',
      items: [
        { id: 'cake', name: 'Chocolate cake', price: '', sale: { price: 45000, stock: cakes, options: [] } },
        { id: 'bread', name: 'Sourdough', price: '', sale: { price: 9000, stock: null, options: [] } },
      ],
    },
  ],
});

for (const backend of JOURNEY_AND_RACE_BACKENDS)
  describe(`shop orders (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    let service: SupabaseClient;
    before(async () => {
      t = await startTestCloud(backend);
      service = serviceClient(t);
    });
    after(() => t?.stop());

    /** A page of the owner's, published as the publish function records it (the snapshot orders are priced from). */
    const publishedShopOf = (owner: TestUser, cakes: number) => publishedShop(service, owner, snapshot(cakes), 'shop');

    /** The page's order form posted from the buyer's browser (its own loopback address). */
    const order = (from: string, page: { pageId: string; slug: string }, fields: Record<string, string>) =>
      postFrom(
        from,
        `${t.url}/functions/v1/orders`,
        { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
        new URLSearchParams({ portfolio: page.pageId, slug: page.slug, ...BUYER, ...fields }).toString(),
      );

    /** The page an order form is answered with posts Razorpay's Hosted Checkout form: its action, with its fields as the query. */
    function checkoutOf(answer: { status: number; body: string }): URL {
      assert.equal(answer.status, 200, answer.body);
      const unescaped = (text: string) =>
        text
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&');
      const action = /<form id="checkout" method="post" action="([^"]+)">/.exec(answer.body)?.[1];
      assert.ok(action, 'the page posts the checkout form');
      const checkout = new URL(unescaped(action));
      for (const [, name, value] of answer.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        checkout.searchParams.set(unescaped(name!), unescaped(value!));
      return checkout;
    }

    journey('a form post becomes an order on the owner’s Razorpay account, priced by the page; only the owner reads it', async () => {
      const ada = await sellingOwner(t, 'ada');
      const page = await publishedShopOf(ada, 3);
      const placed = await order('127.0.0.2', page, { 'quantity.cake': '2', 'quantity.bread': '1', 'price.cake': '1', total: '1' });
      const checkout = checkoutOf(placed);
      assert.equal(checkout.origin + checkout.pathname, `${t.url}/razorpay/v1/checkout/embedded`);
      const razorpayOrderId = checkout.searchParams.get('order_id')!;
      // Razorpay's hosted page for that order, as the page's button posts it; paid, it sends the buyer back to the page.
      const hosted = await fetch(`${checkout.origin}${checkout.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: checkout.searchParams.toString(),
      });
      assert.equal(hosted.status, 200);
      const hostedPage = await hosted.text();
      assert.ok(hostedPage.includes(`"order_id":"${razorpayOrderId}"`));
      const callback = /<form id="paid" method="post" action="([^"]+)"/.exec(hostedPage)![1]!.replace(/&amp;/g, '&');
      assert.ok(callback.startsWith(`${t.url}/functions/v1/orders/callback?order=FF-`));

      // The order is on Ada's own account, for what the page charges, not what the form said.
      const token = await sellerTokenOf(t, ada.id);
      assert.equal(checkout.searchParams.get('key_id'), token!.publicToken);
      const atRazorpay = await razorpayApi(t, 'GET', `/v1/orders/${razorpayOrderId}`, undefined, `Bearer ${token!.accessToken}`);
      assert.equal(atRazorpay.status, 200);
      assert.equal(atRazorpay.body.amount, 2 * 45000 + 9000);
      assert.equal((await razorpayApi(t, 'GET', `/v1/orders/${razorpayOrderId}`)).status, 400, "not on the platform's own account");

      const mine = await ada.client
        .from('shop_orders')
        .select('order_number, status, total_amount, razorpay_order_id, shop_order_items (item_id, quantity)');
      assert.equal(mine.error, null);
      assert.equal(mine.data!.length, 1);
      assert.equal(mine.data![0]!.status, 'pending');
      assert.equal(mine.data![0]!.total_amount, 99000);
      assert.equal(mine.data![0]!.razorpay_order_id, razorpayOrderId);
      assert.equal(atRazorpay.body.receipt, mine.data![0]!.order_number);

      const bob = await signedInUser(t, 'bob');
      assert.deepEqual((await bob.client.from('shop_orders').select('id')).data, [], 'another user reads none of it');
      const forged = await bob.client.from('shop_orders').update({ status: 'paid' }).eq('razorpay_order_id', razorpayOrderId).select();
      assert.equal(forged.error?.code, '42501', 'nor marks it paid');

      // One cake is left: a second buyer asking for two is told so beside the quantity.
      const tooMany = await order('127.0.0.3', page, { 'quantity.cake': '2' });
      assert.equal(tooMany.status, 422);
      assert.match(tooMany.body, /<strong>Quantity of Chocolate cake<\/strong>: Only 1 left/);
    });

    journey('one buyer starting order after order on a page is stopped; other buyers still get through', async () => {
      const page = await publishedShopOf(await sellingOwner(t, 'cleo'), 3);
      const answers = [];
      for (let n = 0; n < 11; n++) answers.push((await order('127.0.0.5', page, { 'quantity.bread': '1' })).status);
      assert.deepEqual(answers, [...Array<number>(10).fill(200), 429]);
      assert.equal((await order('127.0.0.6', page, { 'quantity.bread': '1' })).status, 200);
    });

    /** An order for `cakes` cakes placed on the page, as the form posts it; what its checkout needs. */
    async function placed(owner: TestUser, page: { pageId: string; slug: string }, cakes: number, from = '127.0.0.7') {
      const answer = await order(from, page, { 'quantity.cake': String(cakes) });
      const checkout = checkoutOf(answer);
      const seller = (await sellerTokenOf(t, owner.id))!;
      return {
        razorpayOrderId: checkout.searchParams.get('order_id')!,
        callbackUrl: checkout.searchParams.get('callback_url')!,
        seller,
      };
    }

    /** The buyer pays in the sandbox's checkout with the seller's key; Razorpay's answer to the page. */
    async function pay(placedOrder: Awaited<ReturnType<typeof placed>>) {
      return payShopOrder(t, placedOrder.seller, placedOrder.razorpayOrderId, BUYER.email);
    }

    /** The buyer's browser posting checkout's answer back to the callback. */
    const returnFromCheckout = async (callbackUrl: string, fields: Record<string, string>) => {
      const res = await fetch(callbackUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
      return { status: res.status, page: await res.text() };
    };

    /** A webhook as Razorpay would sign it (or, with `secret`, anyone else); the function's answer. */
    async function sendWebhook(body: string, secret = t.cloud.keys.razorpayWebhookSecret) {
      const res = await fetch(`${t.url}/functions/v1/razorpay-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': await hmacSha256Hex(secret, body) },
        body,
      });
      return { status: res.status, body: (await res.json()) as { status?: string; error?: string } };
    }

    /** A payment event on an account, for an order, as Razorpay's webhook body carries it. */
    const paymentEvent = (
      event: string,
      accountId: string,
      payment: { id: string; order_id: string; amount: number; status: 'authorized' | 'captured' },
    ) =>
      JSON.stringify({
        entity: 'event',
        account_id: accountId,
        event,
        contains: ['payment'],
        payload: { payment: { entity: { ...payment, currency: 'INR', entity: 'payment', created_at: Math.floor(Date.now() / 1000) } } },
        created_at: Math.floor(Date.now() / 1000),
      });

    const shopOrder = async (razorpayOrderId: string) =>
      (
        await service
          .from('shop_orders')
          .select('id, status, razorpay_payment_id, paid_at')
          .eq('razorpay_order_id', razorpayOrderId)
          .single()
      ).data!;
    const cakesHeld = async (pageId: string) =>
      (await service.from('shop_stock').select('held').eq('portfolio_id', pageId).eq('item_id', 'cake').single()).data?.held;

    journey('paid in checkout: the webhook pays the order once though sent three times; the cakes stay sold', async () => {
      const dana = await sellingOwner(t, 'dana');
      const page = await publishedShopOf(dana, 3);
      const ordered = await placed(dana, page, 2);
      const before = (await webhookDeliveries(t)).length;
      const paid = await pay(ordered);

      // Razorpay sends payment.captured and order.paid; its retry of the first comes again later.
      const deliveries = (await webhookDeliveries(t)).slice(before);
      assert.deepEqual(
        deliveries.map((d) => [d.event, d.response_status]),
        [
          ['payment.captured', 200],
          ['order.paid', 200],
        ],
      );
      const captured = deliveries[0]!;
      assert.equal(JSON.parse(captured.body).account_id, ordered.seller.accountId, 'sent for the seller’s own account');
      const first = await shopOrder(ordered.razorpayOrderId);
      assert.deepEqual([first.status, first.razorpay_payment_id], ['paid', paid.razorpay_payment_id]);
      // Delivered again: this instance knows the event id; another instance, or one restarted, does not.
      const redeliver = async (headers: Record<string, string>) => {
        const res = await fetch(captured.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': captured.signature, ...headers },
          body: captured.body,
        });
        return [res.status, ((await res.json()) as { status: string }).status];
      };
      assert.deepEqual(await redeliver({ 'X-Razorpay-Event-Id': captured.event_id }), [200, 'duplicate']);
      assert.deepEqual(await redeliver({}), [200, 'already_paid']);
      assert.deepEqual(await shopOrder(ordered.razorpayOrderId), first, 'paid once: the same row, the same time');

      // The buyer's return from checkout, signed with the partner app's secret, says it is paid and changes nothing more.
      const back = await returnFromCheckout(ordered.callbackUrl, paid);
      assert.equal(back.status, 200);
      assert.match(back.page, /<h1>Thank you: your order is paid<\/h1>/);
      assert.match(back.page, new RegExp(`<a href="${APP_ORIGIN}/p/${page.slug}">Back to the shop</a>`));
      assert.deepEqual(await shopOrder(ordered.razorpayOrderId), first);

      // Sold for good: the sweep past the order's time gives nothing back; one cake is left to buy.
      await service
        .from('shop_orders')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq('id', first.id);
      assert.equal((await service.rpc('expire_shop_orders')).error, null);
      assert.equal(await cakesHeld(page.pageId), 2);
      const tooMany = await order('127.0.0.8', page, { 'quantity.cake': '2' });
      assert.match(tooMany.body, /Only 1 left/);
    });

    journey('events late or out of order, forged, or from another account change nothing', async () => {
      const erin = await sellingOwner(t, 'erin');
      const frank = await sellingOwner(t, 'frank');
      const page = await publishedShopOf(erin, 3);
      const ordered = await placed(erin, page, 1, '127.0.0.9');
      const frankAccount = (await placed(frank, await publishedShopOf(frank, 3), 1, '127.0.0.10')).seller.accountId;
      const payment = { id: 'pay_Forged00000001', order_id: ordered.razorpayOrderId, amount: 45000, status: 'captured' as const };

      const forged = await sendWebhook(paymentEvent('payment.captured', ordered.seller.accountId, payment), 'not-the-webhook-secret');
      assert.equal(forged.status, 400, 'a forged signature is refused');
      const foreign = await sendWebhook(paymentEvent('payment.captured', frankAccount, payment));
      assert.deepEqual([foreign.status, foreign.body.status], [200, 'foreign'], 'another seller’s event is not this order’s');
      const platform = await sendWebhook(paymentEvent('order.paid', `acc_${t.cloud.keys.razorpayKeyId.slice(-14)}`, payment));
      assert.deepEqual([platform.status, platform.body.status], [200, 'foreign'], 'nor is one on the platform’s own account');
      const forgedReturn = await returnFromCheckout(ordered.callbackUrl, {
        razorpay_payment_id: payment.id,
        razorpay_order_id: ordered.razorpayOrderId,
        razorpay_signature: await hmacSha256Hex(t.cloud.keys.razorpayKeySecret, `${ordered.razorpayOrderId}|${payment.id}`),
      });
      assert.equal(forgedReturn.status, 400, 'a return signed with the platform’s key secret is not the seller’s');
      assert.match(forgedReturn.page, /<h1>We could not confirm this payment<\/h1>/);
      assert.equal((await shopOrder(ordered.razorpayOrderId)).status, 'pending', 'none of them paid it');

      // The real payment: its capture arrives first, its authorisation after.
      const paid = await pay(ordered);
      await webhookDeliveries(t); // the sandbox's own deliveries first
      const real = { ...payment, id: paid.razorpay_payment_id };
      assert.equal((await sendWebhook(paymentEvent('payment.captured', ordered.seller.accountId, real))).body.status, 'already_paid');
      const late = await sendWebhook(paymentEvent('payment.authorized', ordered.seller.accountId, { ...real, status: 'authorized' }));
      assert.deepEqual([late.status, late.body.status], [200, 'ignored']);
      assert.deepEqual([(await shopOrder(ordered.razorpayOrderId)).status, await cakesHeld(page.pageId)], ['paid', 1], 'still paid, once');
    });

    journey('a payment after the order expired is refunded in the sandbox, once, and takes no stock', async () => {
      const gita = await sellingOwner(t, 'gita');
      const page = await publishedShopOf(gita, 3);
      const ordered = await placed(gita, page, 3, '127.0.0.11');
      const { id } = await shopOrder(ordered.razorpayOrderId);
      await service
        .from('shop_orders')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq('id', id);
      assert.equal((await service.rpc('expire_shop_orders')).error, null);
      assert.equal(await cakesHeld(page.pageId), 0, 'the expired order gave its cakes back');
      // Another buyer takes two of them meanwhile.
      await placed(gita, page, 2, '127.0.0.12');

      const before = (await webhookDeliveries(t)).length;
      const paid = await pay(ordered);
      const deliveries = (await webhookDeliveries(t)).slice(before);
      assert.deepEqual(
        deliveries.map((d) => d.response_status),
        [200, 200],
      );
      const atRazorpay = await razorpayApi(
        t,
        'GET',
        `/v1/payments/${paid.razorpay_payment_id}`,
        undefined,
        `Bearer ${ordered.seller.accessToken}`,
      );
      assert.deepEqual([atRazorpay.body.status, atRazorpay.body.amount_refunded], ['refunded', 3 * 45000], 'refunded in full');
      const owed = await service
        .from('shop_order_returned_payments')
        .select('refund_id, order_status')
        .eq('payment_id', paid.razorpay_payment_id);
      assert.equal(owed.data?.length, 1);
      assert.match(owed.data![0]!.refund_id ?? '', /^rfnd_/);
      assert.equal(owed.data![0]!.order_status, 'expired');

      const again = await sendWebhook(
        paymentEvent('payment.captured', ordered.seller.accountId, {
          id: paid.razorpay_payment_id,
          order_id: ordered.razorpayOrderId,
          amount: 3 * 45000,
          status: 'captured',
        }),
      );
      assert.equal(again.body.status, 'already_refunded', 'the event again refunds nothing more');
      const back = await returnFromCheckout(ordered.callbackUrl, paid);
      assert.equal(back.status, 200);
      assert.match(back.page, /<h1>Your payment is being refunded<\/h1>/);
      assert.deepEqual(
        [(await shopOrder(ordered.razorpayOrderId)).status, await cakesHeld(page.pageId)],
        ['expired', 2],
        'the order stays expired; only the other buyer’s cakes are held',
      );
    });

    // The race is decided in one SQL call (reserve_shop_order: a conditional update of the held count),
    // so it is run 50 times there, through PostgREST as the function calls it, and 3 times through the
    // whole function (pricing, limits, Razorpay), which holds no lock of its own.
    const race = async (page: { pageId: string; slug: string }, round: string, outcomes: number[], refused: number) => {
      const statuses = outcomes.slice().sort();
      assert.deepEqual(
        [statuses.filter((s) => s === 200).length, statuses.filter((s) => s === refused).length],
        [3, outcomes.length - 3],
        `${round}: ${JSON.stringify(statuses)}`,
      );
      const { data: held } = await service.from('shop_stock').select('held').eq('portfolio_id', page.pageId).single();
      assert.equal(held?.held, 3, `${round}: the stock held`);
      const { data: orders } = await service.from('shop_orders').select('razorpay_order_id').eq('portfolio_id', page.pageId);
      assert.equal(orders?.length, 3, `${round}: the orders recorded`);
      return orders!;
    };
    const BUYERS = 50;

    test(
      '50 buyers racing for the last 3 cakes: exactly 3 reservations hold them, 50 times over',
      { skip: backend === 'pglite' && 'PGlite runs one query at a time' },
      async () => {
        // Three owners: an account keeps at most 20 portfolios.
        const owners = await Promise.all([1, 2, 3].map(() => signedInUser(t)));
        const started = Date.now();
        for (let round = 0; round < 50; round++) {
          const page = await publishedShopOf(owners[round % owners.length]!, 3);
          const answers = await Promise.all(
            Array.from({ length: BUYERS }, (_, n) =>
              service.rpc('reserve_shop_order', {
                page: page.pageId,
                page_slug: page.slug,
                priced_version: 1,
                buyer: { name: BUYER.name, email: `buyer${n}@example.com`, phone: '+919876543210' },
                lines: [{ item: 'cake', option: '', name: 'Chocolate cake', optionName: null, unitAmount: 45000, quantity: 1 }],
                delivery: 'pickup',
                address: null,
                currency: 'INR',
                shipping_amount: 0,
              }),
            ),
          );
          const refusals = answers.filter((answer) => answer.error).map((answer) => answer.error!.code);
          assert.deepEqual([...new Set(refusals)], ['SO410'], `round ${round}: refused only as sold out`);
          await race(
            page,
            `round ${round}`,
            answers.map((answer) => (answer.error ? 410 : 200)),
            410,
          );
        }
        console.log(`# 50 races of ${BUYERS} reservations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
    );

    test(
      '50 buyers posting the order form for the last 3 cakes: exactly 3 orders, each on Razorpay, 3 times over',
      { skip: backend === 'pglite' && 'PGlite runs one query at a time' },
      async () => {
        // A few owners: the sandbox, like Razorpay, limits the orders one account creates per minute.
        const owners = await Promise.all([1, 2, 3].map((n) => sellingOwner(t, `racer${n}`)));
        for (let round = 0; round < owners.length; round++) {
          const page = await publishedShopOf(owners[round]!, 3);
          // Each buyer from an address of their own, so the per-buyer limit sees 50 buyers.
          const answers = await Promise.all(
            Array.from({ length: BUYERS }, (_, n) =>
              order(`127.1.${round}.${n + 1}`, page, { 'quantity.cake': '1', email: `buyer${n}@example.com` }),
            ),
          );
          const orders = await race(
            page,
            `round ${round}`,
            answers.map((answer) => answer.status),
            422,
          );
          assert.ok(
            orders.every((row) => typeof row.razorpay_order_id === 'string'),
            `round ${round}: each on Razorpay`,
          );
        }
      },
    );
  });
