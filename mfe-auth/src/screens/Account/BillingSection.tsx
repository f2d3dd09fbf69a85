import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import {
  dateFormatter,
  Alert,
  billedToOf,
  billingStateOf,
  Button,
  describePayment,
  formatMoney,
  GRACE_PERIOD_DAYS,
  holdsUntil,
  planById,
  periodOf,
  PLANS,
  type BillingHistoryEntry,
  type BillingSubscription,
  type PlanId,
} from '@folioforge/shared';
import { useBillingHistory, usePlanAction, useSubscriptions, type PlanActionState } from './billingData';
import { ReceiptDialog } from './ReceiptDialog';
import { ResumePlanButton } from './ResumePlanButton';
import styles from './Billing.module.scss';

const dateFormat = dateFormatter('en-IN', { dateStyle: 'medium' });
const date = (iso: string | null | undefined) => (iso ? dateFormat(iso) : '');
const nameOf = (planId: string) => planById(planId)?.name ?? planId;
const monthly = (sub: Pick<BillingSubscription, 'amount' | 'currency'>) => `${formatMoney(sub.amount, sub.currency)} a month`;

/** Cancel, with a confirmation that says what happens. */
function CancelControl({ sub, actions }: { sub: BillingSubscription; actions: PlanActionState }) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Cancel subscription
      </Button>
    );
  }
  const consequence =
    sub.status === 'active'
      ? `${nameOf(sub.plan_id)} stays until ${date(sub.current_end)}, and you will not be charged again.`
      : sub.status === 'pending'
        ? `${nameOf(sub.plan_id)} ends now, and the unpaid renewal is not tried again.`
        : `${nameOf(sub.plan_id)} will not start on ${date(sub.starts_at)}, and you will not be charged.`;
  return (
    <div role="group" aria-labelledby={questionId} className={styles.confirm}>
      <p id={questionId}>Cancel your subscription? {consequence}</p>
      <div className={styles.actions}>
        <Button
          busy={actions.busy}
          onClick={() =>
            void actions.run({ action: 'cancel-subscription' }).then((done) => {
              if (done) setAsking(false);
            })
          }
        >
          Yes, cancel
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Keep it
        </Button>
      </div>
    </div>
  );
}

/** Another plan from the end of the period paid for (Razorpay changes a subscription at cycle end). */
function ChangePlanControl({ sub, actions }: { sub: BillingSubscription; actions: PlanActionState }) {
  const selectId = useId();
  const others = PLANS.filter((plan) => plan.id !== sub.plan_id);
  const [choice, setChoice] = useState<PlanId>(others[0]!.id);
  const chosen = planById(choice)!;
  const from = date(sub.status === 'authenticated' ? sub.starts_at : sub.current_end);
  return (
    <div className={styles.change}>
      <label htmlFor={selectId}>Change plan</label>
      <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value as PlanId)}>
        {others.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}, {formatMoney(plan.amount, plan.currency)} a month
          </option>
        ))}
      </select>
      <p className={styles.hint}>
        {chosen.rank > planById(sub.plan_id)!.rank ? 'Upgrade' : 'Downgrade'} to {chosen.name} from {from}, when the month you paid for
        ends: {formatMoney(chosen.amount, chosen.currency)} a month from then. Until then you keep {nameOf(sub.plan_id)}.
      </p>
      <Button variant="secondary" busy={actions.busy} onClick={() => void actions.run({ action: 'change-plan', planId: choice })}>
        Change to {chosen.name} on {from}
      </Button>
    </div>
  );
}

