import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type IdPrefix = 'order' | 'pay' | 'rfnd' | 'plan' | 'item' | 'sub' | 'inv' | 'cust' | 'evt' | 'acc';

/** Bytes as base62 characters, one each (the slight bias is of no matter to a sandbox). */
export function base62(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** `length` random base62 characters. */
export const randomBase62 = (length: number) => base62(randomBytes(length));

/** Razorpay ids are a prefix and 14 base62 characters, e.g. order_EKwxwAgItmmXdp. */
export function razorpayId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(14)}`;
}
