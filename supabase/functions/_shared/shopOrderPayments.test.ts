// What a captured shop payment leads to beyond the SQL's decision (shop_order_payments.test.sql): a
// payment owed back is refunded on the seller's account and marked so; a refund Razorpay did not make
// is let go for the next delivery to try again; one Razorpay answers `pending` is under way until the
// account's webhook (shop_late_refunds_pending.test.sql), which moves no stock for it; the one call that
// records it processed mails its buyer. The sweep retries those still owed (shop_late_refund_retries.test.sql).
import assert from 'node:assert/strict';
import {
  retryOwedRefunds,
  settleShopPayment,
  settleShopRefund,
  type MadeRefund,
  type PaymentOutcome,
  type RefundEventOutcome,
  type ShopPaymentStore,
  type ShopRefundStore,
} from './shopOrderPayments.ts';

const PAYMENT = {
  razorpayOrderId: 'order_Razorpay000001',
  accountId: 'acc_SellerAccount1',
  paymentId: 'pay_Payment0000001',
  amount: 99000,
  currency: 'INR',
};

const MADE: MadeRefund = { id: 'rfnd_Refund00000001', status: 'processed' };

function store(
  outcome: PaymentOutcome,
  refund: (paymentId: string) => Promise<MadeRefund | null> = () => Promise.resolve(MADE),
  owed: { paymentId: string; ownerId: string }[][] = [],
  settledByWebhook = false,
) {
  const calls = {
    refunds: [] as string[],
    marked: [] as [string, string | null][],
    underWay: [] as [string, string][],
    mailed: [] as string[],
    lateMailed: [] as string[],
  };
  const fake: ShopPaymentStore = {
    record: () => Promise.resolve({ outcome, orderId: 'order-uuid', orderNumber: 'FF-0123456789', ownerId: 'owner-1' }),
    refund: (ownerId, paymentId) => {
      calls.refunds.push(`${ownerId}:${paymentId}`);
      return refund(paymentId);
    },
    // As shop_order_payment_refunded answers: true for the first call that records the refund made.
    refunded: (paymentId, refundId) => {
      const first = !!refundId && !calls.marked.some(([paid, made]) => paid === paymentId && made);
      calls.marked.push([paymentId, refundId]);
      return Promise.resolve(first && !settledByWebhook);
    },
    refundUnderWay: (paymentId, refundId) => {
      calls.underWay.push([paymentId, refundId]);
      return Promise.resolve();
    },
    mailPaid: (orderId) => {
      calls.mailed.push(orderId);
      return Promise.resolve();
    },
    mailLateRefund: (paymentId) => {
      calls.lateMailed.push(paymentId);
      return Promise.resolve();
    },
    // Each call hands over the next batch the SQL would claim, then nothing.
    owedRefunds: () => Promise.resolve(owed.shift() ?? []),
  };
  return { fake, calls };
}

Deno.test('a paid, repeated or foreign payment is reported as the database decided, and nothing is refunded', async () => {
  for (const outcome of ['paid', 'already_paid', 'foreign', 'mismatch', 'unknown', 'already_refunded', 'refund_underway'] as const) {
    const { fake, calls } = store(outcome);
    assert.equal((await settleShopPayment(fake, PAYMENT)).status, outcome);
    assert.deepEqual(calls.refunds, [], outcome);
    // Only the call that paid the order mails it: every later or repeated one is told 'already_paid'.
    assert.deepEqual(calls.mailed, outcome === 'paid' ? ['order-uuid'] : [], `${outcome}: mailed`);
  }
});

Deno.test('a payment owed back is refunded on the owner’s account and marked refunded', async () => {
  const { fake, calls } = store('refund');
  assert.equal((await settleShopPayment(fake, PAYMENT)).status, 'refunded');
  assert.deepEqual(calls.refunds, ['owner-1:pay_Payment0000001']);
  assert.deepEqual(calls.marked, [['pay_Payment0000001', 'rfnd_Refund00000001']]);
  assert.deepEqual(calls.mailed, [], 'a payment given back mails no receipt');
  assert.deepEqual(calls.lateMailed, ['pay_Payment0000001'], 'its buyer is told it is back, once');
});

Deno.test('a late payment’s refund its webhook recorded first is mailed by the webhook, not again by the call', async () => {
  const { fake, calls } = store('refund', undefined, [], true);
  assert.equal((await settleShopPayment(fake, PAYMENT)).status, 'refunded');
  assert.deepEqual(calls.lateMailed, []);
});

Deno.test('a refund Razorpay refused, or a seller no longer connected, leaves it owed for the next try', async () => {
  const failing = store('refund', () => Promise.reject(new Error('Razorpay answered 502')));
  await assert.rejects(settleShopPayment(failing.fake, PAYMENT), /502/);
  assert.deepEqual(failing.calls.marked, [['pay_Payment0000001', null]]);

  const disconnected = store('refund', () => Promise.resolve(null));
  assert.equal((await settleShopPayment(disconnected.fake, PAYMENT)).status, 'refund_waiting');
  assert.deepEqual(disconnected.calls.marked, [['pay_Payment0000001', null]]);
  assert.deepEqual([failing.calls.lateMailed, disconnected.calls.lateMailed], [[], []], 'nobody is told of a refund not made');

  const failed = store('refund', () => Promise.resolve({ ...MADE, status: 'failed' }));
  assert.equal((await settleShopPayment(failed.fake, PAYMENT)).status, 'refund_waiting');
  assert.deepEqual(failed.calls.marked, [['pay_Payment0000001', null]], 'a refund Razorpay answered failed is no refund');
});

