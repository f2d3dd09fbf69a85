// What a captured payment on a seller's connected account does to a shop order, for the webhook (the
// source of truth) and the buyer's return from checkout alike: record_shop_order_payment decides, in
// one locked SQL call, and a payment for an order no longer pending is refunded here through
// Razorpay, acting for the seller, then marked refunded (once: the SQL hands the refund to one call).
// The call that paid the order mails the buyer's receipt and the owner's note (shopMail.ts): SQL
// answers 'paid' to one call only, so they go out once however the webhook and the callback arrive.
// A refund of a shop order that Razorpay answered `pending` ends in the account's webhook
// (settleShopRefund): shop_order_refund_event decides, once, on the order's own account, for its
// payment and amount; the call it answers 'processed' re-renders the page's stock and mails the buyer.
// One interface, so the rules are tested on Deno without a database or Razorpay.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Env } from './env.ts';
import { razorpayApiForSeller } from './razorpay.ts';
import { sellerAccessToken, sellerDepsFrom } from './sellerAccounts.ts';
import { mailPaidShopOrder, mailShopRefund } from './shopMail.ts';
import { orderStockChanged } from './shopStock.ts';

export type PaymentOutcome =
  'paid' | 'already_paid' | 'refund' | 'already_refunded' | 'refund_underway' | 'unknown' | 'foreign' | 'mismatch';

export interface CapturedPayment {
  razorpayOrderId: string;
  /** The Razorpay account it was taken on (the event's account_id); null when the event names none. */
  accountId: string | null;
  paymentId: string;
  amount: number;
  currency: string;
}

export interface RecordedPayment {
  outcome: PaymentOutcome;
  orderId: string | null;
  orderNumber: string | null;
  ownerId: string | null;
}

export interface ShopPaymentStore {
  record(payment: CapturedPayment): Promise<RecordedPayment>;
  /** Refunds the payment in full on the owner's connected account: the refund's id, or null when they are not connected. */
  refund(ownerId: string, paymentId: string): Promise<string | null>;
  /** The refund made (its id), or none made: the next delivery of the event tries again. */
  refunded(paymentId: string, refundId: string | null): Promise<void>;
  /** Mails the receipt and the owner's note of an order just paid; never throws. */
  mailPaid(orderId: string): Promise<void>;
}

/** What the caller reports: the outcome, or 'refunded' once this call has given a late payment back. */
export type SettledPayment = Exclude<PaymentOutcome, 'refund'> | 'refunded' | 'refund_waiting';

export async function settleShopPayment(
  store: ShopPaymentStore,
  payment: CapturedPayment,
): Promise<{ status: SettledPayment; recorded: RecordedPayment }> {
  const recorded = await store.record(payment);
  if (recorded.outcome === 'paid' && recorded.orderId) await store.mailPaid(recorded.orderId);
  if (recorded.outcome !== 'refund') return { status: recorded.outcome, recorded };
  let refundId: string | null;
  try {
    refundId = await store.refund(recorded.ownerId!, payment.paymentId);
  } catch (error) {
    await store.refunded(payment.paymentId, null);
    throw error;
  }
  await store.refunded(payment.paymentId, refundId);
  if (!refundId) {
    // The seller disconnected: nothing here can act on their account. It stays owed (shop_order_returned_payments),
    // and any later delivery of the event tries again.
    console.error('shop payment owed back, but the seller is not connected', { payment: payment.paymentId });
    return { status: 'refund_waiting', recorded };
  }
  return { status: 'refunded', recorded };
}

/** refund.processed or refund.failed, as the webhook's signed body says it. */
export interface RefundEvent {
  outcome: 'processed' | 'failed';
  /** The event's account_id; null when it names none (the platform's own account). */
  accountId: string | null;
  razorpayRefundId: string;
  paymentId: string;
  amount: number;
  /** The refund's notes.shop_refund: the shop function's refund id, sent with the refund. */
  shopRefundId: string | null;
}

export type RefundEventOutcome = 'processed' | 'failed' | 'already' | 'unknown' | 'foreign' | 'mismatch';

export interface ShopRefundStore {
  recordRefund(event: RefundEvent): Promise<{ outcome: RefundEventOutcome; refundId: string | null; orderId: string | null }>;
  /** The order's page is re-rendered when its stock came back. */
  stockChanged(orderId: string): Promise<void>;
  /** Mails the buyer the refund; never throws. */
  mailRefund(refundId: string): Promise<void>;
}

/** A refund Razorpay made or could not make: settled or reopened once; only the call that settled it mails. */
export async function settleShopRefund(store: ShopRefundStore, event: RefundEvent): Promise<RefundEventOutcome> {
  const recorded = await store.recordRefund(event);
  if (recorded.outcome === 'processed' && recorded.refundId && recorded.orderId) {
    await store.stockChanged(recorded.orderId);
    await store.mailRefund(recorded.refundId);
  }
  if (recorded.outcome === 'foreign' || recorded.outcome === 'mismatch')
    console.error('a refund event that is not its order’s changed nothing', { refund: event.razorpayRefundId, outcome: recorded.outcome });
  return recorded.outcome;
}

export function shopRefundStoreFrom(env: Env, admin: SupabaseClient): ShopRefundStore {
  return {
    async recordRefund(event) {
      const { data, error } = await admin.rpc('shop_order_refund_event', {
        account: event.accountId ?? '',
        razorpay_refund: event.razorpayRefundId,
        payment: event.paymentId,
        refund_amount: event.amount,
        shop_refund: event.shopRefundId ?? '',
        outcome: event.outcome,
      });
      if (error) throw new Error(`shop_order_refund_event failed: ${error.code} ${error.message}`);
      const row = (data as { result: RefundEventOutcome; refund_id: string | null; order_id: string | null }[])[0]!;
      return { outcome: row.result, refundId: row.refund_id, orderId: row.order_id };
    },
    stockChanged: (orderId) => orderStockChanged(admin, orderId),
    mailRefund: (refundId) => mailShopRefund(env, admin, refundId),
  };
}

const recordedRow = (row: { outcome: string; order_id: string | null; order_number: string | null; owner_id: string | null }) => ({
  outcome: row.outcome as PaymentOutcome,
  orderId: row.order_id,
  orderNumber: row.order_number,
  ownerId: row.owner_id,
});

export function shopPaymentStoreFrom(env: Env, admin: SupabaseClient): ShopPaymentStore {
  return {
    async record(payment) {
      const { data, error } = await admin.rpc('record_shop_order_payment', {
        razorpay_order: payment.razorpayOrderId,
        account: payment.accountId ?? '',
        payment: payment.paymentId,
        paid_amount: payment.amount,
        paid_currency: payment.currency,
      });
      if (error) throw new Error(`record_shop_order_payment failed: ${error.code} ${error.message}`);
      return recordedRow((data as Parameters<typeof recordedRow>[0][])[0]!);
    },
    async refund(ownerId, paymentId) {
      const seller = await sellerAccessToken(sellerDepsFrom(env, admin), ownerId);
      if (!seller) return null;
      return (await razorpayApiForSeller(env, seller.accessToken).refundPayment(paymentId)).id;
    },
    async refunded(paymentId, refundId) {
      const { error } = await admin.rpc(
        'shop_order_payment_refunded',
        refundId ? { payment: paymentId, refund: refundId } : { payment: paymentId },
      );
      if (error) throw new Error(`shop_order_payment_refunded failed: ${error.code} ${error.message}`);
    },
    mailPaid: (orderId) => mailPaidShopOrder(env, admin, orderId),
  };
}
