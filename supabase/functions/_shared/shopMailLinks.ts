// The buyer's private link to their order's status: /functions/v1/orders/status/<order number>-<mac>,
// where mac is hex HMAC-SHA256 of the order number with SHOP_ORDER_LINK_KEY (a function secret).
// Nothing is stored but the order's domain: the link is made again wherever it is needed (the
// checkout's return page, the receipt and refund mails; orderStatusLink), and only the holder of the
// key can make one. The order number alone, printed on receipts, opens nothing; another order's mac
// never matches.
import { requireEnv, type Env } from './env.ts';
import { hmacSha256Hex, timingSafeEqualText } from './hmac.ts';

const STATUS_TOKEN = /^(FF-[0-9A-Z]{10})-([0-9a-f]{64})$/;

/** The token of the order numbered `orderNumber`. */
export async function orderStatusToken(env: Env, orderNumber: string): Promise<string> {
  return `${orderNumber}-${await hmacSha256Hex(requireEnv(env, 'SHOP_ORDER_LINK_KEY'), `shop order status:${orderNumber}`)}`;
}

/** The order number of a token made here, or undefined for any other text. */
export async function orderNumberOfStatusToken(env: Env, token: string): Promise<string | undefined> {
  const number = STATUS_TOKEN.exec(token)?.[1];
  return number && timingSafeEqualText(await orderStatusToken(env, number), token) ? number : undefined;
}

/**
 * The status page's address for a token: on the functions' host, or on `shopOrigin` when the order
 * was made on a proven custom domain of its page (the site's edge passes the path there to the
 * function; the caller has checked the domain, never taking it from the request as it came).
 */
export function orderStatusUrl(env: Env, token: string, shopOrigin?: string): string {
  const base = shopOrigin ? shopOrigin.replace(/\/+$/, '') : requireEnv(env, 'SUPABASE_URL').replace(/\/+$/, '');
  return `${base}/functions/v1/orders/status/${token}`;
}

/**
 * The buyer's status link of an order: on the custom domain it was placed on (shop_orders.shop_origin,
 * recorded by the orders function from a proven domain, never from the form) while `stillProven` says
 * it is a proven domain of the order's page, else on the functions' host. Checked again because a
 * domain given up may come to someone else, who must never be sent the buyer's link.
 */
export async function orderStatusLink(
  env: Env,
  order: { orderNumber: string; shopOrigin: string | null },
  stillProven: (origin: string) => Promise<boolean>,
): Promise<string> {
  const token = await orderStatusToken(env, order.orderNumber);
  const origin = order.shopOrigin && (await stillProven(order.shopOrigin)) ? order.shopOrigin : undefined;
  return orderStatusUrl(env, token, origin);
}
