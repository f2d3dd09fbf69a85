// Orders from a published page, with the real supabase-js and the orders function on Deno: a buyer's
// plain form post is priced from the published page, holds its stock, becomes an order on the
// owner's own (sandbox) Razorpay account and sends the buyer to its hosted checkout; the owner reads
// the order, nobody else does. And the race: 50 buyers posting at once for the last 3 items sell
// exactly 3, fifty times over, on Postgres, where requests really run side by side (PGlite runs one
// query at a time).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
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
import { razorpayApi } from './support/servicesRazorpay.ts';
import { sellerAccessToken, sellerDepsFrom } from '../../supabase/functions/_shared/sellerAccounts.ts';
import { supabaseClientsFrom } from '../../supabase/functions/_shared/supabaseClient.ts';
import { functionEnv } from '../src/functions/index.ts';

after(stopClusters);

const BUYER = { name: 'Zoë Buyer', email: 'zoe@example.com', phone: '+91 98765 43210' };
let pageCounter = 0;

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

for (const backend of BACKENDS)
  describe(`shop orders (${backend})`, { skip: skipFor(backend) }, () => {
    const journey = journeyTestOn(backend);
    let t: TestCloud;
    let service: SupabaseClient;
    before(async () => {
      t = await startTestCloud(backend);
      service = serviceClient(t);
    });
    after(() => t?.stop());

    /** An owner who connected their Razorpay account through Partner OAuth, as on /account. */
    async function connectedOwner(label: string): Promise<TestUser> {
      const owner = await signedInUser(t, label);
      const { data, error } = await owner.client.functions.invoke('sellers', { body: { action: 'connect' } });
      assert.equal(error, null);
      const authorizeUrl = (data as { authorizeUrl: string }).authorizeUrl;
      const html = await (await fetch(authorizeUrl)).text();
      const consent = new URLSearchParams();
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        consent.append(name!, value!.replace(/&amp;/g, '&'));
      consent.set('decision', 'allow');
      consent.set('email', `${label}-${process.pid}@shop.example`);
      const back = await fetch(authorizeUrl, { method: 'POST', body: consent, redirect: 'manual' });
      const landed = await fetch(back.headers.get('location')!, { redirect: 'manual' });
      assert.equal(landed.status, 303);
      await landed.body?.cancel();
      return owner;
    }

    /** A page of the owner's, published as the publish function records it (the snapshot it priced from). */
    async function publishedShop(owner: TestUser, cakes: number) {
      const slug = `shop-${process.pid}-${++pageCounter}`;
      const { data, error } = await owner.client
        .from('portfolios')
        .insert({ template_id: 'generator', title: 'Ada Bakes' })
        .select('id')
        .single();
      assert.equal(error, null);
      const pageId = (data as { id: string }).id;
      assert.equal((await service.from('portfolios').update({ slug, published: true }).eq('id', pageId)).error, null);
      const recorded = await service.from('published_pages').insert({
        portfolio_id: pageId,
        owner_id: owner.id,
        slug,
        template_id: 'generator',
        version: 1,
        data: snapshot(cakes),
        badge: false,
        customized_look: false,
        subscribe_form: false,
      });
      assert.equal(recorded.error, null);
      return { pageId, slug };
    }

    /** The page's order form posted from the buyer's browser (its own loopback address). */
    const order = (from: string, page: { pageId: string; slug: string }, fields: Record<string, string>) =>
      postFrom(
        from,
        `${t.url}/functions/v1/orders`,
        { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
        new URLSearchParams({ portfolio: page.pageId, slug: page.slug, ...BUYER, ...fields }).toString(),
      );

    journey('a form post becomes an order on the owner’s Razorpay account, priced by the page; only the owner reads it', async () => {
      const ada = await connectedOwner('ada');
      const page = await publishedShop(ada, 3);
      const placed = await order('127.0.0.2', page, { 'quantity.cake': '2', 'quantity.bread': '1', 'price.cake': '1', total: '1' });
      assert.equal(placed.status, 303, placed.body);
      const checkout = new URL(placed.headers.location!);
      assert.equal(checkout.origin + checkout.pathname, `${t.url}/razorpay/v1/checkout/embedded`);
      const razorpayOrderId = checkout.searchParams.get('order_id')!;
      // Razorpay's hosted page for that order; paid, it sends the buyer back to the page.
      const hosted = await fetch(checkout);
      assert.equal(hosted.status, 200);
      const hostedPage = await hosted.text();
      assert.ok(hostedPage.includes(`"order_id":"${razorpayOrderId}"`));
      const callback = /<form id="paid" method="post" action="([^"]+)"/.exec(hostedPage)![1]!.replace(/&amp;/g, '&');
      const returned = await fetch(callback, {
        method: 'POST',
        body: new URLSearchParams({ razorpay_payment_id: 'pay_x' }),
        redirect: 'manual',
      });
      assert.deepEqual([returned.status, returned.headers.get('location')], [303, `${APP_ORIGIN}/p/${page.slug}#order-received`]);

      // The order is on Ada's own account, for what the page charges, not what the form said.
      const env = functionEnv(t.cloud.ctx);
      const read = (name: string) => env[name];
      const token = await sellerAccessToken(sellerDepsFrom(read, supabaseClientsFrom(read).admin), ada.id);
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
      const page = await publishedShop(await connectedOwner('cleo'), 3);
      const answers = [];
      for (let n = 0; n < 11; n++) answers.push((await order('127.0.0.5', page, { 'quantity.bread': '1' })).status);
      assert.deepEqual(answers, [...Array<number>(10).fill(303), 429]);
      assert.equal((await order('127.0.0.6', page, { 'quantity.bread': '1' })).status, 303);
    });

    test(
      '50 buyers racing for the last 3 cakes: exactly 3 orders hold them, 50 times over',
      { skip: backend === 'pglite' && 'PGlite runs one query at a time' },
      async () => {
        const ROUNDS = 50;
        const BUYERS = 50;
        // A few owners: the sandbox, like Razorpay, limits the orders one account creates per minute.
        const owners = await Promise.all([1, 2, 3, 4, 5].map((n) => connectedOwner(`racer${n}`)));
        const started = Date.now();
        for (let round = 0; round < ROUNDS; round++) {
          const page = await publishedShop(owners[round % owners.length]!, 3);
          // Each buyer from an address of their own, so the per-buyer limit sees 50 buyers.
          const answers = await Promise.all(
            Array.from({ length: BUYERS }, (_, n) =>
              order(`127.1.${round}.${n + 1}`, page, { 'quantity.cake': '1', email: `buyer${n}@example.com` }),
            ),
          );
          const statuses = answers.map((answer) => answer.status).sort();
          assert.deepEqual(
            [statuses.filter((s) => s === 303).length, statuses.filter((s) => s === 422).length],
            [3, BUYERS - 3],
            `round ${round}: ${JSON.stringify(statuses)}`,
          );
          const { data: held } = await service.from('shop_stock').select('held').eq('portfolio_id', page.pageId).single();
          assert.equal(held?.held, 3, `round ${round}: the stock held`);
          const { data: orders } = await service.from('shop_orders').select('razorpay_order_id').eq('portfolio_id', page.pageId);
          assert.equal(orders?.length, 3, `round ${round}: the orders recorded`);
          assert.ok(
            orders!.every((row) => typeof row.razorpay_order_id === 'string'),
            `round ${round}: each on Razorpay`,
          );
        }
        console.log(`# ${ROUNDS} races of ${BUYERS} buyers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
    );
  });
