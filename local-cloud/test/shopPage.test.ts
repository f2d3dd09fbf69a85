// The published page that sells (issue 48), through the real supabase-js and the publish and orders
// functions on Deno: the publish function decides on the server whether a page sells (a plan and a
// connected Razorpay account) or asks ("Ask about this", the page's message form), and the page's
// order form, posted as a browser posts it with scripts off (its fields and every field naming it by
// `form=`), reaches Razorpay's hosted checkout, from the home page and from another page of the site.
// The page follows its stock with no publish: the order taking the last one makes it say "Sold out",
// and the order expiring unpaid brings the product back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { grantPurchase } from './support/cloud.ts';
import { APP_ORIGIN, callPublish, sweep } from './support/functions.ts';
import { connectSeller } from './support/shops.ts';
import {
  JOURNEY_BACKENDS,
  serviceClient,
  signedInUser,
  skipFor,
  startTestCloud,
  stopClusters,
  type TestCloud,
  type TestUser,
} from './support/servicesCloud.ts';

after(stopClusters);

const BUYER = { name: 'Zoë Buyer', email: 'zoe@example.com', phone: '+91 98765 43210' };

const products = (items: unknown[]) => ({ id: 'menu', kind: 'products', title: 'Our bakes', body: '', hidden: false, items });
const product = (id: string, name: string, sale: unknown) => ({ id, name, price: '', description: '', image: '', url: '', sale });

/** A bakery: a cake and a tart in two sizes at home, scones on its "Shop" page, a contact section for questions. */
const BAKERY = {
  schemaVersion: 2,
  profile: { name: 'Ada Bakes' },
  socials: [],
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: null } },
  sections: [
    products([
      product('cake', 'Chocolate cake', { price: 45000, stock: 3, options: [] }),
      product('tart', 'Fruit tart', {
        price: 30000,
        stock: null,
        optionName: 'Size',
        options: [
          { id: 'large', name: 'Large', price: 50000, stock: 2 },
          { id: 'small', name: 'Small', price: null, stock: 5 },
        ],
      }),
    ]),
    {
      id: 'contact',
      kind: 'contact',
      title: 'Ask us',
      body: '',
      hidden: false,
      items: [{ id: 'mail', label: 'Write', url: 'mailto:ada@example.com' }],
    },
  ],
  pages: [
    {
      id: 'shoppage',
      slug: 'shop',
      title: 'Shop',
      inNavigation: true,
      sections: [{ ...products([product('scone', 'Scone', { price: 6000, stock: null, options: [] })]), id: 'more' }],
    },
  ],
};

