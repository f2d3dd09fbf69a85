// public.subscriptions and public.subscription_charges, written only by the payment functions with
// the service role, from what Razorpay answered (never from the browser): a row per Razorpay
// subscription mirrors its state, and each captured charge is recorded once, by payment id.
import type { SupabaseClient } from '@supabase/supabase-js';
import { billingSubscriptionColumns, billingSubscriptionSchema, type BillingSubscription } from './billingRows.ts';
import { planById, type PlanPrice } from './prices.ts';
import { RazorpayApiError, type RazorpayApi, type RazorpayPayment, type RazorpaySubscription } from './razorpay.ts';

/** Our row with what only the server needs besides what the owner reads. */
export interface SubscriptionRecord extends BillingSubscription {
  user_id: string;
  razorpay_subscription_id: string;
  razorpay_plan_id: string;
  /** Stopped as a second subscription while another renews: its charges are refunded, not recorded. */
  second_stopped: boolean;
}

const recordColumns = () => `${billingSubscriptionColumns()}, user_id, razorpay_subscription_id, razorpay_plan_id, second_stopped`;

const iso = (unixSeconds: number | null) => (unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString());

function asRecord(row: unknown): SubscriptionRecord {
  const parsed = billingSubscriptionSchema().parse(row);
  const extra = row as Pick<SubscriptionRecord, 'user_id' | 'razorpay_subscription_id' | 'razorpay_plan_id' | 'second_stopped'>;
  return {
    ...parsed,
    user_id: extra.user_id,
    razorpay_subscription_id: extra.razorpay_subscription_id,
    razorpay_plan_id: extra.razorpay_plan_id,
    second_stopped: extra.second_stopped,
  };
}

function failed(what: string, error: { message: string }): Error {
  return new Error(`could not ${what}: ${error.message}`);
}

export async function subscriptionsOf(db: SupabaseClient, userId: string): Promise<SubscriptionRecord[]> {
  const { data, error } = await db
    .from('subscriptions')
    .select(recordColumns())
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw failed('read the subscriptions', error);
  return (data ?? []).map(asRecord);
}

export async function subscriptionByRazorpayId(db: SupabaseClient, razorpayId: string): Promise<SubscriptionRecord | null> {
  const { data, error } = await db.from('subscriptions').select(recordColumns()).eq('razorpay_subscription_id', razorpayId).maybeSingle();
  if (error) throw failed('read the subscription', error);
  return data ? asRecord(data) : null;
}

/** A subscription just opened at Razorpay, before the buyer authorises it. */
export async function recordSubscription(
  db: SupabaseClient,
  row: { userId: string; plan: PlanPrice; razorpayPlanId: string; subscription: RazorpaySubscription },
): Promise<SubscriptionRecord> {
  const { data, error } = await db
    .from('subscriptions')
    .insert({
      user_id: row.userId,
      plan_id: row.plan.id,
      razorpay_subscription_id: row.subscription.id,
      razorpay_plan_id: row.razorpayPlanId,
      status: row.subscription.status,
      amount: row.plan.amount,
      currency: row.plan.currency,
      starts_at: iso(row.subscription.start_at),
      charge_at: iso(row.subscription.charge_at),
    })
    .select(recordColumns())
    .single();
  if (error) throw failed('record the subscription', error);
  return asRecord(data);
}

/** Postgres's unique_violation: a second subscription that would go on charging the same user. */
const UNIQUE_VIOLATION = '23505';

class SecondSubscriptionError extends Error {}

/** What we know of a subscription that Razorpay does not. */
type OwnFacts = Partial<Pick<SubscriptionRecord, 'cancel_at_period_end' | 'scheduled_plan_id' | 'second_stopped'>>;

/**
 * Mirrors Razorpay's state of a subscription onto our row: status, periods, the plan it now bills
 * (a change at cycle end moves it), failures. Our own facts stay: who it belongs to, a cancellation
 * asked for, a scheduled change until Razorpay says none is left.
 */
export async function mirrorSubscription(
  db: SupabaseClient,
  record: SubscriptionRecord,
  entity: RazorpaySubscription,
  plan: PlanPrice,
  extra: OwnFacts = {},
): Promise<SubscriptionRecord> {
  const goingOn = entity.status === 'active';
  // Our own facts are written only when they change here: a webhook mirroring a row it read before
  // the owner scheduled a change or a cancellation must not put back what it read.
  const ownFacts: OwnFacts = {};
  if (extra.cancel_at_period_end !== undefined) ownFacts.cancel_at_period_end = extra.cancel_at_period_end;
  else if (!goingOn) ownFacts.cancel_at_period_end = false;
  if (extra.scheduled_plan_id !== undefined) ownFacts.scheduled_plan_id = extra.scheduled_plan_id;
  else if (!entity.has_scheduled_changes) ownFacts.scheduled_plan_id = null;
  if (extra.second_stopped) ownFacts.second_stopped = true;
  const { data, error } = await db
    .from('subscriptions')
    .update({
      status: entity.status,
      plan_id: plan.id,
      razorpay_plan_id: entity.plan_id,
      amount: plan.amount,
      currency: plan.currency,
      current_start: iso(entity.current_start),
      current_end: iso(entity.current_end),
      charge_at: iso(entity.charge_at),
      starts_at: iso(entity.start_at),
      ended_at: iso(entity.ended_at),
      failed_charges: entity.auth_attempts,
      ...ownFacts,
      updated_at: new Date().toISOString(),
    })
    .eq('id', record.id)
    .select(recordColumns())
    .single();
  if (error?.code === UNIQUE_VIOLATION) throw new SecondSubscriptionError('another subscription already renews for this user');
  if (error) throw failed('update the subscription', error);
  return asRecord(data);
}