Deno.test('a late payment’s refund Razorpay answers pending is under way, not marked refunded', async () => {
  const { fake, calls } = store('refund', () => Promise.resolve({ ...MADE, status: 'pending' }));
  assert.equal((await settleShopPayment(fake, PAYMENT)).status, 'refund_underway');
  assert.deepEqual(calls.underWay, [['pay_Payment0000001', 'rfnd_Refund00000001']], 'it keeps Razorpay’s id for the webhook');
  assert.deepEqual(calls.marked, [], 'the webhook settles it');
  assert.deepEqual(calls.lateMailed, [], 'and tells the buyer');
});

Deno.test('the sweep refunds every payment still owed back once, as its owner, and a failure leaves only that one owed', async () => {
  const owed = (id: string, ownerId = 'owner-2') => ({ paymentId: `pay_Payment000000${id}`, ownerId });
  const answers: Record<string, () => Promise<MadeRefund | null>> = {
    pay_Payment0000002: () => Promise.reject(new Error('Razorpay answered 502')),
    pay_Payment0000003: () => Promise.resolve({ ...MADE, status: 'pending' }),
    pay_Payment0000004: () => Promise.resolve(null),
  };
  const { fake, calls } = store('refund', (paymentId) => (answers[paymentId] ?? (() => Promise.resolve(MADE)))(), [
    [owed('1'), owed('2'), owed('3')],
    [owed('4', 'owner-3'), owed('5')],
  ]);
  assert.deepEqual(await retryOwedRefunds(fake), { refunded: 2, underWay: 1, owed: 2 });
  assert.deepEqual(calls.refunds, [
    'owner-2:pay_Payment0000001',
    'owner-2:pay_Payment0000002',
    'owner-2:pay_Payment0000003',
    'owner-3:pay_Payment0000004',
    'owner-2:pay_Payment0000005',
  ]);
  assert.deepEqual(
    calls.marked,
    [
      ['pay_Payment0000001', 'rfnd_Refund00000001'],
      ['pay_Payment0000002', null],
      ['pay_Payment0000004', null],
      ['pay_Payment0000005', 'rfnd_Refund00000001'],
    ],
    'each made or let go for a later sweep',
  );
  assert.deepEqual(calls.underWay, [['pay_Payment0000003', 'rfnd_Refund00000001']], 'one pending is left to its webhook');
  assert.deepEqual(calls.lateMailed, ['pay_Payment0000001', 'pay_Payment0000005'], 'the buyers of those refunded are told');
  assert.deepEqual(await retryOwedRefunds(fake), { refunded: 0, underWay: 0, owed: 0 }, 'nothing due: nothing refunded');
  assert.equal(calls.refunds.length, 5);
});

const REFUND_EVENT = {
  outcome: 'processed' as const,
  accountId: 'acc_SellerAccount1',
  razorpayRefundId: 'rfnd_Refund00000001',
  paymentId: 'pay_Payment0000001',
  amount: 45000,
  shopRefundId: '7b2f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1b',
};

function refundStore(outcome: RefundEventOutcome, refundId: string | null = 'refund-uuid') {
  const calls = { stock: [] as string[], mailed: [] as string[], lateMailed: [] as string[], recorded: [] as unknown[] };
  const fake: ShopRefundStore = {
    recordRefund: (event) => {
      calls.recorded.push(event);
      const known = ['processed', 'failed', 'already'].includes(outcome);
      return Promise.resolve({ outcome, refundId: known ? refundId : null, orderId: known ? 'order-uuid' : null });
    },
    stockChanged: (orderId) => {
      calls.stock.push(orderId);
      return Promise.resolve();
    },
    mailRefund: (refundId) => {
      calls.mailed.push(refundId);
      return Promise.resolve();
    },
    mailLateRefund: (paymentId) => {
      calls.lateMailed.push(paymentId);
      return Promise.resolve();
    },
  };
  return { fake, calls };
}

Deno.test('refund.processed that settles a pending refund re-renders the stock and mails the buyer, once', async () => {
  const { fake, calls } = refundStore('processed');
  assert.equal(await settleShopRefund(fake, REFUND_EVENT), 'processed');
  assert.deepEqual(calls.recorded, [REFUND_EVENT], 'the SQL decides from the signed event, its account and the refund named in its notes');
  assert.deepEqual([calls.stock, calls.mailed, calls.lateMailed], [['order-uuid'], ['refund-uuid'], []]);
});

Deno.test('a replay, a failed refund, another account’s or an unknown refund mails nobody and changes no stock', async () => {
  for (const outcome of ['already', 'failed', 'foreign', 'mismatch', 'unknown'] as const) {
    const { fake, calls } = refundStore(outcome);
    assert.equal(await settleShopRefund(fake, { ...REFUND_EVENT, outcome: outcome === 'failed' ? 'failed' : 'processed' }), outcome);
    assert.deepEqual([calls.stock, calls.mailed, calls.lateMailed], [[], [], []], outcome);
  }
});

Deno.test(
  'a late payment’s refund its webhook settles moves no stock (its order held none); processed, its buyer is told once',
  async () => {
    for (const outcome of ['processed', 'failed', 'already'] as const) {
      const { fake, calls } = refundStore(outcome, null);
      assert.equal(await settleShopRefund(fake, { ...REFUND_EVENT, amount: 99000, shopRefundId: null }), outcome);
      assert.deepEqual([calls.stock, calls.mailed], [[], []], outcome);
      assert.deepEqual(calls.lateMailed, outcome === 'processed' ? ['pay_Payment0000001'] : [], outcome);
    }
  },
);
