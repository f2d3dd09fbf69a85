// The shop function's rules on Deno, with the database, Razorpay and EmailJS stood in for (store.ts's
// interface): the buyer is mailed once when an order is marked, a refund's amount is never the
// browser's, what Razorpay answers decides whether the refund is settled, freed or left to finish, and
// the buyer hears of a refund once: from the call that settled it (its words: _shared/shopMail.test.ts).
// `deno test` grants no permissions, so reaching the network here fails the test.
import assert from 'node:assert/strict';
import { createHandler } from './handler.ts';
import { RazorpayRefused, RefundRefused, type ClaimedRefund, type OwnerOrder, type ShopStore } from './store.ts';

const env = (name: string) => ({ SITE_URL: 'https://folioforge.example' })[name];
const OWNER = '2b1f0c9e-0000-4000-8000-000000000001';
const ORDER_ID = '6a1f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1a';
const REFUND_ID = '7b2f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1b';
const TOKEN = { accountId: 'acc_SellerAccount1', accessToken: 'access-1', publicToken: 'rzp_test_oauth_1' };

const order = (changes: Partial<OwnerOrder> = {}): OwnerOrder => ({
  id: ORDER_ID,
  orderNumber: 'FF-0123456789',
  ownerId: OWNER,
  status: 'paid',
  delivery: 'ship',
  buyerName: 'नेहा 🌸',
  buyerEmail: 'neha@example.com',
  currency: 'INR',
  totalAmount: 104000,
  shippingAmount: 5000,
  refundedAmount: 0,
  razorpayPaymentId: 'pay_Payment0000001',
  fulfilment: null,
  fulfilledAt: null,
  items: [
    { line: 1, name: 'Chocolate cake', optionName: null, quantity: 2, unitAmount: 45000 },
    { line: 2, name: 'Fruit tart', optionName: 'Large', quantity: 1, unitAmount: 9000 },
  ],
  seller: { name: 'Ada Bakes', email: 'ada@example.com', pageUrl: 'https://folioforge.example/p/ada-bakes' },
  statusUrl: 'https://ada-bakes.example/functions/v1/orders/status/FF-0123456789-abc',
  ...changes,
});

