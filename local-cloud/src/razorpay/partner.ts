// The sandbox's one Technology Partner app (FolioForge's): its OAuth client and the redirect URI
// whitelisted on it. Derived from the project's secrets rather than stored, so they are stable across
// restarts and differ between data folders, like a development client's on Razorpay's Partner Dashboard.
import { createHmac } from 'node:crypto';
import type { Keys } from '../context.ts';
import { base62 } from './ids.ts';

function derived(secret: string, purpose: string, length: number): string {
  return base62(createHmac('sha256', secret).update(purpose).digest().subarray(0, length));
}

export interface PartnerApp {
  clientId: string;
  clientSecret: string;
}

export function partnerApp(keys: Pick<Keys, 'razorpayKeySecret'>): PartnerApp {
  return {
    clientId: derived(keys.razorpayKeySecret, 'partner oauth client id', 14),
    clientSecret: derived(keys.razorpayKeySecret, 'partner oauth client secret', 24),
  };
}

/** The key the sellers function encrypts stored tokens with (32 bytes, base64): a function secret. */
export function sellerTokenKey(keys: Pick<Keys, 'jwtSecret'>): string {
  return createHmac('sha256', keys.jwtSecret).update('seller token key').digest('base64');
}

/** The key the orders function signs buyers' order links with (SHOP_ORDER_LINK_KEY). */
export function shopOrderLinkKey(keys: Pick<Keys, 'jwtSecret'>): string {
  return createHmac('sha256', keys.jwtSecret).update('shop order link key').digest('base64');
}

/** The only redirect URI the app has whitelisted: the sellers function's callback. */
export function partnerRedirectUri(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/functions/v1/sellers/callback`;
}
