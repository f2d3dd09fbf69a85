// The webhook's reading of refund.processed / refund.failed (what settleShopRefund then decides on:
// _shared/shopOrderPayments.test.ts, and shop_refunds_pending.test.sql): a shop refund only on a
// seller's account, found by the refund named in its notes, whatever shape Razorpay gives empty notes;
// and an event that is not signed with the webhook secret is refused before anything is read.
// `deno test` grants no permissions, so reaching the network or a database here fails the test.
import assert from 'node:assert/strict';
import { hmacSha256Hex } from '../_shared/hmac.ts';
import { createHandler, shopRefundEvent, type WebhookEvent } from './handler.ts';

const refundEvent = (changes: Partial<WebhookEvent> = {}, notes: unknown = { shop_refund: '7b2f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1b' }) =>
  ({
    event: 'refund.processed',
    account_id: 'acc_SellerAccount1',
    payload: {
      refund: { entity: { id: 'rfnd_Refund00000001', payment_id: 'pay_Payment0000001', amount: 45000, status: 'processed', notes } },
    },
    ...changes,
  }) as WebhookEvent;

Deno.test('refund.processed and refund.failed on a seller’s account name the shop refund from their notes', () => {
  assert.deepEqual(shopRefundEvent(refundEvent()), {
    outcome: 'processed',
    accountId: 'acc_SellerAccount1',
    razorpayRefundId: 'rfnd_Refund00000001',
    paymentId: 'pay_Payment0000001',
    amount: 45000,
    shopRefundId: '7b2f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1b',
  });
  assert.equal(shopRefundEvent(refundEvent({ event: 'refund.failed' }))?.outcome, 'failed');
  // Razorpay sends empty notes as []: the refund is then found by Razorpay's id alone.
  assert.equal(shopRefundEvent(refundEvent({}, []))?.shopRefundId, null);
  assert.equal(shopRefundEvent(refundEvent({}, { shop_refund: 42 }))?.shopRefundId, null);
});

Deno.test('a refund on the platform’s own account, or another event, is no shop refund', () => {
  assert.equal(shopRefundEvent(refundEvent({ account_id: undefined })), null);
  assert.equal(shopRefundEvent(refundEvent({ event: 'refund.created' })), null);
  assert.equal(shopRefundEvent({ ...refundEvent(), payload: {} }), null);
});

Deno.test('an event not signed with the webhook secret is refused before it is read', async () => {
  const env = (name: string) => ({ RAZORPAY_WEBHOOK_SECRET: 'whsec-test' })[name];
  const body = JSON.stringify(refundEvent());
  const post = (signature: string) =>
    createHandler(env)(
      new Request('http://functions.test/razorpay-webhook', { method: 'POST', body, headers: { 'X-Razorpay-Signature': signature } }),
    );
  const forged = await post(await hmacSha256Hex('another-secret', body));
  assert.equal(forged.status, 400);
  assert.deepEqual(await forged.json(), { error: 'Invalid webhook signature' });
});