/** A store that records what the function asked of it. */
function fakeStore(overrides: Partial<ShopStore> = {}, current: OwnerOrder = order()) {
  const calls = {
    mails: [] as { to: string; subject: string; message: string }[],
    /** The refunds whose mail the buyer was sent (its words: _shared/shopMail.test.ts). */
    refundMails: [] as string[],
    claims: [] as unknown[][],
    settled: [] as [string, string | null][],
    underWay: [] as [string, string][],
    razorpay: [] as { token: string; payment: string; amount: number; key: string }[],
  };
  let now = current;
  const claimed: ClaimedRefund = { refundId: REFUND_ID, amount: 45000, status: 'pending', fresh: true };
  const store: ShopStore = {
    caller: () => Promise.resolve({ id: OWNER }),
    order: (ownerId, orderId) => Promise.resolve(ownerId === now.ownerId && orderId === now.id ? now : null),
    markFulfilled(_order, fulfilment) {
      if (now.fulfilment) return Promise.resolve(null);
      now = { ...now, fulfilment, fulfilledAt: '2026-12-02T19:30:00.000Z' };
      return Promise.resolve(now.fulfilledAt);
    },
    claimRefund(...args) {
      calls.claims.push(args);
      return Promise.resolve(claimed);
    },
    settleRefund(refundId, razorpayRefundId) {
      calls.settled.push([refundId, razorpayRefundId]);
      if (razorpayRefundId) now = { ...now, status: 'partially_refunded', refundedAmount: now.refundedAmount + claimed.amount };
      return Promise.resolve(true);
    },
    refundUnderWay(refundId, razorpayRefundId) {
      calls.underWay.push([refundId, razorpayRefundId]);
      return Promise.resolve();
    },
    refund: () => Promise.resolve({ status: 'processed', amount: 45000, shippingAmount: 0, lines: [{ line: 1, quantity: 1 }] }),
    sellerToken: () => Promise.resolve(TOKEN),
    refundAtRazorpay(token, payment, amount, key) {
      calls.razorpay.push({ token: token.accessToken, payment, amount, key });
      return Promise.resolve({ id: 'rfnd_Refund00000001', status: 'processed' });
    },
    mail(to, subject, message) {
      calls.mails.push({ to, subject, message });
      return Promise.resolve();
    },
    mailRefund(refundId) {
      calls.refundMails.push(refundId);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { store, calls };
}

const post = (store: ShopStore, body: unknown) =>
  createHandler(env, store)(new Request('http://functions.test/shop', { method: 'POST', body: JSON.stringify(body) }));

const REFUND = { action: 'refund', orderId: ORDER_ID, requestKey: 'press-0000000001', lines: [{ line: 1, quantity: 1 }], shipping: false };

Deno.test('marked shipped, the buyer is mailed once, in their own name, with the items and the seller to write to', async () => {
  const { store, calls } = fakeStore();
  const first = await post(store, { action: 'fulfil', orderId: ORDER_ID, note: ' Tracking: DTDC 123 ' });
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { fulfilment: 'shipped', fulfilledAt: '2026-12-02T19:30:00.000Z', mailed: true });
  assert.equal(calls.mails.length, 1);
  const [mail] = calls.mails;
  assert.equal(mail!.to, 'neha@example.com');
  assert.equal(mail!.subject, 'Your order FF-0123456789 from Ada Bakes is on its way');
  assert.match(mail!.message, /^Hello नेहा 🌸,/);
  assert.match(mail!.message, /- 2 × Chocolate cake\n- 1 × Fruit tart \(Large\)/);
  assert.match(mail!.message, /Shipping details from Ada Bakes: Tracking: DTDC 123\n/);
  assert.match(mail!.message, /Write to Ada Bakes at ada@example.com/);
  assert.ok(mail!.message.split('\n').includes(order().statusUrl), 'the order’s status link');

  const again = await post(store, { action: 'fulfil', orderId: ORDER_ID });
  assert.deepEqual(await again.json(), { fulfilment: 'shipped', fulfilledAt: '2026-12-02T19:30:00.000Z', mailed: false });
  assert.equal(calls.mails.length, 1, 'pressed twice, mailed once');
});

Deno.test('a pickup order is ready for pickup; an unpaid one, or another owner’s, is not marked', async () => {
  const pickup = fakeStore({}, order({ delivery: 'pickup' }));
  const ready = await post(pickup.store, { action: 'fulfil', orderId: ORDER_ID });
  assert.equal(((await ready.json()) as { fulfilment: string }).fulfilment, 'ready_for_pickup');
  assert.match(pickup.calls.mails[0]!.subject, /is ready for pickup$/);

  const pending = fakeStore({}, order({ status: 'pending' }));
  const refused = await post(pending.store, { action: 'fulfil', orderId: ORDER_ID });
  assert.equal(refused.status, 409);
  assert.deepEqual(await refused.json(), { error: 'Only a paid order can be marked shipped.' });
  assert.equal(pending.calls.mails.length, 0);

  const other = fakeStore({}, order({ ownerId: '2b1f0c9e-0000-4000-8000-000000000009' }));
  const foreign = await post(other.store, { action: 'fulfil', orderId: ORDER_ID });
  assert.equal(foreign.status, 404);
  await foreign.body?.cancel();
});

Deno.test('a mail that fails leaves the order marked and says so', async () => {
  const { store } = fakeStore({ mail: () => Promise.reject(new Error('EmailJS answered 500')) });
  const res = await post(store, { action: 'fulfil', orderId: ORDER_ID });
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { mailed: boolean }).mailed, false);
});

Deno.test('a refund is priced by the store from the order’s rows: an amount sent by the browser is refused', async () => {
  const { store, calls } = fakeStore();
  const forged = await post(store, { ...REFUND, amount: 104000 });
  assert.equal(forged.status, 400);
  await forged.body?.cancel();
  assert.equal(calls.claims.length, 0);

  const res = await post(store, REFUND);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    refund: { id: REFUND_ID, amount: 45000, status: 'processed' },
    order: { status: 'partially_refunded', refundedAmount: 45000 },
  });
  assert.deepEqual(calls.claims, [[OWNER, ORDER_ID, 'press-0000000001', [{ line: 1, quantity: 1 }], false]]);
  assert.deepEqual(calls.razorpay, [{ token: 'access-1', payment: 'pay_Payment0000001', amount: 45000, key: REFUND_ID }]);
  assert.deepEqual(calls.settled, [[REFUND_ID, 'rfnd_Refund00000001']]);
});

