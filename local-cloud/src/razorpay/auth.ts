import { safeEqual } from './signature.ts';
import type { Keys } from '../context.ts';

/** True when the request carries `Basic base64(key_id:key_secret)` for this sandbox's test key. */
export function hasValidBasicAuth(header: string | undefined, keys: Keys): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const keyId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  // Both compared without an early exit, so timing tells nothing about which half was wrong.
  const idOk = safeEqual(keyId, keys.razorpayKeyId);
  const secretOk = safeEqual(secret, keys.razorpayKeySecret);
  return idOk && secretOk;
}
