// Razorpay's webhooks, verified on the raw body (X-Razorpay-Signature: hex HMAC-SHA256 with the
// webhook secret) before anything is read from it:
//   payment.captured, order.paid  → on a seller's connected account, the shop order is paid once (that
//                                   call mails the receipt and the owner, _shared/shopMail.ts), or the
//                                   payment refunded when the order had ended or its shop closed
//                                   (_shared/shopOrderPayments.ts);
//                                   on the platform's, the order's purchase is paid (if the browser never came back)
//   refund.processed, refund.failed → on a seller's account, a shop refund Razorpay answered `pending`
//                                   is settled (stock back, the buyer mailed) or reopened, once; a late
//                                   payment's refund is settled or owed again
//                                   (_shared/shopOrderPayments.ts settleShopRefund)
//   subscription.*                → the subscription's row mirrors Razorpay's state, fetched anew
//                                   (events may arrive late or out of order); subscription.charged
//                                   records the charge, with the period it paid for, once.
// Answers 200 with {status} for every authentic event, so Razorpay does not retry what was handled.
import { z } from 'zod';
import { billingDepsFrom, type BillingDeps } from '../_shared/billingDeps.ts';
import { json } from '../_shared/cors.ts';
import { requireEnv, runtimeEnv, type Env } from '../_shared/env.ts';
import { hmacSha256Hex, timingSafeEqualText } from '../_shared/hmac.ts';
import { markPaid, purchaseByOrder } from '../_shared/purchases.ts';
import { mailReceipt } from '../_shared/receiptMail.ts';
import { forgetRevokedSeller } from '../_shared/sellerAccounts.ts';
import {
  settleShopPayment,
  settleShopRefund,
  shopPaymentStoreFrom,
  shopRefundStoreFrom,
  type RefundEvent,
  type ShopPaymentStore,
  type ShopRefundStore,
} from '../_shared/shopOrderPayments.ts';
import { answeringErrors, HttpError, readRawBody } from '../_shared/request.ts';
import { mirrorOrStopSecond, recordCharge, subscriptionByRazorpayId } from '../_shared/subscriptions.ts';

const MAX_BODY_BYTES = 256 * 1024;
/** Event ids already handled by this instance; the once-only writes are the real guard. */
const SEEN_EVENTS_LIMIT = 1000;

const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullable().optional(),
  invoice_id: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  created_at: z.number().optional(),
});

const subscriptionEntity = z.object({
  id: z.string(),
  plan_id: z.string(),
  status: z.string(),
  current_start: z.number().nullable(),
  current_end: z.number().nullable(),
});

const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  // Razorpay sends notes as an object, or [] when there are none.
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});