Deno.test('the same press again, already refunded, asks Razorpay nothing', async () => {
  const { store, calls } = fakeStore({
    claimRefund: () => Promise.resolve({ refundId: REFUND_ID, amount: 45000, status: 'processed', fresh: false }),
  });
  const res = await post(store, REFUND);
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.deepEqual([calls.razorpay.length, calls.settled.length], [0, 0]);
});

Deno.test('the SQL’s refusals are said beside the line, with their status', async () => {
  const { store } = fakeStore({
    claimRefund: () => Promise.reject(new RefundRefused('SR422', 'That is more than is left to refund of a line', '1')),
  });
  const res = await post(store, REFUND);
  assert.equal(res.status, 422);
  assert.deepEqual(await res.json(), {
    error: 'That is more than is left to refund of this item.',
    fieldErrors: { 'line.1': 'That is more than is left to refund of this item.' },
  });
});

Deno.test('Razorpay refusing frees the refund; Razorpay not answering leaves it to finish with the same key', async () => {
  const refused = fakeStore({
    refundAtRazorpay: () => Promise.reject(new RazorpayRefused(400, 'The payment has been fully refunded already')),
  });
  const no = await post(refused.store, REFUND);
  assert.equal(no.status, 409);
  assert.match(
    ((await no.json()) as { error: string }).error,
    /^Razorpay did not make the refund: The payment has been fully refunded already/,
  );
  assert.deepEqual(refused.calls.settled, [[REFUND_ID, null]]);

  const silent = fakeStore({ refundAtRazorpay: () => Promise.reject(new TypeError('connection reset')) });
  const later = await post(silent.store, REFUND);
  assert.equal(later.status, 503);
  assert.equal(later.headers.get('retry-after'), '60');
  await later.body?.cancel();
  assert.deepEqual(silent.calls.settled, [], 'still under way: not freed, not settled');
});

Deno.test('an access token Razorpay no longer takes is refreshed once; a disconnected seller refunds nothing', async () => {
  const forced: boolean[] = [];
  let tries = 0;
  const { store, calls } = fakeStore({
    sellerToken: (_owner, force) => {
      forced.push(force);
      return Promise.resolve(force ? { ...TOKEN, accessToken: 'access-2' } : TOKEN);
    },
    refundAtRazorpay: (token) =>
      ++tries === 1
        ? Promise.reject(new RazorpayRefused(401, 'expired'))
        : Promise.resolve({ id: `rfnd_Refund0000000${token.accessToken.at(-1)}`, status: 'processed' as const }),
  });
  const res = await post(store, REFUND);
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.deepEqual(forced, [false, true]);
  assert.deepEqual(calls.settled, [[REFUND_ID, 'rfnd_Refund00000002']]);

  const gone = fakeStore({ sellerToken: () => Promise.resolve(null) });
  const none = await post(gone.store, REFUND);
  assert.equal(none.status, 409);
  assert.match(((await none.json()) as { error: string }).error, /^Connect your Razorpay account again/);
  assert.deepEqual(gone.calls.settled, [[REFUND_ID, null]]);
});

Deno.test('a refund Razorpay made is mailed to the buyer once, after it is settled', async () => {
  const { store, calls } = fakeStore();
  const res = await post(store, REFUND);
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { order: { status: string } }).order.status, 'partially_refunded');
  assert.deepEqual(calls.settled, [[REFUND_ID, 'rfnd_Refund00000001']]);
  assert.deepEqual(calls.refundMails, [REFUND_ID]);
  assert.equal(calls.mails.length, 0, 'no other mail');

  // The same press again finds it processed: nothing more is said.
  const again = fakeStore({
    claimRefund: () => Promise.resolve({ refundId: REFUND_ID, amount: 45000, status: 'processed', fresh: false }),
  });
  const replay = await post(again.store, REFUND);
  assert.equal(replay.status, 200);
  await replay.body?.cancel();
  assert.equal(again.calls.refundMails.length, 0);
});

