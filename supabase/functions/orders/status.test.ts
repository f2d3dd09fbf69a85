// The buyer's private order page: its own token shows that order (items, total, status) as plain
// HTML; a wrong token, another order's, or the order number alone is 404 and shows nothing.
import assert from 'node:assert/strict';
import { orderStatusToken, orderStatusUrl } from '../_shared/shopMailLinks.ts';
import { answerStatus, type StatusOrder, type StatusStore } from './status.ts';

const env = (name: string) => ({ SUPABASE_URL: 'https://project.supabase.example', SHOP_ORDER_LINK_KEY: 'order-link-key' })[name];
const ORDER: StatusOrder = {
  orderNumber: 'FF-0123456789',
  status: 'paid',
  currency: 'INR',
  delivery: 'ship',
  itemsAmount: 99000,
  shippingAmount: 5000,
  totalAmount: 104000,
  createdAt: '2026-12-02T19:00:00.000Z',
  items: [
    { name: 'Chocolate <cake>', optionName: '1 kg', quantity: 2, unitAmount: 45000, lineAmount: 90000 },
    { name: 'Sourdough', optionName: null, quantity: 1, unitAmount: 9000, lineAmount: 9000 },
  ],
  seller: { name: 'Ada Bakes', email: 'ada@bakes.example', phone: null },
  latePayments: [],
};
const OTHER: StatusOrder = { ...ORDER, orderNumber: 'FF-ABCDEFGHIJ', status: 'refunded' };
const LATE: StatusOrder = {
  ...ORDER,
  orderNumber: 'FF-LATE000001',
  status: 'expired',
  latePayments: [
    { amount: 104000, refunded: true },
    { amount: 104000, refunded: false },
  ],
};
const store: StatusStore = {
  orderByNumber: (number) => Promise.resolve([ORDER, OTHER, LATE].find((order) => order.orderNumber === number)),
};
const open = async (token: string) => {
  const res = await answerStatus(new Request(orderStatusUrl(env, token)), env, store);
  return { status: res.status, html: await res.text(), headers: res.headers };
};

Deno.test('its own link shows the order: items, options, quantities, prices, total and status', async () => {
  const page = await open(await orderStatusToken(env, ORDER.orderNumber));
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  assert.match(page.html, /<h1>Your order FF-0123456789<\/h1>/);
  assert.match(page.html, /Status: <strong id="status">Paid: the seller is preparing it<\/strong>/);
  assert.match(page.html, /<td>Chocolate &lt;cake&gt; \(1 kg\)<\/td><td>2<\/td><td>₹450\.00<\/td><td>₹900\.00<\/td>/);
  assert.match(page.html, /<th scope="row" colspan="3">Shipping<\/th><td>₹50\.00<\/td>/);
  assert.match(page.html, /<th scope="row" colspan="3">Total<\/th><td>₹1,040\.00<\/td>/);
  assert.match(page.html, /<meta name="robots" content="noindex">/);
  assert.ok(!page.html.includes('<script'), 'no script needed');
  assert.ok(!page.html.includes('FF-ABCDEFGHIJ'), 'nothing of another order');
});

Deno.test('a payment that came after the order closed shows whether its refund is under way or made', async () => {
  const page = await open(await orderStatusToken(env, LATE.orderNumber));
  assert.match(page.html, /<strong id="status">Cancelled: it was not paid in time<\/strong>/);
  assert.deepEqual(
    [...page.html.matchAll(/<p class="late-payment">([^<]*)<\/p>/g)].map((match) => match[1]),
    [
      'Your payment of ₹1,040.00 came when this order was no longer open for payment: it has been refunded in full.',
      'Your payment of ₹1,040.00 came when this order was no longer open for payment: its refund is under way.',
    ],
  );
  assert.doesNotMatch((await open(await orderStatusToken(env, ORDER.orderNumber))).html, /late-payment/, 'none for an order paid in time');
});

Deno.test('each order’s link shows only that order, and its own status', async () => {
  const page = await open(await orderStatusToken(env, OTHER.orderNumber));
  assert.match(page.html, /<h1>Your order FF-ABCDEFGHIJ<\/h1>/);
  assert.match(page.html, /<strong id="status">Refunded<\/strong>/);
});

Deno.test('a wrong token, another order’s mac, the number alone or another key’s link: 404, nothing shown', async () => {
  const own = await orderStatusToken(env, ORDER.orderNumber);
  const others = await orderStatusToken(env, OTHER.orderNumber);
  const otherKey = (name: string) => (name === 'SHOP_ORDER_LINK_KEY' ? 'another-key' : env(name));
  for (const token of [
    `${ORDER.orderNumber}-${others.slice(-64)}`,
    `${ORDER.orderNumber}-${own.slice(-64, -1)}0`.replace(/00$/, '01'),
    ORDER.orderNumber,
    await orderStatusToken(otherKey, ORDER.orderNumber),
    `${own}x`,
    '',
  ]) {
    const page = await open(token);
    assert.equal(page.status, 404, token);
    assert.match(page.html, /<h1>There is no such order<\/h1>/);
    assert.ok(!page.html.includes('Chocolate'), token);
  }
});

Deno.test('only GET reads it', async () => {
  const res = await answerStatus(new Request(orderStatusUrl(env, 'x'), { method: 'POST' }), env, store);
  assert.equal(res.status, 405);
});
