// A shop order's receipt, its private status link, and closing the shop, with the real supabase-js,
// the functions on Deno (orders, razorpay-webhook, publish, account), the Razorpay sandbox and the
// EmailJS sink: a paid order mails its receipt and the owner's note once, though the webhook comes
// twice and the buyer's return after it; the link shows that order and no other; unpublishing cancels
// a pending order, and its payment arriving later is refunded; "Download my data" holds the order.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { strFromU8, unzipSync } from 'fflate';
import { postFrom } from './support/clients.ts';
import { APP_ORIGIN, callFunction } from './support/functions.ts';
import {
  JOURNEY_BACKENDS,
  journeyTestOn,
  serviceClient,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';
import { payShopOrder, publishedShop, sellerTokenOf, sellingOwner } from './support/shops.ts';
import { razorpayApi, webhookDeliveries } from './support/servicesRazorpay.ts';

after(stopClusters);

const SELLER_PROFILE = { name: 'Ada Bakes', email: 'hello@ada-bakes.example', phone: '+91 20 1234 5678' };

/** What the page sells: a cake in two sizes, 5 of each, and bread without a count; pickup only. */
const snapshot = () => ({
  profile: SELLER_PROFILE,
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: null, freeOver: null } },
  sections: [
    {
      id: 'shop',
      kind: 'products',
      title: 'Shop',
      items: [
        {
          id: 'cake',
          name: 'Chocolate cake',
          price: '',
          sale: {
            price: 45000,
            stock: null,
            options: [
              { id: 'small', name: 'Small', price: 30000, stock: 5 },
              { id: 'large', name: 'Large', price: 45000, stock: 5 },
            ],
          },
        },
        { id: 'bread', name: 'Sourdough', price: '', sale: { price: 9000, stock: null, options: [] } },
      ],
    },
  ],
});

