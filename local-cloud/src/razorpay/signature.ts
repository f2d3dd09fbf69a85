import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What Razorpay's checkout returns as razorpay_signature: hex HMAC-SHA256 with the key secret of
 * "order_id|payment_id" for an order, of "payment_id|subscription_id" for a subscription.
 */
export function paymentSignature(first: string, second: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${first}|${second}`).digest('hex');
}

/** X-Razorpay-Signature of a webhook: hex HMAC-SHA256 of the raw body. */
export function webhookSignature(rawBody: string, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