/**
 * mirrorSubscription, but a second subscription that would go on charging the user (two checkouts
 * paid at once) is cancelled at Razorpay at once and marked `second_stopped`: what it charged is
 * refunded by recordCharge. The answer is the row as it now is; `second_stopped` tells which.
 */
export async function mirrorOrStopSecond(
  db: SupabaseClient,
  razorpay: RazorpayApi,
  record: SubscriptionRecord,
  entity: RazorpaySubscription,
  plan: PlanPrice,
  extra: OwnFacts = {},
): Promise<SubscriptionRecord> {
  try {
    return await mirrorSubscription(db, record, entity, plan, extra);
  } catch (error) {
    if (!(error instanceof SecondSubscriptionError)) throw error;
  }
  // Cancelled already, maybe: the webhook and the browser's verify may both have seen it.
  return mirrorSubscription(db, record, await cancelAtOnce(razorpay, entity.id), plan, { second_stopped: true });
}

/** Refunds a payment in full; one refunded already (both reports of a charge) is left as it is. */
async function refundInFull(razorpay: RazorpayApi, paymentId: string): Promise<void> {
  try {
    await razorpay.refundPayment(paymentId);
  } catch (error) {
    if (!(error instanceof RazorpayApiError) || (await razorpay.fetchPayment(paymentId)).status !== 'refunded') throw error;
  }
}

/**
 * Records a captured charge once (a webhook and the browser's verify may both report it), with the
 * period it paid for. Anything not captured, or of no amount (an authorisation), is no charge. A
 * charge of a second subscription stopped (mirrorOrStopSecond) is refunded instead: nobody pays twice.
 * Answers the new charge's id when this call recorded it (the caller mails its receipt), else null.
 */
export async function recordCharge(
  db: SupabaseClient,
  razorpay: RazorpayApi,
  record: SubscriptionRecord,
  plan: PlanPrice,
  payment: Pick<RazorpayPayment, 'id' | 'invoice_id' | 'amount' | 'currency'> & { status: string },
  period: { start: number | null; end: number | null },
  paidAt: Date,
): Promise<string | null> {
  if (payment.status !== 'captured' || payment.amount <= 0) return null;
  if (record.second_stopped) {
    await refundInFull(razorpay, payment.id);
    return null;
  }
  const { data, error } = await db
    .from('subscription_charges')
    .upsert(
      {
        subscription_id: record.id,
        user_id: record.user_id,
        plan_id: plan.id,
        razorpay_payment_id: payment.id,
        razorpay_invoice_id: payment.invoice_id,
        amount: payment.amount,
        currency: payment.currency,
        period_start: iso(period.start),
        period_end: iso(period.end),
        paid_at: paidAt.toISOString(),
      },
      { onConflict: 'razorpay_payment_id', ignoreDuplicates: true },
    )
    .select('id');
  if (error) throw failed('record the charge', error);
  return (data ?? [])[0]?.id ?? null;
}

/** The row as the owner reads it (what the function answers the browser). */
export function forOwner(record: SubscriptionRecord): BillingSubscription {
  return billingSubscriptionSchema().parse(record);
}

/** Razorpay's states in which a subscription may still charge, or be authorised and then charge. */
const MAY_STILL_CHARGE: ReadonlySet<string> = new Set(['created', 'authenticated', 'active', 'pending', 'halted', 'paused']);

/**
 * Cancels a subscription at Razorpay at once (`cancel_at_cycle_end: 0`, as Razorpay documents it) and
 * answers its state. One Razorpay refuses because it has ended already is fine; any other failure is thrown.
 */
async function cancelAtOnce(razorpay: RazorpayApi, subscriptionId: string): Promise<RazorpaySubscription> {
  try {
    return await razorpay.cancelSubscription(subscriptionId, false);
  } catch (error) {
    if (!(error instanceof RazorpayApiError)) throw error;
    const entity = await razorpay.fetchSubscription(subscriptionId);
    if (MAY_STILL_CHARGE.has(entity.status)) throw error;
    return entity;
  }
}

/**
 * Cancels at Razorpay, at once (`cancel_at_cycle_end: 0`, as Razorpay documents it), every subscription
 * of the user that may still charge, and mirrors each: before an account is deleted, so nobody is
 * charged for an account that is gone. One Razorpay refuses because it has ended meanwhile is fine;
 * any other failure is thrown, and the caller must not go on.
 */
export async function cancelEverySubscription(db: SupabaseClient, razorpay: RazorpayApi, userId: string): Promise<number> {
  let cancelled = 0;
  for (const record of await subscriptionsOf(db, userId)) {
    if (!MAY_STILL_CHARGE.has(record.status)) continue;
    const entity = await cancelAtOnce(razorpay, record.razorpay_subscription_id);
    const plan = planById(record.plan_id);
    if (plan) await mirrorSubscription(db, record, entity, plan, { cancel_at_period_end: false, scheduled_plan_id: null });
    cancelled++;
  }
  return cancelled;
}