for (const backend of JOURNEY_BACKENDS)
  describe(`shop receipts, order links and closing (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    let service: SupabaseClient;
    before(async () => {
      t = await startTestCloud(backend);
      service = serviceClient(t);
    });
    after(() => t?.stop());

    /** A page of the owner's, published as the publish function records it (the snapshot orders are priced from). */
    const publishedShopOf = (owner: TestUser) => publishedShop(service, owner, snapshot(), 'receipts');

    const unescaped = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');

    /** An order placed with the page's form from the buyer's browser; what its checkout needs. */
    async function placed(
      owner: TestUser,
      page: { pageId: string; slug: string },
      buyer: { email: string; from: string },
      headers: Record<string, string> = { origin: APP_ORIGIN },
    ) {
      const answer = await postFrom(
        buyer.from,
        `${t.url}/functions/v1/orders`,
        { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        new URLSearchParams({
          portfolio: page.pageId,
          slug: page.slug,
          name: 'Zoë Buyer',
          email: buyer.email,
          phone: '+91 98765 43210',
          'quantity.cake': '2',
          'option.cake': 'large',
          'quantity.bread': '1',
        }).toString(),
      );
      assert.equal(answer.status, 200, answer.body);
      const fields = new Map<string, string>();
      for (const [, name, value] of answer.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        fields.set(unescaped(name!), unescaped(value!));
      const seller = (await sellerTokenOf(t, owner.id))!;
      return { razorpayOrderId: fields.get('order_id')!, callbackUrl: fields.get('callback_url')!, seller };
    }

    /** The buyer pays in the sandbox's checkout with the seller's key; Razorpay's answer to the page. */
    async function pay(order: Awaited<ReturnType<typeof placed>>, email: string) {
      return payShopOrder(t, order.seller, order.razorpayOrderId, email);
    }

    const mailsTo = async (to: string) => (await t.cloud.ctx.mailbox.list()).filter((mail) => mail.kind === 'emailjs' && mail.to === to);
    const shopOrder = async (razorpayOrderId: string) =>
      (await service.from('shop_orders').select('id, order_number, status').eq('razorpay_order_id', razorpayOrderId).single()).data!;

    journey('paid: one receipt and one owner’s note, though the webhook comes twice and the buyer’s return after it', async () => {
      const ada = await sellingOwner(t, 'ada');
      const page = await publishedShopOf(ada);
      const buyer = { email: `zoe-${page.slug}@example.com`, from: '127.0.2.1' };
      const order = await placed(ada, page, buyer);
      const before = (await webhookDeliveries(t)).length;
      const paid = await pay(order, buyer.email);

      // The sandbox delivered payment.captured and order.paid; Razorpay's retry of the first comes again.
      const deliveries = (await webhookDeliveries(t)).slice(before);
      assert.deepEqual(
        deliveries.map((d) => [d.event, d.response_status]),
        [
          ['payment.captured', 200],
          ['order.paid', 200],
        ],
      );
      const captured = deliveries[0]!;
      const again = await fetch(captured.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': captured.signature },
        body: captured.body,
      });
      assert.deepEqual(await again.json(), { status: 'already_paid' });
      const back = await fetch(order.callbackUrl, { method: 'POST', body: new URLSearchParams(paid), redirect: 'manual' });
      const backPage = await back.text();
      assert.equal(back.status, 200);
      assert.match(backPage, /<h1>Thank you: your order is paid<\/h1>/);
      const statusLink = unescaped(/<a href="([^"]+)">Your order’s status<\/a>/.exec(backPage)?.[1] ?? '');
      assert.ok(statusLink.startsWith(`${t.url}/functions/v1/orders/status/FF-`), backPage);

      const { order_number: number } = await shopOrder(order.razorpayOrderId);
      const receipts = await mailsTo(buyer.email);
      assert.equal(receipts.length, 1, 'one receipt');
      const receipt = receipts[0]!;
      assert.equal(receipt.subject, `Your order ${number} from Ada Bakes is paid`);
      const lines = receipt.text.split('\n');
      for (const line of [
        `Order number: ${number}`,
        '2 × Chocolate cake (Large) at ₹450.00: ₹900.00',
        '1 × Sourdough at ₹90.00: ₹90.00',
        'Items: ₹990.00',
        'Pickup: free',
        'Total paid: ₹990.00',
        'Email: hello@ada-bakes.example',
        'Phone: +91 20 1234 5678',
        statusLink,
      ])
        assert.ok(lines.includes(line), `${line} in\n${receipt.text}`);
      assert.equal(receipt.links.filter((link) => link.includes('/orders/status/')).length, 1);
      const notes = await mailsTo(ada.email);
      assert.equal(notes.length, 1, 'one note to the owner');
      assert.equal(notes[0]!.subject, `New order ${number}: ₹990.00`);
      assert.match(notes[0]!.text, new RegExp(`Buyer: Zoë Buyer, ${buyer.email.replace(/[.]/g, '\\.')}, \\+919876543210`));

      // The link, opened with scripts off, shows the order; the same shape with another mac does not.
      const status = await fetch(statusLink);
      const statusPage = await status.text();
      assert.equal(status.status, 200);
      assert.match(statusPage, new RegExp(`<h1>Your order ${number}</h1>`));
      assert.match(statusPage, /<strong id="status">Paid: the seller is preparing it<\/strong>/);
      assert.match(statusPage, /<td>Chocolate cake \(Large\)<\/td><td>2<\/td><td>₹450\.00<\/td><td>₹900\.00<\/td>/);
      assert.match(statusPage, /<th scope="row" colspan="3">Total<\/th><td>₹990\.00<\/td>/);
      assert.ok(!statusPage.includes(buyer.email) && !statusPage.includes('98765'), 'no buyer’s contact on it');

      // A second order's link opens only that one; a forged one, nothing.
      const other = await placed(ada, page, { email: `yan-${process.pid}@example.com`, from: '127.0.2.2' });
      const { order_number: otherNumber } = await shopOrder(other.razorpayOrderId);
      const forged = statusLink.replace(number, otherNumber);
      const refused = await fetch(forged);
      assert.equal(refused.status, 404);
      const refusedPage = await refused.text();
      assert.match(refusedPage, /<h1>There is no such order<\/h1>/);
      assert.ok(!refusedPage.includes('Chocolate'));
      assert.equal((await fetch(`${t.url}/functions/v1/orders/status/${otherNumber}`)).status, 404, 'the number alone opens nothing');
    });

    journey('ordered through the page’s proven custom domain, its mails’ status link is on that domain', async () => {
      const dev = await sellingOwner(t, 'dev');
      const page = await publishedShopOf(dev);
      // The domain as the publish function leaves it once its TXT record is proven; the site's port, as local-cloud's site has one.
      const domain = `${page.slug}.example`;
      const proven = await service
        .from('custom_domains')
        .insert({ domain, portfolio_id: page.pageId, owner_id: dev.id, verified_at: new Date().toISOString() });
      assert.equal(proven.error, null);
      const onDomain = `http://${domain}:${new URL(APP_ORIGIN).port}`;
      const buyer = { email: `una-${page.slug}@example.com`, from: '127.0.2.4' };
      // The site's edge passes the Host the buyer asked for (orders/domainPaths.mjs).
      const order = await placed(dev, page, buyer, { origin: onDomain, 'x-folioforge-shop-host': new URL(onDomain).host });
      assert.ok(order.callbackUrl.startsWith(`${onDomain}/functions/v1/orders/callback?`), order.callbackUrl);
      await pay(order, buyer.email);
      await webhookDeliveries(t);
      const receipts = await mailsTo(buyer.email);
      assert.equal(receipts.length, 1, 'one receipt');
      const links = receipts[0]!.links.filter((link) => link.includes('/orders/status/'));
      assert.equal(links.length, 1);
      assert.equal(new URL(links[0]!).origin, onDomain, 'the receipt links the status page on the shop’s own domain');
      const recorded = await service.from('shop_orders').select('id, shop_origin').eq('razorpay_order_id', order.razorpayOrderId).single();
      assert.equal(recorded.data?.shop_origin, onDomain);

      // Marked ready days later by the owner: that mail links the status page on the domain too.
      const ready = await fetch(`${t.url}/functions/v1/shop`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: t.cloud.keys.anonKey, Authorization: `Bearer ${dev.accessToken}` },
        body: JSON.stringify({ action: 'fulfil', orderId: recorded.data!.id }),
      });
      assert.equal(ready.status, 200, await ready.clone().text());
      const readyMail = (await mailsTo(buyer.email)).find((mail) => mail.subject.endsWith('is ready for pickup'));
      assert.deepEqual(
        readyMail?.links.filter((link) => link.includes('/orders/status/')),
        links,
        'the same link, on the shop’s own domain',
      );
    });

    journey('unpublishing cancels a pending order and gives its stock back; its payment arriving later is refunded', async () => {
      const bea = await sellingOwner(t, 'bea');
      const page = await publishedShopOf(bea);
      const buyer = { email: `xia-${process.pid}@example.com`, from: '127.0.2.3' };
      const order = await placed(bea, page, buyer);
      const held = async () =>
        (await service.from('shop_stock').select('held').eq('portfolio_id', page.pageId).eq('option_id', 'large').single()).data?.held;
      assert.equal(await held(), 2);

      const down = await callFunction(t, 'publish', bea.accessToken, { action: 'unpublish', portfolioId: page.pageId });
      assert.equal(down.status, 200, await down.clone().text());
      assert.equal((await shopOrder(order.razorpayOrderId)).status, 'cancelled', 'closed at once');
      assert.equal(await held(), 0, 'its cakes are back');

      // The buyer still had the checkout open and pays: Razorpay takes it, FolioForge gives it back.
      const before = (await webhookDeliveries(t)).length;
      const paid = await pay(order, buyer.email);
      assert.deepEqual(
        (await webhookDeliveries(t)).slice(before).map((d) => d.response_status),
        [200, 200],
      );
      const atRazorpay = await razorpayApi(
        t,
        'GET',
        `/v1/payments/${paid.razorpay_payment_id}`,
        undefined,
        `Bearer ${order.seller.accessToken}`,
      );
      assert.deepEqual([atRazorpay.body.status, atRazorpay.body.amount_refunded], ['refunded', 99000], 'refunded in full');
      const back = await fetch(order.callbackUrl, { method: 'POST', body: new URLSearchParams(paid), redirect: 'manual' });
      assert.match(await back.text(), /<h1>Your payment is being refunded<\/h1>/);
      assert.equal((await shopOrder(order.razorpayOrderId)).status, 'cancelled');
      // No receipt for an order that was not filled: the one mail says the late payment is refunded.
      assert.deepEqual(
        (await mailsTo(buyer.email)).map((mail) => mail.meta.subject),
        [`Your payment of ₹990.00 for order ${(await shopOrder(order.razorpayOrderId)).order_number} is refunded`],
      );
    });

    journey('“Download my data” holds the shop’s orders and customers', async () => {
      const cy = await sellingOwner(t, 'cy');
      const page = await publishedShopOf(cy);
      const buyer = { email: `wu-${process.pid}@example.com`, from: '127.0.2.4' };
      const order = await placed(cy, page, buyer);
      await pay(order, buyer.email);
      const { order_number: number } = await shopOrder(order.razorpayOrderId);

      const res = await callFunction(t, 'account', cy.accessToken, { action: 'export' });
      assert.equal(res.status, 200, await res.clone().text());
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const orders = JSON.parse(strFromU8(files['shop-orders.json']!)) as {
        order_number: string;
        status: string;
        buyer_email: string;
        total_amount: number;
        shop_order_items: { name: string; option_name: string | null; quantity: number }[];
      }[];
      assert.deepEqual(
        orders.map((o) => [o.order_number, o.status, o.buyer_email, o.total_amount]),
        [[number, 'paid', buyer.email, 99000]],
      );
      assert.deepEqual(orders[0]!.shop_order_items.map((item) => [item.name, item.option_name, item.quantity]).sort(), [
        ['Chocolate cake', 'Large', 2],
        ['Sourdough', null, 1],
      ]);
      const customers = strFromU8(files['shop-customers.csv']!).trim().split('\r\n');
      assert.equal(customers.length, 2);
      assert.match(
        customers[1]!,
        new RegExp(`^"Zoë Buyer","${buyer.email.replace(/[.]/g, '\\.')}","'\\+919876543210","1","99000 INR",`),
        'a phone is defused for spreadsheets',
      );
      assert.match(strFromU8(files['README.txt']!), /FolioForge keeps\s+none of them/);
    });
  });
