// The shop function: the owner's actions on an order of their page, from /account (see
// _shared/contracts/shop.ts). Nothing the browser sends is taken for an amount: a refund is priced in
// SQL from the order's own rows, held pending (so a second press, or two at once, is the same
// refund), made on the owner's connected Razorpay account with its token and the refund's id as
// Razorpay's X-Refund-Idempotency (and in its notes), then settled by what Razorpay answers:
// `processed` gives the stock back, a refusal frees it to refund again, `pending` leaves it under way
// with Razorpay's id until the account's webhook says refund.processed or refund.failed
// (razorpay-webhook). Razorpay not answering leaves it pending: the same press again finishes it. The
// call that settles a refund as processed (shop_order_refund_settled or the webhook's
// shop_order_refund_event answers so once) mails the buyer what came back, so a second press, a retry,
// two presses at once or the webhook mail once.
import { corsHeaders } from '../_shared/cors.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { answeringErrors, HttpError, readJsonBody } from '../_shared/request.ts';
import { answer } from '../_shared/contracts/functionContract.ts';
import { shopFunction } from '../_shared/contracts/shop.ts';
import { formatMoney } from '../_shared/prices.ts';
import { fulfilledMail } from './fulfilledMail.ts';
import { RazorpayRefused, RefundRefused, shopStoreFrom, type OwnerOrder, type RazorpayRefund, type ShopStore } from './store.ts';

const MAX_BODY_BYTES = 8 * 1024;
const REFUNDABLE = ['paid', 'partially_refunded'];

async function ownOrder(store: ShopStore, ownerId: string, orderId: string): Promise<OwnerOrder> {
  const order = await store.order(ownerId, orderId);
  // Another owner's order is answered as no order at all.
  if (!order) throw new HttpError(404, 'There is no such order.');
  return order;
}

async function fulfil(store: ShopStore, ownerId: string, orderId: string, note: string | undefined): Promise<Response> {
  const order = await ownOrder(store, ownerId, orderId);
  const fulfilment = order.delivery === 'ship' ? 'shipped' : 'ready_for_pickup';
  if (order.fulfilment && order.fulfilledAt)
    return answer(shopFunction, 'fulfil', { fulfilment: order.fulfilment, fulfilledAt: order.fulfilledAt, mailed: false });
  if (!REFUNDABLE.includes(order.status))
    throw new HttpError(409, `Only a paid order can be marked ${fulfilment === 'shipped' ? 'shipped' : 'ready for pickup'}.`);
  const kept = note?.trim() ? note.trim() : null;
  const fulfilledAt = await store.markFulfilled(order, fulfilment, kept);
  if (!fulfilledAt) {
    // Another press marked it meanwhile, and mailed the buyer.
    const now = await ownOrder(store, ownerId, orderId);
    if (now.fulfilment && now.fulfilledAt)
      return answer(shopFunction, 'fulfil', { fulfilment: now.fulfilment, fulfilledAt: now.fulfilledAt, mailed: false });
    throw new HttpError(409, 'This order changed meanwhile. Reload it and try again.');
  }
  let mailed = true;
  try {
    const mail = fulfilledMail(order, fulfilment, kept);
    await store.mail(order.buyerEmail, mail.subject, mail.message);
  } catch (error) {
    // Marked all the same: the owner is told the mail did not go, and can write to the buyer.
    console.error('shop: the buyer could not be mailed', error);
    mailed = false;
  }
  return answer(shopFunction, 'fulfil', { fulfilment, fulfilledAt, mailed });
}

const REFUSED_STATUS: Record<string, number> = { P0002: 404, SR409: 409, SR422: 422 };
const REFUSED_WORDS: Record<string, string> = {
  'There is no such order': 'There is no such order.',
  'Only a paid order can be refunded': 'Only a paid order can be refunded, and this one has nothing left to refund.',
  'Another refund of this order is under way': 'Another refund of this order is under way. Wait for it, then try again.',
  'That is more than is left to refund of a line': 'That is more than is left to refund of this item.',
  'Nothing is left to refund': 'Choose at least one item (or the shipping) to refund.',
  'A refund is at least 1.00': 'Razorpay refunds at least 1.00: choose more to refund.',
  'That is more than is left of the payment': 'That is more than is left of the payment.',
};

