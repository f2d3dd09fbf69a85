// What a captured payment on a seller's connected account does to a shop order, for the webhook (the
// source of truth) and the buyer's return from checkout alike: record_shop_order_payment decides, in
// one locked SQL call, and a payment for an order no longer pending is refunded here through
// Razorpay, acting for the seller, then marked refunded (once: the SQL hands the refund to one call).
// One whose refund was not made (refused, failed, the seller not connected) is retried by the sweep
// (retryOwedRefunds), handed over by the same claim, at most every 15 minutes, while its seller is connected.
// The call that paid the order mails the buyer's receipt and the owner's note (shopMail.ts): SQL
// answers 'paid' to one call only, so they go out once however the webhook and the callback arrive.
// A refund of a shop order that Razorpay answered `pending`, an owner's or a late payment's, ends in
// the account's webhook (settleShopRefund): shop_order_refund_event decides, once, on the order's own
// account, for its payment and amount; the call it answers 'processed' for an owner's refund
// re-renders the page's stock and mails the buyer. A late payment held no stock: the one call that
// records its refund processed (shop_order_payment_refunded's true, or the event's 'processed') mails
// its buyer that it is back (mailLatePaymentRefund); its order's status page shows where it stands.
// One interface, so the rules are tested on Deno without a database or Razorpay.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Env } from './env.ts';
import { razorpayApiForSeller } from './razorpay.ts';
import { sellerAccessToken, sellerDepsFrom } from './sellerAccounts.ts';
import { mailLatePaymentRefund, mailPaidShopOrder, mailShopRefund } from './shopMail.ts';
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

/** Razorpay's answer to a refund: `pending` is not given back yet (its webhook says how it ends), `failed` never will be. */
export interface MadeRefund {
  id: string;
  status: 'processed' | 'pending' | 'failed';
}

export interface ShopPaymentStore {
  record(payment: CapturedPayment): Promise<RecordedPayment>;
  /** Refunds the payment in full on the owner's connected account: Razorpay's answer, or null when they are not connected. */
  refund(ownerId: string, paymentId: string): Promise<MadeRefund | null>;
  /**
   * The refund made (its id), or none made: the next delivery of the event, or the sweep, tries again.
   * True when this call recorded the refund made (shop_order_payment_refunded: one call, even racing its webhook).
   */
  refunded(paymentId: string, refundId: string | null): Promise<boolean>;
  /** Razorpay answered `pending`: under way with its id until the account's webhook (shop_order_payment_refund_at_razorpay). */
  refundUnderWay(paymentId: string, refundId: string): Promise<void>;
  /** Mails the receipt and the owner's note of an order just paid; never throws. */
  mailPaid(orderId: string): Promise<void>;
  /** Mails the buyer that their late payment is refunded; never throws. */
  mailLateRefund(paymentId: string): Promise<void>;
  /** The payments owed back due for another try, each claimed for this caller (owed_refunds_to_retry). */
  owedRefunds(): Promise<{ paymentId: string; ownerId: string }[]>;
}

/**
 * What the caller reports: the outcome, 'refunded' once this call has given a late payment back,
 * 'refund_underway' when Razorpay is still making that refund, 'refund_waiting' when it stays owed.
 */
export type SettledPayment = Exclude<PaymentOutcome, 'refund'> | 'refunded' | 'refund_waiting';

export async function settleShopPayment(
  store: ShopPaymentStore,
  payment: CapturedPayment,
): Promise<{ status: SettledPayment; recorded: RecordedPayment }> {
  const recorded = await store.record(payment);
  if (recorded.outcome === 'paid' && recorded.orderId) await store.mailPaid(recorded.orderId);
  if (recorded.outcome !== 'refund') return { status: recorded.outcome, recorded };
  return { status: await refundOwedPayment(store, recorded.ownerId!, payment.paymentId), recorded };
}

/** Refunds a payment owed back that this caller was handed (record_shop_order_payment's 'refund', or owed_refunds_to_retry). */
async function refundOwedPayment(
  store: ShopPaymentStore,
  ownerId: string,
  paymentId: string,
): Promise<'refunded' | 'refund_underway' | 'refund_waiting'> {
  let made: MadeRefund | null;
  try {
    made = await store.refund(ownerId, paymentId);
  } catch (error) {
    await store.refunded(paymentId, null);
    throw error;
  }
  if (made?.status === 'pending') {
    // Razorpay is still making it: the account's webhook settles it, or makes it owed again.
    await store.refundUnderWay(paymentId, made.id);
    return 'refund_underway';
  }
  const settled = await store.refunded(paymentId, made?.status === 'processed' ? made.id : null);
  if (!made || made.status === 'failed') {
    // The seller disconnected (nothing here can act on their account), or Razorpay could not refund it: it stays
    // owed (shop_order_returned_payments), for a later delivery of the event or the sweep (retryOwedRefunds).
    console.error('shop payment owed back, but not refunded', { payment: paymentId, refund: made?.id ?? 'not connected' });
    return 'refund_waiting';
  }
  // Its webhook may have settled it first (and mailed the buyer): only the call that recorded it mails.
  if (settled) await store.mailLateRefund(paymentId);
  return 'refunded';
}

