// The orders function's rules on Deno, with the database and Razorpay stood in for (store.ts's
// interface): what a form may change (quantities, options, pickup or delivery: never a price), what it
// is refused with, beside which field, and where the buyer is sent. `deno test` grants no
// permissions, so reaching the network here fails the test.
import assert from 'node:assert/strict';
import { hmacSha256Hex } from '../_shared/hmac.ts';
import type { CapturedPayment } from '../_shared/shopOrderPayments.ts';
import { createHandler } from './handler.ts';
import { ReservationRefused, type OrderStore, type Reservation, type SellerPayment } from './store.ts';

const SITE = 'https://folioforge.example';
const env = (name: string) =>
  ({
    SUPABASE_URL: 'https://project.supabase.example',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
    SITE_URL: SITE,
    RAZORPAY_API_BASE: 'https://api.razorpay.example',
    RAZORPAY_PARTNER_CLIENT_SECRET: 'partner-client-secret',
    SHOP_ORDER_LINK_KEY: 'order-link-key',
  })[name];
const PAGE = { portfolio: '6a1f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1a', slug: 'ada-bakes' };
const BUYER = { name: 'Zoë Buyer', email: 'zoe@example.com', phone: '+91 98765-43210' };

/** The published snapshot: a cake (3 left), bread (unlimited), a tart in two sizes; the shop ships for ₹50, free over ₹1,000. */
const SNAPSHOT = {
  profile: { name: 'Ada Bakes' },
  shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: 100000 } },
  sections: [
    {
      kind: 'products',
      items: [
        { id: 'cake', name: 'Chocolate cake', price: '', sale: { price: 45000, stock: 3, options: [] } },
        { id: 'bread', name: 'Sourdough', price: '', sale: { price: 9000, stock: null, options: [] } },
        {
          id: 'tart',
          name: 'Fruit tart',
          price: '',
          sale: {
            price: 30000,
            stock: null,
            optionName: 'Size',
            options: [
              { id: 'large', name: 'Large', price: 50000, stock: 1 },
              { id: 'small', name: 'Small', price: null, stock: 5 },
            ],
          },
        },
        { id: 'jam', name: 'Jam', price: 'Ask us' },
      ],
    },
  ],
};

/** An order placed and sent to checkout, and the payment Razorpay took for it on the seller's account. */
const ORDER = { number: 'FF-0123456789', razorpay: 'order_Razorpay000001', account: 'acc_SellerAccount1', payment: 'pay_Payment0000001' };
const CAPTURED: SellerPayment = { orderId: ORDER.razorpay, amount: 99000, currency: 'INR', status: 'captured' };

