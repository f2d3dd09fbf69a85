// The payment function. Browser calls (with the user's access token):
//   {action: 'create-order', item}  → prices the item from the catalog, creates a Razorpay order,
//                                     records a 'created' purchase → {orderId, amount, currency, keyId}
//   {action: 'verify', razorpay_*}  → checks the checkout signature, marks the purchase paid once
// Razorpay webhooks (X-Razorpay-Signature over the raw body) mark purchases paid too.
import type { SupabaseClient } from '@supabase/supabase-js';
import { CURRENCY, priceOf } from '../_shared/prices.ts';
import { corsHeaders, json } from '../_shared/cors.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { hmacSha256Hex, timingSafeEqualText } from '../_shared/hmac.ts';
import { answeringErrors, HttpError, readJsonBody, readRawBody, requireUser } from '../_shared/request.ts';
import { serverClient } from '../_shared/supabase-client.ts';
import { markPaid, purchaseByOrder, recordOrder, type Purchase } from './purchases.ts';
import { razorpayApi, RazorpayApiError, type RazorpayApi } from './razorpay-api.ts';
import { actionBody, webhookEvent } from './schemas.ts';

const MAX_BODY_BYTES = 64 * 1024;
/** Webhook event ids already handled by this instance; the paid-once update is the real guard. */
const SEEN_EVENTS_LIMIT = 1000;

interface Deps {
  env: Env;
  razorpay: RazorpayApi;
  admin: SupabaseClient;
  anonClient(): SupabaseClient;
  seenEvents: Set<string>;
}

function depsFrom(env: Env): Deps {
  const url = requireEnv(env, 'SUPABASE_URL');
  return {
    env,
    razorpay: razorpayApi({
      baseUrl: env('RAZORPAY_API_BASE') || 'https://api.razorpay.com',
      keyId: requireEnv(env, 'RAZORPAY_KEY_ID'),
      keySecret: requireEnv(env, 'RAZORPAY_KEY_SECRET'),
    }),
    admin: serverClient(url, requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY')),
    anonClient: () => serverClient(url, requireEnv(env, 'SUPABASE_ANON_KEY')),
    seenEvents: new Set(),
  };
}

/** The signed-in user, checked by Supabase Auth itself. */
function requireBuyer(deps: Deps, req: Request): Promise<{ id: string }> {
  return requireUser(deps.anonClient(), req, 'Sign in to buy');
}

function receiptFor(userId: string): string {
  // ≤ 40 characters, unique per order
  return `ff_${userId.slice(0, 8)}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

function purchaseResult(p: Purchase) {
  return {
    status: p.status,
    orderId: p.order_id,
    paymentId: p.payment_id,
    itemType: p.item_type,
    itemId: p.item_id,
    amount: p.amount,
    currency: p.currency,
    paidAt: p.paid_at,
    expiresAt: p.expires_at,
  };
}

async function createOrder(deps: Deps, req: Request, item: { itemType: 'plan' | 'template'; itemId: string }) {
  const user = await requireBuyer(deps, req);
  const amount = priceOf(item);
  if (amount === undefined) throw new HttpError(400, 'Unknown item');
  const itemId = item.itemId;
  const order = await deps.razorpay.createOrder({
    amount,
    currency: CURRENCY,
    receipt: receiptFor(user.id),
    notes: { user_id: user.id, item_type: item.itemType, item_id: itemId },
  });
  await recordOrder(deps.admin, {
    user_id: user.id,
    item_type: item.itemType,
    item_id: itemId,
    amount,
    currency: CURRENCY,
    order_id: order.id,
  });
  return json({ orderId: order.id, amount, currency: CURRENCY, keyId: requireEnv(deps.env, 'RAZORPAY_KEY_ID') });
}

async function verify(
  deps: Deps,
  req: Request,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  const user = await requireBuyer(deps, req);
  const purchase = await purchaseByOrder(deps.admin, body.razorpay_order_id);
  if (!purchase || purchase.user_id !== user.id) throw new HttpError(404, 'No such order');
  // Signed over the order id WE stored, so a signature for another order never matches.
  const expected = await hmacSha256Hex(requireEnv(deps.env, 'RAZORPAY_KEY_SECRET'), `${purchase.order_id}|${body.razorpay_payment_id}`);
  if (!timingSafeEqualText(expected, body.razorpay_signature.toLowerCase())) throw new HttpError(400, 'Invalid payment signature');
  if (purchase.status === 'paid') return json(purchaseResult(purchase));
  const payment = await deps.razorpay.fetchPayment(body.razorpay_payment_id);
  // Only money actually taken unlocks anything: an authorized payment can still be voided.
  const settled = payment.status === 'captured';
  if (!settled || payment.order_id !== purchase.order_id || payment.amount !== purchase.amount) {
    throw new HttpError(400, 'The payment does not match this order');
  }
  return json(purchaseResult(await markPaid(deps.admin, purchase, body.razorpay_payment_id)));
}

async function webhook(deps: Deps, req: Request, signature: string) {
  const raw = await readRawBody(req, MAX_BODY_BYTES);
  const expected = await hmacSha256Hex(requireEnv(deps.env, 'RAZORPAY_WEBHOOK_SECRET'), raw);
  if (!timingSafeEqualText(expected, signature.trim().toLowerCase())) throw new HttpError(400, 'Invalid webhook signature');
  const eventId = req.headers.get('x-razorpay-event-id');
  if (eventId && deps.seenEvents.has(eventId)) return json({ status: 'duplicate' });
  let parsed;
  try {
    parsed = webhookEvent.safeParse(JSON.parse(raw));
  } catch {
    throw new HttpError(400, 'Webhook body is not JSON');
  }
  if (!parsed.success) throw new HttpError(400, 'Unexpected webhook body');
  const event = parsed.data;
  const payment = event.payload.payment?.entity;
  let status = 'ignored';
  if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment) {
    const purchase = await purchaseByOrder(deps.admin, payment.order_id);
    if (purchase && payment.amount === purchase.amount) {
      await markPaid(deps.admin, purchase, payment.id);
      status = 'processed';
    }
  }
  if (eventId) {
    if (deps.seenEvents.size >= SEEN_EVENTS_LIMIT) deps.seenEvents.clear();
    deps.seenEvents.add(eventId);
  }
  return json({ status });
}

async function route(deps: Deps, req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
  const signature = req.headers.get('x-razorpay-signature');
  if (signature) return webhook(deps, req, signature);
  const request = await readJsonBody(req, MAX_BODY_BYTES, actionBody);
  return request.action === 'create-order' ? createOrder(deps, req, request.item) : verify(deps, req, request);
}

/** Builds the handler for a given environment; local-cloud injects its own, the edge uses Deno.env. */
export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: Deps | undefined;
  return answeringErrors('payments', 'Payment service error', async (req) => {
    try {
      return await route((deps ??= depsFrom(env)), req);
    } catch (error) {
      if (error instanceof RazorpayApiError) throw new HttpError(502, `Payment provider refused: ${error.message}`);
      throw error;
    }
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
