import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type IdPrefix = 'order' | 'pay' | 'rfnd' | 'plan' | 'item' | 'sub' | 'inv' | 'cust' | 'evt';

/** Razorpay ids are a prefix and 14 base62 characters, e.g. order_EKwxwAgItmmXdp. */
export function razorpayId(prefix: IdPrefix): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}
