// One-time purchases (templates): the server prices the item from its own list, opens a Razorpay
// order and, after checkout, checks the signature before recording the purchase paid once.
import type { BillingDeps } from '../_shared/billingDeps.ts';
import { answer } from '../_shared/contracts/functionContract.ts';
import { paymentsFunction } from '../_shared/contracts/payments.ts';
import { requireEnv } from '../_shared/env.ts';
import { hmacSha256Hex, timingSafeEqualText } from '../_shared/hmac.ts';
import { priceFor, TEMPLATE_CURRENCY } from '../_shared/prices.ts';
import { markPaid, purchaseByOrder, recordOrder, type Purchase } from '../_shared/purchases.ts';
import { mailReceipt } from '../_shared/receiptMail.ts';
import { HttpError } from '../_shared/request.ts';

function receiptFor(userId: string): string {
  // ≤ 40 characters, unique per order
  return `ff_${userId.slice(0, 8)}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

/** The answer to verify: the purchase, paid (anything else here is a fault, never a success). */
function paidAnswer(p: Purchase): Response {
  if (p.status !== 'paid') throw new Error(`purchase ${p.order_id} answered as paid while ${p.status}`);
  return answer(paymentsFunction, 'verify', {
    status: p.status,
    orderId: p.order_id,
    paymentId: p.payment_id,
    itemType: p.item_type,
    itemId: p.item_id,
    amount: p.amount,
    currency: p.currency,
    paidAt: p.paid_at,
    expiresAt: p.expires_at,
  });
}

export async function createOrder(deps: BillingDeps, user: { id: string }, item: { itemType: 'plan' | 'template'; itemId: string }) {
  // A plan is a monthly subscription, opened with `subscribe`; an order pays once.
  if (item.itemType === 'plan') throw new HttpError(400, 'Plans are billed monthly: subscribe to them instead');
  const price = priceFor(item);
  if (price === undefined) throw new HttpError(400, 'Unknown item');
  const order = await deps.razorpay.createOrder({
    amount: price.amount,
    currency: price.currency,
    receipt: receiptFor(user.id),
    notes: { user_id: user.id, item_type: item.itemType, item_id: item.itemId },
  });
  await recordOrder(deps.admin, {
    user_id: user.id,
    item_type: item.itemType,
    item_id: item.itemId,
    amount: price.amount,
    currency: price.currency,
    order_id: order.id,
  });
  if (price.currency !== TEMPLATE_CURRENCY) throw new Error(`template ${item.itemId} is priced in ${price.currency}`);
  return answer(paymentsFunction, 'create-order', {
    orderId: order.id,
    amount: price.amount,
    currency: price.currency,
    keyId: requireEnv(deps.env, 'RAZORPAY_KEY_ID'),
  });
}

export async function verifyOrder(
  deps: BillingDeps,
  user: { id: string },
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  const purchase = await purchaseByOrder(deps.admin, body.razorpay_order_id);
  if (!purchase || purchase.user_id !== user.id) throw new HttpError(404, 'No such order');
  // Signed over the order id WE stored, so a signature for another order never matches.
  const expected = await hmacSha256Hex(requireEnv(deps.env, 'RAZORPAY_KEY_SECRET'), `${purchase.order_id}|${body.razorpay_payment_id}`);
  if (!timingSafeEqualText(expected, body.razorpay_signature.toLowerCase())) throw new HttpError(400, 'Invalid payment signature');
  if (purchase.status === 'paid') return paidAnswer(purchase);
  const payment = await deps.razorpay.fetchPayment(body.razorpay_payment_id);
  // Only money actually taken unlocks anything: an authorized payment can still be voided.
  const settled = payment.status === 'captured';
  if (!settled || payment.order_id !== purchase.order_id || payment.amount !== purchase.amount || payment.currency !== purchase.currency) {
    throw new HttpError(400, 'The payment does not match this order');
  }
  const paid = await markPaid(deps.admin, purchase, body.razorpay_payment_id);
  if (paid.justPaid) await mailReceipt(deps, paid.purchase.user_id, paid.purchase.id);
  return paidAnswer(paid.purchase);
}
