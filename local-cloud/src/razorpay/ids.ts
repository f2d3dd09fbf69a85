import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay ids are a prefix and 14 base62 characters, e.g. order_EKwxwAgItmmXdp. */
export function razorpayId(prefix: 'order' | 'pay'): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