/** What the user's subscription is doing now, and what they can do about it. */
function SubscriptionStatus({ subscriptions, userId }: { subscriptions: BillingSubscription[]; userId: string }) {
  const actions = usePlanAction(userId);
  const { current, continuing, lapsed } = billingStateOf(subscriptions);
  let body;
  if (continuing && continuing.status === 'pending') {
    const graceEnd = holdsUntil(continuing);
    body = (
      <>
        <Alert tone="error">
          The renewal payment of {formatMoney(continuing.amount, continuing.currency)} due on {date(continuing.current_end)} did not go
          through ({continuing.failed_charges} {continuing.failed_charges === 1 ? 'attempt' : 'attempts'} so far). Razorpay tries again each
          day, and your {nameOf(continuing.plan_id)} plan carries on meanwhile, for up to {GRACE_PERIOD_DAYS} days (until{' '}
          {graceEnd ? dateFormat(graceEnd) : ''}). If the payment still fails, the plan ends.
        </Alert>
        <CancelControl sub={continuing} actions={actions} />
      </>
    );
  } else if (continuing && continuing.status === 'active') {
    body = (
      <>
        <p className={styles.state}>
          <strong>{nameOf(continuing.plan_id)}</strong>, {monthly(continuing)}. Renews on {date(continuing.current_end)}:{' '}
          {formatMoney(continuing.amount, continuing.currency)} will be charged then.
        </p>
        {continuing.scheduled_plan_id ? (
          <div className={styles.confirm}>
            <p>
              From {date(continuing.current_end)}: {nameOf(continuing.scheduled_plan_id)},{' '}
              {formatMoney(planById(continuing.scheduled_plan_id)!.amount, continuing.currency)} a month.
            </p>
            <Button
              variant="secondary"
              busy={actions.busy}
              onClick={() => void actions.run({ action: 'change-plan', planId: continuing.plan_id })}
            >
              Keep {nameOf(continuing.plan_id)}
            </Button>
          </div>
        ) : (
          <ChangePlanControl sub={continuing} actions={actions} />
        )}
        <CancelControl sub={continuing} actions={actions} />
      </>
    );
  } else if (continuing) {
    // Resumed (or bought while a plan pass runs): authorised, starting when the current one ends.
    body = (
      <>
        <p className={styles.state}>
          {current ? `${nameOf(current.plan_id)} until ${date(current.current_end)}, then ` : ''}
          <strong>{nameOf(continuing.plan_id)}</strong> from {date(continuing.starts_at)}:{' '}
          {formatMoney(continuing.amount, continuing.currency)} will be charged then, and monthly until you cancel.
        </p>
        <ChangePlanControl sub={continuing} actions={actions} />
        <CancelControl sub={continuing} actions={actions} />
      </>
    );
  } else if (current) {
    body = (
      <>
        <p className={styles.state}>
          <strong>{nameOf(current.plan_id)}</strong> ends on {date(current.current_end)}. Your subscription is cancelled: you will not be
          charged again.
        </p>
        <ResumePlanButton planId={current.plan_id} label={`Resume ${nameOf(current.plan_id)}`} />
        <p className={styles.hint}>
          Resuming charges nothing today: {formatMoney(current.amount, current.currency)} on {date(current.current_end)}, when this month
          ends, then monthly.
        </p>
      </>
    );
  } else if (lapsed) {
    body = (
      <p className={styles.state}>
        Your {nameOf(lapsed.plan_id)} plan has ended
        {lapsed.status === 'halted'
          ? `: the renewal payment of ${formatMoney(lapsed.amount, lapsed.currency)} due on ${date(lapsed.current_end)} did not go through`
          : ` (${date(lapsed.ended_at ?? lapsed.current_end)})`}
        . <Link to="/pricing">Choose a plan</Link> to have its features again.
      </p>
    );
  } else {
    body = (
      <p className={styles.state}>
        You have no subscription. <Link to="/pricing">See the plans</Link>.
      </p>
    );
  }
  return (
    // Announced when it changes (a cancellation, a change of plan, a resumed plan): the new state is the answer.
    <div className={styles.subscription} aria-live="polite">
      {body}
      {actions.error ? <Alert tone="error">{actions.error}</Alert> : null}
    </div>
  );
}

function History({ entries, billedTo }: { entries: BillingHistoryEntry[]; billedTo: string }) {
  const [open, setOpen] = useState<BillingHistoryEntry | null>(null);
  if (entries.length === 0) {
    return (
      <p>
        No purchases yet — <Link to="/pricing">see the plans</Link>.
      </p>
    );
  }
  return (
    <>
      <ul className={styles.history} aria-label="Payments">
        {entries.map((entry) => {
          const period = periodOf(entry);
          return (
            <li key={entry.id} className={styles.payment}>
              <span className={styles.paidOn}>{date(entry.paid_at)}</span>
              <span className={styles.what}>
                {describePayment(entry)}
                {period ? <span className={styles.period}>{period}</span> : null}
              </span>
              <span className={styles.amount}>{formatMoney(entry.amount, entry.currency)}</span>
              <Button
                variant="ghost"
                onClick={() => setOpen(entry)}
                aria-label={`Receipt for ${describePayment(entry)} on ${date(entry.paid_at)}`}
              >
                Receipt
              </Button>
            </li>
          );
        })}
      </ul>
      {open ? <ReceiptDialog entry={open} billedTo={billedTo} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/**
 * /account's billing: the subscription (renews, cancel, resume, change plan, a failed renewal's
 * grace) and every payment with a printable receipt. Opened and unpaid checkouts are not listed.
 */
export function BillingSection({ user }: { user: User }) {
  const subscriptions = useSubscriptions(user.id);
  const history = useBillingHistory(user.id);
  const billedTo = billedToOf(user.user_metadata?.['name'], user.email);
  const failed = subscriptions.error ?? history.error;
  return (
    <div className={styles.billing}>
      <h3>Subscription</h3>
      {subscriptions.data ? <SubscriptionStatus subscriptions={subscriptions.data} userId={user.id} /> : null}
      <h3>Payments and receipts</h3>
      {history.data ? <History entries={history.data} billedTo={billedTo} /> : null}
      {subscriptions.isPending || history.isPending ? <p role="status">Loading your billing…</p> : null}
      {failed ? (
        <Alert tone="error">
          Your billing could not be loaded: {failed.message}{' '}
          <Button
            variant="ghost"
            onClick={() => {
              void subscriptions.refetch();
              void history.refetch();
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}