const webhookEvent = z.object({
  event: z.string(),
  /** The Razorpay account it happened on: the platform's, or a connected seller's. */
  account_id: z.string().optional(),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    subscription: z.object({ entity: subscriptionEntity }).optional(),
    refund: z.object({ entity: refundEntity }).optional(),
  }),
  created_at: z.number().optional(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

async function orderPaid(deps: BillingDeps, shop: ShopPaymentStore, event: WebhookEvent): Promise<string> {
  const payment = event.payload.payment?.entity;
  // Only money taken counts: an authorized payment arriving after its capture changes nothing.
  if (!payment?.order_id || payment.status !== 'captured') return 'ignored';
  // A shop order's payment counts only on the account the order was made on (the event's account_id, signed).
  const settled = await settleShopPayment(shop, {
    razorpayOrderId: payment.order_id,
    accountId: event.account_id ?? null,
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
  });
  if (settled.status !== 'unknown') return settled.status;
  const purchase = await purchaseByOrder(deps.admin, payment.order_id);
  if (!purchase || payment.amount !== purchase.amount || payment.currency !== purchase.currency) return 'ignored';
  const paid = await markPaid(deps.admin, purchase, payment.id);
  if (paid.justPaid) await mailReceipt(deps, paid.purchase.user_id, paid.purchase.id);
  return 'processed';
}

/**
 * What a refund.processed / refund.failed says of a shop refund: on a seller's account (shop refunds are
 * made there only), the refund named in its notes by the shop function. Null for anything else.
 */
export function shopRefundEvent(event: WebhookEvent): RefundEvent | null {
  const refund = event.payload.refund?.entity;
  if ((event.event !== 'refund.processed' && event.event !== 'refund.failed') || !refund || !event.account_id) return null;
  const notes = Array.isArray(refund.notes) ? {} : (refund.notes ?? {});
  return {
    outcome: event.event === 'refund.processed' ? 'processed' : 'failed',
    accountId: event.account_id,
    razorpayRefundId: refund.id,
    paymentId: refund.payment_id,
    amount: refund.amount,
    shopRefundId: typeof notes.shop_refund === 'string' ? notes.shop_refund : null,
  };
}

async function subscriptionChanged(deps: BillingDeps, event: WebhookEvent): Promise<string> {
  const reported = event.payload.subscription?.entity;
  if (!reported) return 'ignored';
  const record = await subscriptionByRazorpayId(deps.admin, reported.id);
  // Not one this app opened (another app on the account, or a deleted user).
  if (!record) return 'ignored';
  const entity = await deps.razorpay.fetchSubscription(reported.id);
  const plan = await deps.plans.planOf(entity.plan_id);
  if (!plan) return 'ignored';
  // A second subscription renewing for one user is stopped before it charges again; what it charged is refunded.
  const mirrored = await mirrorOrStopSecond(deps.admin, deps.razorpay, record, entity, plan);
  const payment = event.payload.payment?.entity;
  if (event.event === 'subscription.charged' && payment) {
    // The plan and period of this charge are the event's (signed), whatever happened since.
    const chargedPlan = (await deps.plans.planOf(reported.plan_id)) ?? plan;
    const paidAt = new Date((payment.created_at ?? event.created_at ?? Date.now() / 1000) * 1000);
    const chargeId = await recordCharge(
      deps.admin,
      deps.razorpay,
      mirrored,
      chargedPlan,
      {
        id: payment.id,
        invoice_id: payment.invoice_id ?? null,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
      },
      { start: reported.current_start, end: reported.current_end },
      paidAt,
    );
    if (chargeId) await mailReceipt(deps, mirrored.user_id, chargeId);
  }
  return mirrored.second_stopped ? 'cancelled-duplicate' : 'processed';
}

function createRoute(env: Env) {
  let deps: BillingDeps | undefined;
  let shop: ShopPaymentStore | undefined;
  let refunds: ShopRefundStore | undefined;
  const seenEvents = new Set<string>();
  return async (req: Request): Promise<Response> => {
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
    const signature = req.headers.get('x-razorpay-signature');
    if (!signature) throw new HttpError(400, 'Missing webhook signature');
    const raw = await readRawBody(req, MAX_BODY_BYTES);
    const expected = await hmacSha256Hex(requireEnv(env, 'RAZORPAY_WEBHOOK_SECRET'), raw);
    if (!timingSafeEqualText(expected, signature.trim().toLowerCase())) throw new HttpError(400, 'Invalid webhook signature');
    const eventId = req.headers.get('x-razorpay-event-id');
    if (eventId && seenEvents.has(eventId)) return json({ status: 'duplicate' });
    let parsed;
    try {
      parsed = webhookEvent.safeParse(JSON.parse(raw));
    } catch {
      throw new HttpError(400, 'Webhook body is not JSON');
    }
    if (!parsed.success) throw new HttpError(400, 'Unexpected webhook body');
    const event = parsed.data;
    deps ??= billingDepsFrom(env);
    let status = 'ignored';
    if (event.event === 'payment.captured' || event.event === 'order.paid') {
      shop ??= shopPaymentStoreFrom(env, deps.admin);
      status = await orderPaid(deps, shop, event);
    } else if (event.event === 'refund.processed' || event.event === 'refund.failed') {
      const refund = shopRefundEvent(event);
      refunds ??= shopRefundStoreFrom(env, deps.admin);
      if (refund) status = await settleShopRefund(refunds, refund);
    } else if (event.event.startsWith('subscription.')) status = await subscriptionChanged(deps, event);
    else if (event.event === 'account.app.authorization_revoked' && event.account_id)
      status = await forgetRevokedSeller(deps.admin, event.account_id);
    if (eventId) {
      if (seenEvents.size >= SEEN_EVENTS_LIMIT) seenEvents.clear();
      seenEvents.add(eventId);
    }
    return json({ status });
  };
}

/** Builds the handler for a given environment; local-cloud injects its own, the edge uses Deno.env. */
export function createHandler(env: Env): (req: Request) => Promise<Response> {
  return answeringErrors('razorpay-webhook', 'Webhook could not be handled', createRoute(env));
}

const handler = createHandler(runtimeEnv());
export default handler;
