// The payment function. Browser calls, each with the user's access token:
//   {action: 'create-order', item}          → a template priced from the catalog, a Razorpay order,
//                                             a 'created' purchase → {orderId, amount, currency, keyId}
//   {action: 'verify', razorpay_*}          → checks the checkout signature, marks the purchase paid once
//   {action: 'subscribe', planId}           → a Razorpay subscription to the plan (starting when a plan
//                                             being cancelled ends) → SubscriptionCheckout
//   {action: 'verify-subscription', …}      → checks the signature, mirrors the subscription and its
//                                             first charge → {subscription}
//   {action: 'cancel-subscription'}         → no more renewals; the plan holds to the end of its period
//   {action: 'change-plan', planId}         → another plan from the end of the period paid for
// Razorpay's webhooks go to the razorpay-webhook function. Shapes: _shared/contracts/payments.ts.
import type { BillingDeps } from '../_shared/billingDeps.ts';
import { billingDepsFrom } from '../_shared/billingDeps.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { RazorpayApiError } from '../_shared/razorpay.ts';
import { paymentsFunction } from '../_shared/contracts/payments.ts';
import { answeringErrors, HttpError, readJsonBody, requireSecondFactor, requireUser } from '../_shared/request.ts';
import { createOrder, verifyOrder } from './orders.ts';
import { cancelSubscription, changePlan, subscribe, verifySubscription } from './subscribing.ts';

const MAX_BODY_BYTES = 64 * 1024;

async function route(deps: BillingDeps, req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
  const request = await readJsonBody(req, MAX_BODY_BYTES, paymentsFunction.request);
  // The signed-in user, checked by Supabase Auth itself.
  const user = await requireUser(deps.anonClient(), req, 'Sign in to buy');
  // Opening an order or a subscription, and cancelling or changing a plan, take the second factor of a
  // user who has one; confirming a payment already made does not (it must never be lost).
  if (request.action !== 'verify' && request.action !== 'verify-subscription') await requireSecondFactor(deps.userClient(user.token));
  switch (request.action) {
    case 'create-order':
      return createOrder(deps, user, request.item);
    case 'verify':
      return verifyOrder(deps, user, request);
    case 'subscribe':
      return subscribe(deps, user, request.planId);
    case 'verify-subscription':
      return verifySubscription(deps, user, request);
    case 'cancel-subscription':
      return cancelSubscription(deps, user);
    case 'change-plan':
      return changePlan(deps, user, request.planId);
  }
}

/** Builds the handler for a given environment; local-cloud injects its own, the edge uses Deno.env. */
export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: BillingDeps | undefined;
  return answeringErrors('payments', 'Payment service error', async (req) => {
    try {
      return await route((deps ??= billingDepsFrom(env)), req);
    } catch (error) {
      if (error instanceof RazorpayApiError) throw new HttpError(502, `Payment provider refused: ${error.message}`);
      throw error;
    }
  });
}

const handler = createHandler(runtimeEnv());
export default handler;