/** What one sweep's retries did: refunds made now, under way at Razorpay, and still owed. */
export interface RetriedRefunds {
  refunded: number;
  underWay: number;
  owed: number;
}

/**
 * The sweep's retry of every payment still owed back: the store hands over each one due (not under
 * way, not retried lately, its seller connected; owed_refunds_to_retry), claimed for this call alone,
 * and each is refunded as the event's own call would. One that fails stays owed for a later sweep.
 */
export async function retryOwedRefunds(store: ShopPaymentStore): Promise<RetriedRefunds> {
  const retried: RetriedRefunds = { refunded: 0, underWay: 0, owed: 0 };
  // Each claim holds the payment for 15 minutes, so asking until none is left takes each one once.
  for (let due = await store.owedRefunds(); due.length; due = await store.owedRefunds())
    for (const { paymentId, ownerId } of due) {
      const outcome = await refundOwedPayment(store, ownerId, paymentId).catch((error: unknown) => {
        console.error('sweep: a payment owed back could not be refunded', { payment: paymentId }, error);
        return 'refund_waiting' as const;
      });
      if (outcome === 'refunded') retried.refunded++;
      else if (outcome === 'refund_underway') retried.underWay++;
      else retried.owed++;
    }
  return retried;
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
  /** shop_order_refund_event's answer: refundId is the owner's refund it settled, null for a late payment's. */
  recordRefund(event: RefundEvent): Promise<{ outcome: RefundEventOutcome; refundId: string | null; orderId: string | null }>;
  /** The order's page is re-rendered when its stock came back. */
  stockChanged(orderId: string): Promise<void>;
  /** Mails the buyer the refund; never throws. */
  mailRefund(refundId: string): Promise<void>;
  /** Mails the buyer that their late payment is refunded; never throws. */
  mailLateRefund(paymentId: string): Promise<void>;
}

/** A refund Razorpay made or could not make: settled or reopened once; only the call that settled it mails. */
export async function settleShopRefund(store: ShopRefundStore, event: RefundEvent): Promise<RefundEventOutcome> {
  const recorded = await store.recordRefund(event);
  if (recorded.outcome === 'processed' && recorded.refundId && recorded.orderId) {
    await store.stockChanged(recorded.orderId);
    await store.mailRefund(recorded.refundId);
  }
  // A late payment's refund this event settled: its order held no stock; its buyer is told it is back.
  if (recorded.outcome === 'processed' && !recorded.refundId && recorded.orderId) await store.mailLateRefund(event.paymentId);
  if (recorded.outcome === 'foreign' || recorded.outcome === 'mismatch')
    console.error('a refund event that is not its order’s changed nothing', { refund: event.razorpayRefundId, outcome: recorded.outcome });
  if (recorded.outcome === 'failed' && !recorded.refundId)
    console.error('Razorpay could not refund a late payment: it stays owed', { payment: event.paymentId, refund: event.razorpayRefundId });
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
    mailLateRefund: (paymentId) => mailLatePaymentRefund(env, admin, paymentId),
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
      const made = await razorpayApiForSeller(env, seller.accessToken).refundPayment(paymentId);
      return { id: made.id, status: made.status };
    },
    async refundUnderWay(paymentId, refundId) {
      const { error } = await admin.rpc('shop_order_payment_refund_at_razorpay', { payment: paymentId, refund: refundId });
      if (error) throw new Error(`shop_order_payment_refund_at_razorpay failed: ${error.code} ${error.message}`);
    },
    async refunded(paymentId, refundId) {
      const { data, error } = await admin.rpc(
        'shop_order_payment_refunded',
        refundId ? { payment: paymentId, refund: refundId } : { payment: paymentId },
      );
      if (error) throw new Error(`shop_order_payment_refunded failed: ${error.code} ${error.message}`);
      return data === true;
    },
    mailPaid: (orderId) => mailPaidShopOrder(env, admin, orderId),
    mailLateRefund: (paymentId) => mailLatePaymentRefund(env, admin, paymentId),
    async owedRefunds() {
      const { data, error } = await admin.rpc('owed_refunds_to_retry', {});
      if (error) throw new Error(`owed_refunds_to_retry failed: ${error.code} ${error.message}`);
      return (data as { payment_id: string; owner_id: string }[]).map((row) => ({ paymentId: row.payment_id, ownerId: row.owner_id }));
    },
  };
}
