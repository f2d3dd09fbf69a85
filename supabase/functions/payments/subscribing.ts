// Monthly plans as Razorpay subscriptions. Subscribing opens one (the browser authorises it in
// Razorpay's checkout); verifying checks the signature and mirrors what Razorpay says; cancelling
// stops the renewals at the end of the period paid for; changing plan takes effect then too.
// A plan resumed after a cancellation is a new subscription that starts when the old period ends
// (Razorpay cannot reactivate a cancelled one), so nothing is paid twice for the same days.
import { billingStateOf } from '../_shared/billing.ts';
import type { BillingDeps } from '../_shared/billingDeps.ts';
import { answer } from '../_shared/contracts/functionContract.ts';
import { paymentsFunction } from '../_shared/contracts/payments.ts';
import { requireEnv } from '../_shared/env.ts';
import { mailReceipt } from '../_shared/receiptMail.ts';
import { hmacSha256Hex, timingSafeEqualText } from '../_shared/hmac.ts';
import { planById, type PlanId, type PlanPrice } from '../_shared/prices.ts';
import type { RazorpaySubscription } from '../_shared/razorpay.ts';
import { HttpError } from '../_shared/request.ts';
import {
  forOwner,
  mirrorOrStopSecond,
  recordCharge,
  recordSubscription,
  subscriptionByRazorpayId,
  subscriptionsOf,
  type SubscriptionRecord,
} from '../_shared/subscriptions.ts';

/** Ten years of monthly charges: Razorpay bills a subscription for at most that long. */
const TOTAL_MONTHS = 120;
/** Razorpay wants start_at in the future; a period ending sooner than this just starts the new one now. */
const MIN_START_DELAY_SECONDS = 120;

/** The answer to verify-subscription, cancel-subscription and change-plan: the subscription as it now is. */
const subscriptionAnswer = (action: 'verify-subscription' | 'cancel-subscription' | 'change-plan', record: SubscriptionRecord) =>
  answer(paymentsFunction, action, { subscription: forOwner(record) });

async function planOfRecord(deps: BillingDeps, entity: RazorpaySubscription): Promise<PlanPrice> {
  const plan = await deps.plans.planOf(entity.plan_id);
  if (!plan) throw new Error(`subscription ${entity.id} bills Razorpay plan ${entity.plan_id}, which is not one of ours`);
  return plan;
}

const SECOND_STOPPED = 'You already have a subscription that renews. This one was cancelled and its payment refunded.';

/**
 * Razorpay's state of one of our subscriptions, written to its row. Two checkouts authorised at
 * once: the first is kept, this one stopped before it charges again (its charges are refunded).
 */
async function mirrored(
  deps: BillingDeps,
  record: SubscriptionRecord,
  entity: RazorpaySubscription,
  extra?: Parameters<typeof mirrorOrStopSecond>[5],
): Promise<SubscriptionRecord> {
  return mirrorOrStopSecond(deps.admin, deps.razorpay, record, entity, await planOfRecord(deps, entity), extra);
}

/** As mirrored, but a second subscription stopped is the caller's 409. */
async function refreshed(...args: Parameters<typeof mirrored>): Promise<SubscriptionRecord> {
  const record = await mirrored(...args);
  if (record.second_stopped) throw new HttpError(409, SECOND_STOPPED);
  return record;
}

/**
 * Checkouts opened and never authorised: cancelled at Razorpay, so an old tab cannot start a second
 * subscription. (A halted one stays halted: it grants nothing, and should its owner revive it with
 * another card at Razorpay while a new one renews, the webhook stops it as a second subscription.)
 */
async function closeStale(deps: BillingDeps, records: readonly SubscriptionRecord[]): Promise<void> {
  const stale = records.filter((record) => record.status === 'created');
  for (const record of stale) {
    try {
      const entity = await deps.razorpay.cancelSubscription(record.razorpay_subscription_id, false);
      await refreshed(deps, record, entity);
    } catch {
      // Already over at Razorpay (cancelled, expired): nothing can charge it.
    }
  }
}

export async function subscribe(deps: BillingDeps, user: { id: string }, planId: PlanId): Promise<Response> {
  const plan = planById(planId)!;
  const now = new Date();
  const records = await subscriptionsOf(deps.admin, user.id);
  const { continuing } = billingStateOf(records, now);
  if (continuing) {
    const name = planById(continuing.plan_id)?.name ?? continuing.plan_id;
    throw new HttpError(409, `You already subscribe to ${name}. Change or cancel it on your account page.`);
  }
  // A plan still held (cancelled, or a 30-day pass) is paid up to here: the new one starts then.
  const { data: paidThrough, error } = await deps.admin.rpc('plan_paid_through', { for_user: user.id });
  if (error) throw new Error(`could not read the plan paid for: ${error.message}`);
  const paidUntil = typeof paidThrough === 'string' ? Math.floor(Date.parse(paidThrough) / 1000) : NaN;
  const startAt = paidUntil - now.getTime() / 1000 > MIN_START_DELAY_SECONDS ? paidUntil : undefined;

  await closeStale(deps, records);
  const razorpayPlanId = await deps.plans.razorpayPlanFor(plan.id);
  const subscription = await deps.razorpay.createSubscription({
    plan_id: razorpayPlanId,
    total_count: TOTAL_MONTHS,
    quantity: 1,
    customer_notify: 1,
    ...(startAt ? { start_at: startAt } : {}),
    notes: { user_id: user.id, plan: plan.id },
  });
  await recordSubscription(deps.admin, { userId: user.id, plan, razorpayPlanId, subscription });
  return answer(paymentsFunction, 'subscribe', {
    subscriptionId: subscription.id,
    keyId: requireEnv(deps.env, 'RAZORPAY_KEY_ID'),
    planId: plan.id,
    amount: plan.amount,
    currency: plan.currency,
    startsAt: startAt ? new Date(startAt * 1000).toISOString() : null,
  });
}

