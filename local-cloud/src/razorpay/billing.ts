// How the sandbox bills subscriptions, as Razorpay documents it (payments/subscriptions/states,
// payment-retries, test): each charge is an invoice with its order and a payment; a due charge on
// an active subscription renews it for one more period (subscription.charged); a failed one moves
// it to pending and is retried the next day (subscription.pending), and the fourth failure in a row
// halts it (subscription.halted). A cancellation at cycle end or a plan change scheduled for it
// happens at that moment. Charges fall due on the sandbox clock, checked whenever a request reaches
// the subscriptions API, the checkout or the sandbox's controls.
import type { Queryable } from '../context.ts';
import { addPeriod } from './clock.ts';
import { razorpayId } from './ids.ts';
import type { Sandbox } from './sandbox.ts';
import { insertOrder, insertPayment, recordOrderAttempt, type PaymentEntity } from './store.ts';
import {
  findPlanRow,
  toSubscription,
  updateSubscription,
  type PlanRow,
  type SubscriptionRow,
  type SubscriptionStatus,
} from './subscriptionsStore.ts';
import { RENEWAL_FAILURE, type PaymentFailure } from './testInstruments.ts';
import type { SandboxEvent } from './webhooks.ts';

/** Razorpay retries a failed charge daily; after the fourth failure in a row the subscription halts. */
const FAILED_CHARGES_BEFORE_HALT = 4;
const RETRY_AFTER_SECONDS = 86_400;

export interface ChargeCard {
  method: 'card';
  cardLast4: string | null;
  cardNetwork: string | null;
  email: string | null;
  contact: string | null;
}

/** One charge of a subscription: its invoice's order, and the payment, captured or failed. */
export async function chargeSubscription(
  tx: Queryable,
  sub: SubscriptionRow,
  plan: PlanRow,
  at: number,
  card: ChargeCard,
  failure: PaymentFailure | null,
): Promise<PaymentEntity> {
  const amount = Number(plan.amount) * sub.quantity;
  const order = await insertOrder(tx, {
    id: razorpayId('order'),
    amount,
    currency: plan.currency,
    receipt: null,
    notes: {},
    createdAt: at,
  });
  const payment = await insertPayment(tx, {
    id: razorpayId('pay'),
    orderId: order.id,
    amount,
    currency: plan.currency,
    status: failure ? 'failed' : 'captured',
    method: card.method,
    email: card.email,
    contact: card.contact,
    cardLast4: card.cardLast4,
    cardNetwork: card.cardNetwork,
    vpa: null,
    error: failure,
    createdAt: at,
    invoiceId: razorpayId('inv'),
    subscriptionId: sub.id,
  });
  await recordOrderAttempt(tx, order.id, !failure);
  return payment;
}

/** The subscription after a captured charge: active for the period that starts at `periodStart`. */
export async function renewed(tx: Queryable, sub: SubscriptionRow, plan: PlanRow, periodStart: number): Promise<SubscriptionRow> {
  const currentEnd = addPeriod(periodStart, plan.period, plan.interval);
  return updateSubscription(tx, sub.id, {
    status: 'active',
    current_start: periodStart,
    current_end: currentEnd,
    charge_at: currentEnd,
    paid_count: sub.paid_count + 1,
    auth_attempts: 0,
    start_at: sub.start_at ?? periodStart,
    end_at: sub.end_at ?? addPeriod(periodStart, plan.period, plan.interval, sub.total_count),
  });
}

function cardOf(sub: SubscriptionRow): ChargeCard {
  return { method: 'card', cardLast4: sub.card_last4, cardNetwork: sub.card_network, email: sub.email, contact: sub.contact };
}

/** What falls due on one subscription at its charge_at: the events it makes, in order. */
async function processDue(sandbox: Sandbox, tx: Queryable, due: SubscriptionRow): Promise<SandboxEvent[]> {
  const base = sandbox.apiBase();
  const at = Number(due.charge_at);
  const events: SandboxEvent[] = [];
  const emit = (event: string, row: SubscriptionRow, payment?: PaymentEntity) =>
    events.push({ event, createdAt: at, payload: { subscription: toSubscription(row, base), ...(payment ? { payment } : {}) } });
  let sub = due;

  if (sub.status === 'active' && sub.cancel_at_cycle_end) {
    emit(
      'subscription.cancelled',
      await updateSubscription(tx, sub.id, {
        status: 'cancelled',
        ended_at: at,
        charge_at: null,
        cancel_at_cycle_end: false,
        scheduled_plan_id: null,
        change_scheduled_at: null,
      }),
    );
    return events;
  }
  if (sub.status === 'active' && sub.paid_count >= sub.total_count) {
    emit('subscription.completed', await updateSubscription(tx, sub.id, { status: 'completed', ended_at: at, charge_at: null }));
    return events;
  }
  if (sub.scheduled_plan_id && Number(sub.change_scheduled_at ?? at) <= at) {
    sub = await updateSubscription(tx, sub.id, { plan_id: sub.scheduled_plan_id, scheduled_plan_id: null, change_scheduled_at: null });
    emit('subscription.updated', sub);
  }

  const plan = (await findPlanRow(tx, sub.plan_id))!;
  const wasStatus: SubscriptionStatus = sub.status;
  const periodStart = Number(sub.current_end ?? sub.start_at ?? at);
  const failure = sub.card_outcome === 'fail' ? RENEWAL_FAILURE : null;
  const payment = await chargeSubscription(tx, sub, plan, at, cardOf(sub), failure);
  if (!failure) {
    sub = await renewed(tx, sub, plan, periodStart);
    if (wasStatus !== 'active') emit('subscription.activated', sub);
    emit('subscription.charged', sub, payment);
    return events;
  }
  const attempts = sub.auth_attempts + 1;
  if (attempts >= FAILED_CHARGES_BEFORE_HALT) {
    // Invoices go on being raised each cycle, but nothing is charged until the card changes.
    sub = await updateSubscription(tx, sub.id, {
      status: 'halted',
      auth_attempts: attempts,
      charge_at: addPeriod(periodStart, plan.period, plan.interval),
    });
    emit('subscription.halted', sub);
  } else {
    sub = await updateSubscription(tx, sub.id, { status: 'pending', auth_attempts: attempts, charge_at: at + RETRY_AFTER_SECONDS });
    emit('subscription.pending', sub);
  }
  return events;
}

/** Everything due by the sandbox's now, oldest first; one step may make another due (a retry, the next month). */
export async function runDueCharges(sandbox: Sandbox): Promise<SandboxEvent[]> {
  await sandbox.ready;
  const now = sandbox.clock.now();
  return sandbox.ctx.db.asOwner(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(5432192)');
    const events: SandboxEvent[] = [];
    // Bounded: a clock moved years ahead bills each month, but cannot loop for ever.
    for (let step = 0; step < 5000; step++) {
      const { rows } = await tx.query<SubscriptionRow>(
        `select * from local_cloud.razorpay_subscriptions
          where status in ('authenticated', 'active', 'pending') and charge_at is not null and charge_at <= $1
          order by charge_at, id limit 1 for update`,
        [now],
      );
      const due = rows[0];
      if (!due) break;
      events.push(...(await processDue(sandbox, tx, due)));
    }
    return events;
  });
}

/** Bills what is due and sends its webhooks (in the background). */
export async function catchUp(sandbox: Sandbox): Promise<void> {
  const events = await runDueCharges(sandbox);
  if (events.length) sandbox.webhooks.send(events);
}