Deno.test('of two calls finishing one refund, only the one that settled it mails', async () => {
  // A press after Razorpay was silent finds it pending with the same key; another call settled it meanwhile.
  const { store, calls } = fakeStore({
    claimRefund: () => Promise.resolve({ refundId: REFUND_ID, amount: 45000, status: 'pending', fresh: false }),
    settleRefund: () => Promise.resolve(false),
  });
  const res = await post(store, REFUND);
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.equal(calls.razorpay.length, 1, 'Razorpay was asked again, with the same key');
  assert.equal(calls.refundMails.length, 0);
});

Deno.test('no refund mail when Razorpay refused or did not answer', async () => {
  const refused = fakeStore({ refundAtRazorpay: () => Promise.reject(new RazorpayRefused(400, 'no')) });
  await (await post(refused.store, REFUND)).body?.cancel();
  const silent = fakeStore({ refundAtRazorpay: () => Promise.reject(new TypeError('connection reset')) });
  await (await post(silent.store, REFUND)).body?.cancel();
  assert.deepEqual([refused.calls.refundMails.length, silent.calls.refundMails.length], [0, 0]);
});

/** Razorpay answering `pending`: the refund entity of a refund it has yet to make. */
const pendingAtRazorpay = () => Promise.resolve({ id: 'rfnd_Refund00000001', status: 'pending' as const });

Deno.test('a refund Razorpay answers pending is under way: not settled, no stock back, no mail, said as pending', async () => {
  const { store, calls } = fakeStore({
    refundAtRazorpay: pendingAtRazorpay,
    refund: () => Promise.resolve({ status: 'pending', amount: 45000, shippingAmount: 0, lines: [{ line: 1, quantity: 1 }] }),
  });
  const res = await post(store, REFUND);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    refund: { id: REFUND_ID, amount: 45000, status: 'pending' },
    order: { status: 'paid', refundedAmount: 0 },
  });
  assert.deepEqual(calls.underWay, [[REFUND_ID, 'rfnd_Refund00000001']], 'the refund keeps Razorpay’s id');
  assert.deepEqual(calls.settled, [], 'it is not settled: the webhook will');
  assert.equal(calls.refundMails.length, 0, 'the buyer hears of it when it is made');

  // The same press again while it is under way asks Razorpay with the same key and stays pending.
  const again = fakeStore({
    claimRefund: () => Promise.resolve({ refundId: REFUND_ID, amount: 45000, status: 'pending', fresh: false }),
    refundAtRazorpay: pendingAtRazorpay,
    refund: () => Promise.resolve({ status: 'pending', amount: 45000, shippingAmount: 0, lines: [{ line: 1, quantity: 1 }] }),
  });
  const replay = await post(again.store, REFUND);
  assert.equal(((await replay.json()) as { refund: { status: string } }).refund.status, 'pending');
  assert.deepEqual([again.calls.settled.length, again.calls.refundMails.length], [0, 0]);
});

Deno.test(
  'the webhook before the pending answer: processed is said as processed, failed as refund again, mailed by neither here',
  async () => {
    const processed = fakeStore({ refundAtRazorpay: pendingAtRazorpay }, order({ status: 'partially_refunded', refundedAmount: 45000 }));
    const res = await post(processed.store, REFUND);
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as { refund: unknown }).refund, { id: REFUND_ID, amount: 45000, status: 'processed' });
    assert.deepEqual([processed.calls.settled.length, processed.calls.refundMails.length], [0, 0], 'the webhook settled it and mailed');

    const failed = fakeStore({
      refundAtRazorpay: pendingAtRazorpay,
      refund: () => Promise.resolve({ status: 'failed', amount: 45000, shippingAmount: 0, lines: [{ line: 1, quantity: 1 }] }),
    });
    const refused = await post(failed.store, REFUND);
    assert.equal(refused.status, 409);
    assert.equal(((await refused.json()) as { error: string }).error, 'Razorpay could not make the refund of ₹450.00: refund again.');
    assert.equal(failed.calls.refundMails.length, 0);
  },
);