export async function verifySubscription(
  deps: BillingDeps,
  user: { id: string },
  body: { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string },
): Promise<Response> {
  const record = await subscriptionByRazorpayId(deps.admin, body.razorpay_subscription_id);
  if (!record || record.user_id !== user.id) throw new HttpError(404, 'No such subscription');
  // Signed over payment_id|subscription_id, with the subscription id WE stored.
  const expected = await hmacSha256Hex(
    requireEnv(deps.env, 'RAZORPAY_KEY_SECRET'),
    `${body.razorpay_payment_id}|${record.razorpay_subscription_id}`,
  );
  if (!timingSafeEqualText(expected, body.razorpay_signature.toLowerCase())) throw new HttpError(400, 'Invalid payment signature');
  const [entity, payment] = await Promise.all([
    deps.razorpay.fetchSubscription(record.razorpay_subscription_id),
    deps.razorpay.fetchPayment(body.razorpay_payment_id),
  ]);
  const authorised = ['authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed'].includes(entity.status);
  const paymentOk = payment.status === 'captured' || payment.status === 'authorized';
  if (!authorised) throw new HttpError(400, 'The subscription was not authorised');
  const updated = await mirrored(deps, record, entity);
  // A second subscription's payment may be refunded already (the webhook came first): still a 409.
  if (!paymentOk && !updated.second_stopped) throw new HttpError(400, 'The subscription was not authorised');
  // Starting now, the authorisation was the first charge: it must be the plan's price, as shown.
  if (payment.status === 'captured' && payment.amount > 0) {
    if (payment.amount !== record.amount || payment.currency !== record.currency) {
      throw new HttpError(400, 'The payment does not match this subscription');
    }
    const chargeId = await recordCharge(
      deps.admin,
      deps.razorpay,
      updated,
      planById(updated.plan_id)!,
      payment,
      { start: entity.current_start, end: entity.current_end },
      // Razorpay's time of the payment, as the webhook records it: whichever comes first, one date.
      new Date(payment.created_at * 1000),
    );
    if (chargeId) await mailReceipt(deps, updated.user_id, chargeId);
  }
  if (updated.second_stopped) throw new HttpError(409, SECOND_STOPPED);
  return subscriptionAnswer('verify-subscription', updated);
}

export async function cancelSubscription(deps: BillingDeps, user: { id: string }): Promise<Response> {
  const { continuing } = billingStateOf(await subscriptionsOf(deps.admin, user.id));
  if (!continuing) throw new HttpError(409, 'You have no subscription that renews.');
  const record = continuing;
  // A running period is let run out; one that has not started, or a renewal being retried, ends now.
  const atPeriodEnd = record.status === 'active';
  const entity = await deps.razorpay.cancelSubscription(record.razorpay_subscription_id, atPeriodEnd);
  return subscriptionAnswer(
    'cancel-subscription',
    await refreshed(deps, record, entity, atPeriodEnd ? { cancel_at_period_end: true, scheduled_plan_id: null } : {}),
  );
}

export async function changePlan(deps: BillingDeps, user: { id: string }, planId: PlanId): Promise<Response> {
  const { continuing } = billingStateOf(await subscriptionsOf(deps.admin, user.id));
  if (!continuing) throw new HttpError(409, 'You have no subscription to change. Choose a plan on the pricing page.');
  const record = continuing;
  if (record.status === 'pending') {
    throw new HttpError(409, 'The last renewal has not been paid yet, so the plan cannot change now.');
  }
  if (planId === record.plan_id) {
    if (!record.scheduled_plan_id) throw new HttpError(400, 'You are on this plan already.');
    const entity = await deps.razorpay.cancelScheduledChanges(record.razorpay_subscription_id);
    return subscriptionAnswer('change-plan', await refreshed(deps, record, entity, { scheduled_plan_id: null }));
  }
  const razorpayPlanId = await deps.plans.razorpayPlanFor(planId);
  const entity = await deps.razorpay.changePlanAtCycleEnd(record.razorpay_subscription_id, razorpayPlanId);
  return subscriptionAnswer('change-plan', await refreshed(deps, record, entity, { scheduled_plan_id: planId }));
}