for (const backend of JOURNEY_BACKENDS)
  describe(`the page that sells (${backend})`, { skip: skipFor(backend) }, () => {
    let t: TestCloud;
    before(async () => {
      t = await startTestCloud(backend);
    });
    after(() => t?.stop());

    async function publishBakery(owner: TestUser, slug: string): Promise<string> {
      const { data: row, error } = await owner.client
        .from('portfolios')
        .insert({ template_id: '2', title: 'Shop', data: BAKERY })
        .select('id')
        .single();
      assert.equal(error, null);
      const res = await callPublish(t, owner.accessToken, { action: 'publish', portfolioId: row!.id, slug });
      assert.equal(res.status, 200, await res.clone().text());
      return row!.id as string;
    }

    const pageOf = async (path: string) => {
      const res = await fetch(`${t.url}/storage/v1/object/public/sites/${path}`);
      assert.equal(res.status, 200, path);
      return new JSDOM(await res.text()).window.document;
    };

    /** What a browser with scripts off posts for the page's order form: its fields and those naming it, as the visitor set them. */
    function orderPost(doc: Document, set: Record<string, string>): { action: string; body: URLSearchParams } {
      const form = doc.querySelector('input[name="phone"]')?.closest('form') as HTMLFormElement;
      assert.ok(form, 'the page has its order form');
      const body = new URLSearchParams();
      const fields = [
        ...doc.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[form="${form.id}"]`),
        ...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]'),
      ];
      for (const field of fields) {
        if (field.getAttribute('type') === 'radio' && !(field as HTMLInputElement).checked) continue;
        body.set(field.name, set[field.name] ?? field.value);
      }
      for (const name of Object.keys(set)) if (!body.has(name)) assert.fail(`the page has no field ${name}`);
      return { action: form.getAttribute('action')!, body };
    }

    const post = ({ action, body }: { action: string; body: URLSearchParams }) =>
      fetch(action, { method: 'POST', headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body });

    test('a plan and a connected Razorpay account: the page and its other pages take orders, with no script', async () => {
      const owner = await signedInUser(t, 'seller');
      await grantPurchase(serviceClient(t), owner.id, { itemType: 'plan', itemId: 'basic' });
      await connectSeller(owner, 'seller');
      const id = await publishBakery(owner, 'ada-sells');

      const home = await pageOf('ada-sells/index.html');
      const order = orderPost(home, { ...BUYER, 'quantity.cake': '2', 'quantity.tart': '1', 'option.tart': 'large' });
      assert.equal(order.action, `${t.url}/functions/v1/orders`);
      assert.equal(order.body.get('portfolio'), id);
      assert.equal(order.body.get('slug'), 'ada-sells');
      assert.equal(order.body.get('delivery'), 'pickup');
      const res = await post(order);
      const checkout = await res.text();
      assert.equal(res.status, 200, checkout);
      // 2 × ₹450 + a large tart at ₹500, picked up.
      assert.match(checkout, /<button type="submit">Pay ₹1,400\.00<\/button>/);
      assert.match(checkout, /action="[^"]*\/v1\/checkout\/embedded"/);

      // The "Shop" page's own product, on its own page's form.
      const shop = await pageOf('ada-sells/shop/index.html');
      const scones = await post(orderPost(shop, { ...BUYER, 'quantity.scone': '3' }));
      const sconeCheckout = await scones.text();
      assert.equal(scones.status, 200, sconeCheckout);
      assert.match(sconeCheckout, /Pay ₹180\.00/);
    });

    test('the last cakes ordered: the page says "Sold out" at once, and offers them again when the order expires unpaid', async () => {
      const owner = await signedInUser(t, 'sells-out');
      await grantPurchase(serviceClient(t), owner.id, { itemType: 'plan', itemId: 'basic' });
      await connectSeller(owner, 'sells-out');
      const id = await publishBakery(owner, 'ada-sells-out');
      const cakeCard = (doc: Document) =>
        [...doc.querySelectorAll('article, li')].find((card) => card.textContent?.includes('Chocolate cake'))!;

      const before = await pageOf('ada-sells-out/index.html');
      assert.ok(before.querySelector('input[name="quantity.cake"]'), 'three cakes: the cake can be ordered');
      const two = await post(orderPost(before, { ...BUYER, 'quantity.cake': '2' }));
      assert.equal(two.status, 200, await two.text());
      const oneLeft = await pageOf('ada-sells-out/index.html');
      assert.ok(oneLeft.querySelector('input[name="quantity.cake"]'), 'one cake left: still for sale');

      const last = await post(orderPost(oneLeft, { ...BUYER, 'quantity.cake': '1' }));
      assert.equal(last.status, 200, await last.text());
      const soldOut = await pageOf('ada-sells-out/index.html');
      assert.equal(soldOut.querySelector('input[name="quantity.cake"]'), null, 'the cake can no longer be ordered');
      assert.match(cakeCard(soldOut).textContent ?? '', /Sold out/);
      assert.ok(soldOut.querySelector('input[name="quantity.tart"]'), 'the tart is still for sale');

      // The last cake's buyer never pays: once the order's time is up, the sweep gives the cake back.
      const expired = await serviceClient(t)
        .from('shop_orders')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .eq('portfolio_id', id)
        .eq('items_amount', 45000)
        .select('id');
      assert.equal(expired.data?.length, 1, expired.error?.message);
      assert.equal((await sweep(t, 300)).pagesRenderedForStock, 1);
      const back = await pageOf('ada-sells-out/index.html');
      assert.ok(back.querySelector('input[name="quantity.cake"]'), 'the cake is for sale again');
      assert.doesNotMatch(cakeCard(back).textContent ?? '', /Sold out/);
    });

    test('a bought template alone, or a plan without a connected account: products say "Ask about this", nothing to order', async () => {
      const buyer = await signedInUser(t, 'template-only');
      await grantPurchase(serviceClient(t), buyer.id, { itemType: 'template', itemId: '2' });
      await connectSeller(buyer, 'template-only');
      await publishBakery(buyer, 'ada-asks');
      const planned = await signedInUser(t, 'not-connected');
      await grantPurchase(serviceClient(t), planned.id, { itemType: 'plan', itemId: 'basic' });
      await publishBakery(planned, 'ada-waits');

      for (const slug of ['ada-asks', 'ada-waits']) {
        const doc = await pageOf(`${slug}/index.html`);
        assert.equal(doc.querySelector('input[name^="quantity."]'), null, `${slug}: no quantity to order`);
        assert.equal(doc.querySelector('input[name="phone"]'), null, `${slug}: no order form`);
        const asks = [...doc.querySelectorAll('a')].filter((a) => a.textContent?.startsWith('Ask about this'));
        assert.equal(asks.length, 2, `${slug}: each product is asked about`);
        const contact = doc.getElementById(asks[0]!.getAttribute('href')!.slice(1))!;
        assert.ok(contact.querySelector('form textarea[name="message"]'), `${slug}: at the page's message form`);
      }
    });
  });