async function refund(
  store: ShopStore,
  ownerId: string,
  request: { orderId: string; requestKey: string; lines: 'all' | { line: number; quantity: number }[]; shipping: boolean },
): Promise<Response> {
  const order = await ownOrder(store, ownerId, request.orderId);
  let claimed;
  try {
    claimed = await store.claimRefund(
      ownerId,
      order.id,
      request.requestKey,
      request.lines === 'all' ? null : request.lines,
      request.shipping,
    );
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    const message = REFUSED_WORDS[error.message] ?? error.message;
    throw new HttpError(REFUSED_STATUS[error.code] ?? 422, message, error.line ? { fieldErrors: { [`line.${error.line}`]: message } } : {});
  }
  const answered = async (refundStatus: 'processed' | 'pending', settledHere = false) => {
    // The buyer's mail reads the order as it is after the refund (_shared/shopMail.ts); it never throws.
    if (settledHere) await store.mailRefund(claimed.refundId);
    const now = await ownOrder(store, ownerId, order.id);
    const status = now.status === 'refunded' || now.status === 'partially_refunded' ? now.status : 'paid';
    return answer(shopFunction, 'refund', {
      refund: { id: claimed.refundId, amount: claimed.amount, status: refundStatus },
      order: { status, refundedAmount: now.refundedAmount },
    });
  };
  if (claimed.status === 'processed') return answered('processed');
  if (claimed.status === 'failed')
    throw new HttpError(409, 'That refund did not go through. Choose what to refund and press Refund again.');

  if (!order.razorpayPaymentId) {
    await store.settleRefund(claimed.refundId, null);
    throw new HttpError(409, 'This order has no payment to refund.');
  }
  let token = await store.sellerToken(ownerId, false);
  if (!token) {
    await store.settleRefund(claimed.refundId, null);
    throw new HttpError(409, 'Connect your Razorpay account again (under Selling) to refund: the payment is in that account.');
  }
  let made: RazorpayRefund;
  try {
    try {
      made = await store.refundAtRazorpay(token, order.razorpayPaymentId, claimed.amount, claimed.refundId, order.orderNumber);
    } catch (error) {
      // An access token Razorpay no longer takes: refreshed once, and the same request again.
      if (!(error instanceof RazorpayRefused) || error.status !== 401) throw error;
      token = await store.sellerToken(ownerId, true);
      if (!token) throw new RazorpayRefused(400, 'Your Razorpay account is no longer connected');
      made = await store.refundAtRazorpay(token, order.razorpayPaymentId, claimed.amount, claimed.refundId, order.orderNumber);
    }
  } catch (error) {
    if (error instanceof RazorpayRefused && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429) {
      // Razorpay said no, for good: nothing was refunded, and the items may be refunded again.
      await store.settleRefund(claimed.refundId, null);
      throw new HttpError(409, `Razorpay did not make the refund: ${error.message}. Nothing was refunded.`);
    }
    // No answer, or busy: the refund may or may not be made. It stays under way; the same press again asks Razorpay with the same key.
    console.error('shop: Razorpay did not answer the refund', error);
    throw new HttpError(503, 'Razorpay did not answer. Press Refund again in a minute: it will not refund twice.', {
      retryAfterSeconds: 60,
    });
  }
  if (made.status === 'processed') return answered('processed', await store.settleRefund(claimed.refundId, made.id));
  // Razorpay is still making it: the webhook settles it (and mails the buyer). It may have come already.
  await store.refundUnderWay(claimed.refundId, made.id);
  const now = await store.refund(claimed.refundId);
  if (now.status === 'failed')
    throw new HttpError(409, `Razorpay could not make the refund of ${formatMoney(now.amount, order.currency)}: refund again.`);
  return answered(now.status === 'processed' ? 'processed' : 'pending');
}

export function createHandler(env: Env, store?: ShopStore): (req: Request) => Promise<Response> {
  let built = store;
  return answeringErrors('shop', 'That did not work. Try again.', async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
    built ??= shopStoreFrom(env);
    const user = await built.caller(req);
    const request = await readJsonBody(req, MAX_BODY_BYTES, shopFunction.request);
    switch (request.action) {
      case 'fulfil':
        return fulfil(built, user.id, request.orderId, request.note);
      case 'refund':
        return refund(built, user.id, request);
    }
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