/** A store that records what the function asked of it. */
function fakeStore(overrides: Partial<OrderStore> = {}) {
  const calls = {
    reserved: [] as Reservation[],
    razorpay: [] as { amount: number; receipt: string }[],
    cancelled: [] as string[],
    settled: [] as CapturedPayment[],
    /** The custom domain each order was recorded as placed on. */
    shopOrigins: [] as (string | null)[],
  };
  const store: OrderStore = {
    customDomainOrigin: () => Promise.resolve(undefined),
    spend: () => Promise.resolve(),
    snapshot: (portfolio, slug) =>
      Promise.resolve(portfolio === PAGE.portfolio && slug === PAGE.slug ? { ownerId: 'owner-1', version: 7, data: SNAPSHOT } : null),
    holdsPlan: () => Promise.resolve(true),
    sellerToken: () =>
      Promise.resolve({ accountId: 'acc_SellerAccount01', accessToken: 'access', publicToken: 'rzp_test_oauth_Public0000001' }),
    reserve: (reservation) => {
      calls.reserved.push(reservation);
      const items = reservation.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
      return Promise.resolve({ orderId: 'order-uuid', orderNumber: 'FF-0123456789', totalAmount: items + reservation.shippingAmount });
    },
    createRazorpayOrder: (_seller, input) => {
      calls.razorpay.push(input);
      return Promise.resolve({ id: 'order_Razorpay000001' });
    },
    attachRazorpayOrder: (_order, _razorpayOrder, _account, shopOrigin) => {
      calls.shopOrigins.push(shopOrigin);
      return Promise.resolve();
    },
    callbackOrder: (number) =>
      Promise.resolve(
        number === ORDER.number
          ? {
              orderNumber: ORDER.number,
              slug: PAGE.slug,
              portfolioId: PAGE.portfolio,
              ownerId: 'owner-1',
              razorpayOrderId: ORDER.razorpay,
              accountId: ORDER.account,
              shopOrigin: null,
            }
          : undefined,
      ),
    sellerPayment: (_owner, paymentId) => Promise.resolve(paymentId === ORDER.payment ? { ...CAPTURED } : null),
    settle: (payment) => {
      calls.settled.push(payment);
      return Promise.resolve('paid');
    },
    cancel: (orderId) => {
      calls.cancelled.push(orderId);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { store, calls };
}

const form = (fields: Record<string, string>, origin: string | null = SITE, shopHost?: string) =>
  new Request('http://functions.test/orders', {
    method: 'POST',
    body: new URLSearchParams({ ...PAGE, ...BUYER, ...fields }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
      ...(shopHost ? { 'x-folioforge-shop-host': shopHost } : {}),
    },
  });
/** Only ada-bakes.example is a proven custom domain, and only of PAGE. */
const provenAdaBakes = (portfolio: string, origin: string) =>
  Promise.resolve(portfolio === PAGE.portfolio && origin === 'https://ada-bakes.example' ? `${origin}/` : undefined);
const hiddenField = (page: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(page)?.[1]?.replace(/&amp;/g, '&');
const json = (fields: Record<string, string>) =>
  new Request('http://functions.test/orders', {
    method: 'POST',
    body: JSON.stringify({ ...PAGE, ...BUYER, ...fields }),
    headers: { 'content-type': 'application/json', origin: SITE },
  });

Deno.test('an order is priced from the published page: a price in the form is ignored', async () => {
  const { store, calls } = fakeStore();
  const res = await createHandler(
    env,
    store,
  )(form({ 'quantity.cake': '2', 'quantity.tart': '1', 'option.tart': 'small', price: '1', 'price.cake': '1', amount: '100', total: '1' }));
  assert.equal(res.status, 200);
  const page = await res.text();
  // One button posting Razorpay's Hosted Checkout form, which needs no script.
  assert.match(page, /<form id="checkout" method="post" action="https:\/\/api\.razorpay\.example\/v1\/checkout\/embedded">/);
  const field = (name: string) =>
    new RegExp(`<input type="hidden" name="${name.replace(/[[\]]/g, '\\$&')}" value="([^"]*)">`).exec(page)?.[1];
  assert.equal(field('order_id'), 'order_Razorpay000001');
  assert.equal(field('key_id'), 'rzp_test_oauth_Public0000001', "opened with the seller's public token");
  assert.equal(field('prefill[contact]'), '+919876543210');
  assert.match(page, /<button type="submit">Pay ₹1,200\.00<\/button>/, 'the total the page charges: 2 × ₹450 + ₹300');
  assert.deepEqual(
    calls.reserved[0]!.lines.map(({ item, option, quantity, unitAmount }) => ({ item, option, quantity, unitAmount })),
    [
      { item: 'cake', option: '', quantity: 2, unitAmount: 45000 },
      // The small tart has no price of its own: the product's.
      { item: 'tart', option: 'small', quantity: 1, unitAmount: 30000 },
    ],
  );
  assert.equal(calls.reserved[0]!.version, 7, 'priced from the version it reserves against');
  // ₹1,200 of products: past ₹1,000, delivery would be free; picked up, it is free anyway.
  assert.deepEqual(calls.razorpay, [
    {
      amount: 120000,
      currency: 'INR',
      receipt: 'FF-0123456789',
      notes: { folioforge_shop_order: 'order-uuid', portfolio: PAGE.portfolio },
    },
  ]);
});

Deno.test('delivery costs the shop’s flat fee below its free-shipping amount, and needs an address', async () => {
  const { store, calls } = fakeStore();
  const handler = createHandler(env, store);
  const noAddress = await handler(json({ 'quantity.bread': '1', delivery: 'ship' }));
  assert.equal(noAddress.status, 422);
  assert.deepEqual(((await noAddress.json()) as { fields: Record<string, string> }).fields, {
    addressLine1: 'Write the street and number',
    city: 'Write the town or city',
    postalCode: 'Write the postal code, like 560001',
  });
  const shipped = await handler(
    json({
      'quantity.bread': '1',
      delivery: 'ship',
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      shippingAmount: '0',
    }),
  );
  assert.equal(shipped.status, 201);
  assert.equal(((await shipped.json()) as { amount: number }).amount, 14000);
  assert.equal(calls.reserved[0]!.shippingAmount, 5000);
  assert.deepEqual(calls.reserved[0]!.address, {
    line1: '12 MG Road',
    line2: '',
    city: 'Bengaluru',
    region: '',
    postalCode: '560001',
    country: 'IN',
  });
});

Deno.test('an unknown product, a missing option or more than the page has is refused beside its field, and nothing is held', async () => {
  const { store, calls } = fakeStore();
  const handler = createHandler(env, store);
  const cases: [Record<string, string>, Record<string, string>][] = [
    [{ 'quantity.cookie': '1' }, { 'quantity.cookie': 'This product is not sold on this page' }],
    [{ 'quantity.jam': '1' }, { 'quantity.jam': 'This product is not sold on this page' }],
    [{ 'quantity.tart': '1' }, { 'option.tart': 'Choose an option' }],
    [{ 'quantity.tart': '1', 'option.tart': 'huge' }, { 'option.tart': 'Choose an option from the list' }],
    [{ 'quantity.cake': '4' }, { 'quantity.cake': 'Only 3 left' }],
    [{ 'quantity.tart': '2', 'option.tart': 'large' }, { 'quantity.tart': 'Only 1 left' }],
    [{ 'quantity.cake': '-1' }, { 'quantity.cake': 'Order at least 1' }],
    [{ 'quantity.cake': 'two' }, { 'quantity.cake': 'Write how many, like 1' }],
    [{}, { lines: 'Choose how many of a product you want' }],
    [
      { 'quantity.cake': '1', email: 'nope', phone: '12' },
      { email: 'Write an email address for the receipt', phone: 'Write a phone number, like +91 98765 43210' },
    ],
  ];
  for (const [fields, expected] of cases) {
    const res = await handler(json(fields));
    assert.equal(res.status, 422, JSON.stringify(fields));
    assert.deepEqual(((await res.json()) as { fields: unknown }).fields, expected, JSON.stringify(fields));
  }
  assert.equal(calls.reserved.length, 0);
  assert.equal(calls.razorpay.length, 0);
});

Deno.test('a product on any page of the site can be ordered, priced from that page', async () => {
  // Issue 49's pages: a site's other pages hold sections of their own.
  const site = {
    ...SNAPSHOT,
    pages: [
      {
        id: 'shop',
        slug: 'shop',
        title: 'Shop',
        sections: [
          {
            kind: 'products',
            items: [
              { id: 'scone', name: 'Scone', price: '', sale: { price: 6000, stock: 2, options: [] } },
              {
                id: 'pie',
                name: 'Pie',
                price: '',
                sale: {
                  price: 20000,
                  stock: null,
                  optionName: 'Fill',
                  options: [{ id: 'apple', name: 'Apple', price: 22000, stock: null }],
                },
              },
            ],
          },
        ],
      },
    ],
  };
  const { store, calls } = fakeStore({
    snapshot: () => Promise.resolve({ ownerId: 'owner-1', version: 7, data: site }),
  });
  const handler = createHandler(env, store);
  const res = await handler(json({ 'quantity.scone': '2', 'quantity.pie': '1', 'option.pie': 'apple', 'quantity.bread': '1' }));
  assert.equal(res.status, 201);
  assert.deepEqual(
    calls.reserved[0]!.lines.map(({ item, option, name, quantity, unitAmount }) => ({ item, option, name, quantity, unitAmount })),
    [
      { item: 'scone', option: '', name: 'Scone', quantity: 2, unitAmount: 6000 },
      { item: 'pie', option: 'apple', name: 'Pie', quantity: 1, unitAmount: 22000 },
      { item: 'bread', option: '', name: 'Sourdough', quantity: 1, unitAmount: 9000 },
    ],
  );
  // The page's own stock count holds there too.
  const tooMany = await handler(json({ 'quantity.scone': '3' }));
  assert.equal(tooMany.status, 422);
  assert.deepEqual(((await tooMany.json()) as { fields: unknown }).fields, { 'quantity.scone': 'Only 2 left' });
});

Deno.test('a form that needs a change gets a page saying what, beside which field, with the way back', async () => {
  const { store } = fakeStore();
  const res = await createHandler(env, store)(form({ 'quantity.cake': '5', name: '' }));
  assert.equal(res.status, 422);
  assert.match(res.headers.get('content-type')!, /^text\/html/);
  const html = await res.text();
  assert.match(html, /<li><strong>Your name<\/strong>: Write your name<\/li>/);
  assert.match(html, /<a href="https:\/\/folioforge.example\/p\/ada-bakes">Back to the order<\/a>/);
  const soldOut = await createHandler(env, store)(form({ 'quantity.cake': '5' }));
  assert.match(await soldOut.text(), /<li><strong>Quantity of Chocolate cake<\/strong>: Only 3 left<\/li>/);
});

Deno.test('the last ones taken by another buyer meanwhile: told how many are left; Razorpay refusing gives the stock back', async () => {
  const raced = fakeStore({ reserve: () => Promise.reject(new ReservationRefused('SO410', 'cake/', '1')) });
  const res = await createHandler(env, raced.store)(json({ 'quantity.cake': '2' }));
  assert.deepEqual([res.status, ((await res.json()) as { fields: unknown }).fields], [422, { 'quantity.cake': 'Only 1 left' }]);

  const refused = fakeStore({ createRazorpayOrder: () => Promise.reject(new Error('Razorpay answered 500')) });
  const failed = await createHandler(env, refused.store)(form({ 'quantity.cake': '1' }));
  assert.equal(failed.status, 502);
  assert.equal(failed.headers.get('location'), null);
  assert.deepEqual(refused.calls.cancelled, ['order-uuid']);
});

Deno.test('a shop without a connected Razorpay account takes no order, and gives back what it held', async () => {
  const { store, calls } = fakeStore({ sellerToken: () => Promise.resolve(null) });
  const res = await createHandler(env, store)(form({ 'quantity.cake': '1' }));
  assert.equal(res.status, 409);
  const html = await res.text();
  assert.match(html, /<h1>Your order was not taken<\/h1><p>This shop is not taking orders right now.<\/p>/);
  assert.match(html, /<a href="https:\/\/folioforge.example\/p\/ada-bakes">Back to the order<\/a>/);
  assert.deepEqual(calls.cancelled, ['order-uuid']);
  assert.equal(calls.razorpay.length, 0);
});

Deno.test('a shop whose owner no longer holds a plan takes no order, even from a page still showing its form', async () => {
  const { store, calls } = fakeStore({ holdsPlan: () => Promise.resolve(false) });
  const res = await createHandler(env, store)(form({ 'quantity.cake': '1' }));
  assert.equal(res.status, 409);
  assert.match(await res.text(), /<p>This shop is not taking orders right now.<\/p>/);
  assert.equal(calls.reserved.length, 0, 'no stock held');
  assert.equal(calls.razorpay.length, 0, 'nothing at Razorpay');
});

Deno.test('a form from anywhere but its page, or for no published page, goes nowhere', async () => {
  const { store, calls } = fakeStore();
  const handler = createHandler(env, store);
  for (const origin of [null, 'http://evil.example', 'null', 'https://folioforge.example.evil.example']) {
    const res = await handler(form({ 'quantity.cake': '1' }, origin));
    assert.deepEqual([res.status, res.headers.get('location')], [403, null], String(origin));
    await res.body?.cancel();
  }
  const gone = await handler(form({ 'quantity.cake': '1', slug: 'another-page' }));
  assert.equal(gone.status, 404);
  await gone.body?.cancel();
  assert.equal(calls.reserved.length, 0);
});

Deno.test('a form from the page’s proven custom domain is taken, and checkout returns the buyer with that domain named', async () => {
  const { store } = fakeStore({
    customDomainOrigin: (portfolio, origin) =>
      Promise.resolve(portfolio === PAGE.portfolio && origin === 'https://ada-bakes.example' ? `${origin}/` : undefined),
  });
  const res = await createHandler(env, store)(form({ 'quantity.cake': '1' }, 'https://ada-bakes.example'));
  assert.equal(res.status, 200);
  const page = await res.text();
  const field = (name: string) =>
    new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(page)?.[1]?.replace(/&amp;/g, '&');
  assert.equal(
    field('callback_url'),
    'https://project.supabase.example/functions/v1/orders/callback?order=FF-0123456789&shop=https%3A%2F%2Fada-bakes.example',
  );
  assert.equal(field('cancel_url'), 'https://ada-bakes.example/');
  assert.match(page, /<a href="https:\/\/ada-bakes\.example\/">Back to the order<\/a>/);
});

Deno.test('posted through the page’s own custom domain, checkout returns to that domain, never to a Host the request claims', async () => {
  const { store, calls } = fakeStore({ customDomainOrigin: provenAdaBakes });
  const handler = createHandler(env, store);
  const own = await (await handler(form({ 'quantity.cake': '1' }, 'https://ada-bakes.example', 'ada-bakes.example'))).text();
  assert.equal(hiddenField(own, 'callback_url'), 'https://ada-bakes.example/functions/v1/orders/callback?order=FF-0123456789');
  assert.equal(hiddenField(own, 'cancel_url'), 'https://ada-bakes.example/');
  // A Host that is not a proven domain of this page (another page's, or made up) is not followed.
  for (const forged of ['evil.example', 'ada-bakes.example.evil.example', 'ada-bakes.example/x', 'ada-bakes.example"><b']) {
    const page = await (await handler(form({ 'quantity.cake': '1' }, 'https://ada-bakes.example', forged))).text();
    assert.equal(
      hiddenField(page, 'callback_url'),
      'https://project.supabase.example/functions/v1/orders/callback?order=FF-0123456789&shop=https%3A%2F%2Fada-bakes.example',
      forged,
    );
  }
  // From FolioForge's own site the header changes nothing the page's own domain does not prove.
  const onSite = await (await handler(form({ 'quantity.cake': '1' }, SITE, 'evil.example'))).text();
  assert.equal(hiddenField(onSite, 'callback_url'), 'https://project.supabase.example/functions/v1/orders/callback?order=FF-0123456789');
  assert.equal(hiddenField(onSite, 'cancel_url'), `${SITE}/p/${PAGE.slug}`);
  // The order keeps the domain it was placed on for its status links; a field of the form named so changes nothing.
  await (await handler(form({ 'quantity.cake': '1', shop_origin: 'https://evil.example' }, SITE))).body?.cancel();
  assert.deepEqual(calls.shopOrigins, ['https://ada-bakes.example', null, null, null, null, null, null]);
});

Deno.test('too many orders from one buyer on one page are refused with when to try again', async () => {
  const { HttpError } = await import('../_shared/request.ts');
  const { store, calls } = fakeStore({
    spend: (_budgets, refusal) => Promise.reject(new HttpError(429, refusal, { retryAfterSeconds: 120 })),
  });
  const res = await createHandler(env, store)(form({ 'quantity.cake': '1' }));
  assert.deepEqual([res.status, res.headers.get('retry-after')], [429, '120']);
  await res.body?.cancel();
  assert.equal(calls.reserved.length, 0);
});

// ─── the buyer's return from checkout ────────────────────────────────────────────────────────
/** What Razorpay's hosted checkout posts back; signed as a connected account's payment is, with the partner app's client secret. */
async function returned(fields: Record<string, string> = {}, secret = 'partner-client-secret', number = ORDER.number, query = '') {
  const signature = await hmacSha256Hex(
    secret,
    `${fields.razorpay_order_id ?? ORDER.razorpay}|${fields.razorpay_payment_id ?? ORDER.payment}`,
  );
  return new Request(`http://functions.test/orders/callback?order=${number}${query}`, {
    method: 'POST',
    body: new URLSearchParams({
      razorpay_payment_id: ORDER.payment,
      razorpay_order_id: ORDER.razorpay,
      razorpay_signature: signature,
      ...fields,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

Deno.test('a signed return from checkout records the payment read from Razorpay, and says the order is paid', async () => {
  const { store, calls } = fakeStore();
  const res = await createHandler(env, store)(await returned());
  assert.equal(res.status, 200);
  const page = await res.text();
  assert.match(page, /<h1>Thank you: your order is paid<\/h1>/);
  assert.match(page, /FF-0123456789/);
  assert.match(page, new RegExp(`<a href="${SITE}/p/${PAGE.slug}">Back to the shop</a>`));
  // The amount is Razorpay's, the account the order's: nothing the browser sent but the payment's id.
  assert.deepEqual(calls.settled, [
    { razorpayOrderId: ORDER.razorpay, accountId: ORDER.account, paymentId: ORDER.payment, amount: 99000, currency: 'INR' },
  ]);
});

Deno.test('ordered on the page’s custom domain, the buyer is sent back there; a domain not the page’s is not linked', async () => {
  const { store } = fakeStore({
    customDomainOrigin: (portfolio, origin) =>
      Promise.resolve(portfolio === PAGE.portfolio && origin === 'https://ada-bakes.example' ? `${origin}/` : undefined),
  });
  const handler = createHandler(env, store);
  const own = await (await handler(await returned({}, undefined, undefined, '&shop=https%3A%2F%2Fada-bakes.example'))).text();
  assert.match(own, /<a href="https:\/\/ada-bakes\.example\/">Back to the shop<\/a>/);
  const other = await (await handler(await returned({}, undefined, undefined, '&shop=https%3A%2F%2Fevil.example'))).text();
  assert.match(other, new RegExp(`<a href="${SITE}/p/${PAGE.slug}">Back to the shop</a>`));
  assert.doesNotMatch(other, /evil\.example/);
});

Deno.test('returned through the page’s custom domain, the confirmation links the status page and the shop on that domain', async () => {
  const placedOn = (shopOrigin: string | null): Pick<OrderStore, 'callbackOrder'> => ({
    callbackOrder: async (number) => {
      const order = await fakeStore().store.callbackOrder(number);
      return order && { ...order, shopOrigin };
    },
  });
  const { store } = fakeStore({ customDomainOrigin: provenAdaBakes, ...placedOn('https://ada-bakes.example') });
  const handler = createHandler(env, store);
  const through = async (host: string) => {
    const req = await returned();
    req.headers.set('x-folioforge-shop-host', host);
    return await (await handler(req)).text();
  };
  const own = await through('ada-bakes.example');
  assert.match(own, /<h1>Thank you: your order is paid<\/h1>/);
  assert.match(own, /<a href="https:\/\/ada-bakes\.example\/functions\/v1\/orders\/status\/FF-0123456789-[0-9a-f]{64}">/);
  assert.match(own, /<a href="https:\/\/ada-bakes\.example\/">Back to the shop<\/a>/);
  // A forged Host: FolioForge's own addresses, nothing of the forged one.
  const forged = await through('evil.example');
  assert.match(forged, new RegExp(`<a href="${SITE}/p/${PAGE.slug}">Back to the shop</a>`));
  assert.doesNotMatch(forged, /evil\.example/);
  // The status link is the order's: on the domain it was placed on, whatever Host the return claims.
  assert.match(forged, /<a href="https:\/\/ada-bakes\.example\/functions\/v1\/orders\/status\/FF-0123456789-[0-9a-f]{64}">/);
  // Placed on the site, or on a domain that is no longer the page's: FolioForge's own address.
  for (const shopOrigin of [null, 'https://lapsed.example']) {
    const req = await returned();
    req.headers.set('x-folioforge-shop-host', 'ada-bakes.example');
    const page = await (
      await createHandler(env, fakeStore({ customDomainOrigin: provenAdaBakes, ...placedOn(shopOrigin) }).store)(req)
    ).text();
    assert.match(
      page,
      /<a href="https:\/\/project\.supabase\.example\/functions\/v1\/orders\/status\/FF-0123456789-[0-9a-f]{64}">/,
      String(shopOrigin),
    );
  }
});

Deno.test('a forged or foreign return from checkout changes nothing, and the buyer is told so', async () => {
  const { store, calls } = fakeStore();
  const handler = createHandler(env, store);
  const cases: [string, Request][] = [
    ['signed with the platform key secret', await returned({}, 'rzp-key-secret')],
    ['a signature for another order', await returned({ razorpay_order_id: 'order_Another0000001' })],
    ['another order’s payment', await returned({ razorpay_payment_id: 'pay_Another00000001' })],
    ['no signature', await returned({ razorpay_signature: '' })],
  ];
  for (const [label, request] of cases) {
    const res = await handler(request);
    const page = await res.text();
    if (label === 'no signature') {
      assert.equal(res.status, 200, label);
      assert.match(page, /<h1>Your order is not paid<\/h1>/, label);
    } else {
      assert.equal(res.status, 400, label);
      assert.match(page, /<h1>We could not confirm this payment<\/h1>/, label);
    }
    assert.match(page, /Back to the shop/, label);
  }
  const unknown = await handler(await returned({}, 'partner-client-secret', 'FF-9999999999'));
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
  assert.equal(calls.settled.length, 0);
});

Deno.test('a return before Razorpay captured the payment, or after the order ended, says so', async () => {
  const authorized = fakeStore({ sellerPayment: () => Promise.resolve({ ...CAPTURED, status: 'authorized' }) });
  const waiting = await createHandler(env, authorized.store)(await returned());
  assert.equal(waiting.status, 202);
  assert.match(await waiting.text(), /<h1>Your payment is being confirmed<\/h1>/);
  assert.equal(authorized.calls.settled.length, 0, 'nothing is recorded until the money is taken');

  const late = fakeStore({ settle: () => Promise.resolve('refunded') });
  const refunded = await createHandler(env, late.store)(await returned());
  assert.equal(refunded.status, 200);
  assert.match(await refunded.text(), /<h1>Your payment is being refunded<\/h1>/);

  const givenBack = fakeStore({ sellerPayment: () => Promise.resolve({ ...CAPTURED, status: 'refunded' }) });
  const already = await createHandler(env, givenBack.store)(await returned());
  assert.match(await already.text(), /<h1>Your payment is being refunded<\/h1>/);
  assert.equal(givenBack.calls.settled.length, 0, 'a payment given back is not recorded as paying anything');
});
