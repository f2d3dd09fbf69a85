// Billing, written once: how a subscription's state reads (current, going on, lapsed) — the same
// rules as public.subscription_holds_until in SQL. The rows every screen reads are billingRows.ts;
// the frontends read both through @folioforge/shared; what the payments function takes and answers
// is contracts/payments.ts.
import type { BillingSubscription } from './billingRows.ts';

// ─── reading a user's subscriptions ────────────────────────────────────────────────────────
/** public.billing_grace_period(): how long a plan outlives a renewal that has not gone through. */
export const GRACE_PERIOD_DAYS = 7;

const time = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

/** Until when this subscription keeps its plan (public.subscription_holds_until), or null. */
export function holdsUntil(sub: Pick<BillingSubscription, 'status' | 'current_end' | 'ended_at' | 'cancel_at_period_end'>): Date | null {
  const end = time(sub.current_end);
  if (Number.isNaN(end)) return null;
  if (sub.status === 'active' && sub.cancel_at_period_end) return new Date(end);
  if (sub.status === 'active' || sub.status === 'pending') return new Date(end + GRACE_PERIOD_DAYS * 86_400_000);
  if (sub.status === 'cancelled' || sub.status === 'completed') {
    const ended = time(sub.ended_at);
    return new Date(Number.isNaN(ended) ? end : Math.min(end, ended));
  }
  return null;
}

/** Whether Razorpay will charge it again: renewing, retrying a renewal, or waiting to start. */
function goesOn(sub: Pick<BillingSubscription, 'status' | 'cancel_at_period_end'>): boolean {
  return ['authenticated', 'active', 'pending'].includes(sub.status) && !sub.cancel_at_period_end;
}

export interface BillingState<T extends BillingSubscription = BillingSubscription> {
  /** The subscription that holds a plan now (the best plan, if several). */
  current?: T;
  /** The one that goes on charging: the current one renewing, or one resumed that starts later. */
  continuing?: T;
  /** When no subscription holds a plan: the one that ended last, halted, cancelled or done. */
  lapsed?: T;
}

const rank = (planId: string) => ({ basic: 1, pro: 2, premium: 3 })[planId] ?? 0;

export function billingStateOf<T extends BillingSubscription>(subscriptions: readonly T[], now: Date = new Date()): BillingState<T> {
  const holding = subscriptions
    .filter((sub) => (holdsUntil(sub)?.getTime() ?? 0) > now.getTime())
    .sort((a, b) => rank(b.plan_id) - rank(a.plan_id));
  const current = holding[0];
  const continuing = subscriptions.find(goesOn);
  const lapsed = current
    ? undefined
    : subscriptions
        .filter((sub) => ['halted', 'cancelled', 'completed'].includes(sub.status) && sub.current_end)
        .sort((a, b) => time(b.current_end) - time(a.current_end))[0];
  return { ...(current ? { current } : {}), ...(continuing ? { continuing } : {}), ...(lapsed ? { lapsed } : {}) };
}
