// What checkout.js talks to from the visitor's browser: it knows only the public key id.
// Decides each attempt from Razorpay's test instruments and signs successes with the key secret:
// an order's payment, or the authorisation of a subscription (its first charge when it starts now).
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../context.ts';
import { chargeSubscription, catchUp, renewed, type ChargeCard } from './billing.ts';
import { badRequest, readRazorpayJson, sendError } from './errors.ts';
import { razorpayId } from './ids.ts';
import type { Sandbox } from './sandbox.ts';
import { partnerApp } from './partner.ts';
import { paymentSignature, safeEqual } from './signature.ts';
import { findOrder, insertOrder, insertPayment, orderAccount, recordOrderAttempt, type PaymentEntity } from './store.ts';
import { findPlanRow, findSubscriptionRow, toSubscription, updateSubscription } from './subscriptionsStore.ts';
import { cardOutcome, digitsOnly, upiOutcome, type InstrumentOutcome } from './testInstruments.ts';
import type { SandboxEvent } from './webhooks.ts';

const payBody = z
  .object({
    key_id: z.string().min(1).max(100),
    order_id: z.string().min(1).max(100).optional(),
    subscription_id: z.string().min(1).max(100).optional(),
    method: z.enum(['card', 'upi']),
    card: z
      .object({
        number: z.string().max(40),
        expiry: z.string().max(10),
        cvv: z.string().max(10),
        name: z.string().max(200).optional(),
      })
      .optional(),
    vpa: z.string().max(100).optional(),
    email: z.string().max(200).optional(),
    contact: z.string().max(40).optional(),
  })
  .refine((body) => Boolean(body.order_id) !== Boolean(body.subscription_id));
type PayInput = z.infer<typeof payBody>;

type PayResult =
  | { kind: 'paid'; payment: PaymentEntity; events: SandboxEvent[] }
  | { kind: 'failed'; payment: PaymentEntity }
  | { kind: 'refused'; description: string; field?: string };

function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amount / 100);
}

/**
 * The account a checkout key opens payments for: the platform's key id (null), or a connected seller's
 * `public_token` while the seller's grant lasts; undefined for any other key.
 */
async function accountOfKey(sandbox: Sandbox, key: string | undefined): Promise<{ accountId: string | null } | undefined> {
  if (safeEqual(key ?? '', sandbox.ctx.keys.razorpayKeyId)) return { accountId: null };
  if (!key || !/^rzp_test_oauth_[A-Za-z0-9]{14}$/.test(key)) return undefined;
  await sandbox.ready;
  const { rows } = await sandbox.ctx.db.asOwner((tx) =>
    tx.query<{ account_id: string }>(
      `select account_id from local_cloud.razorpay_oauth_tokens
        where public_token = $1 and kind = 'access' and not revoked and expires_at > $2 limit 1`,
      [key, sandbox.clock.now()],
    ),
  );
  return rows[0] ? { accountId: rows[0].account_id } : undefined;
}

/** What a payment's signature is made with: the key secret, or for a seller's order the partner app's client secret. */
function signingSecret(sandbox: Sandbox, accountId: string | null): string {
  return accountId === null ? sandbox.ctx.keys.razorpayKeySecret : partnerApp(sandbox.ctx.keys).clientSecret;
}

function cardOf(input: PayInput, outcome: InstrumentOutcome): ChargeCard {
  return {
    method: 'card',
    cardLast4: input.card ? digitsOnly(input.card.number).slice(-4) : null,
    cardNetwork: outcome.kind === 'invalid' ? null : (outcome.network ?? null),
    email: input.email ?? null,
    contact: input.contact ?? null,
  };
}

async function payOrder(
  tx: Queryable,
  sandbox: Sandbox,
  input: PayInput,
  outcome: InstrumentOutcome,
  accountId: string | null,
): Promise<PayResult> {
  // An order is paid only through its own account's key: another account's order is unknown.
  const order = (await orderAccount(tx, input.order_id!)) === accountId ? await findOrder(tx, input.order_id!, true) : undefined;
  if (!order) return { kind: 'refused', description: 'The id provided does not exist', field: 'order_id' };
  if (order.status === 'paid') return { kind: 'refused', description: 'Order has already been paid' };
  const paid = outcome.kind === 'success';
  const card = cardOf(input, outcome);
  const payment = await insertPayment(tx, {
    id: razorpayId('pay'),
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    status: paid ? 'captured' : 'failed',
    method: input.method,
    email: card.email,
    contact: card.contact,
    cardLast4: input.method === 'card' ? card.cardLast4 : null,
    cardNetwork: input.method === 'card' ? card.cardNetwork : null,
    vpa: input.method === 'upi' ? (input.vpa?.trim() ?? null) : null,
    error: outcome.kind === 'failure' ? outcome.failure : null,
    createdAt: sandbox.clock.now(),
  });
  await recordOrderAttempt(tx, order.id, paid);
  if (!paid) return { kind: 'failed', payment };
  const paidOrder = (await findOrder(tx, order.id))!;
  const at = sandbox.clock.now();
  return {
    kind: 'paid',
    payment,
    events: [
      { event: 'payment.captured', createdAt: at, payload: { payment }, accountId },
      { event: 'order.paid', createdAt: at, payload: { payment, order: paidOrder }, accountId },
    ],
  };
}

/**
 * The authorisation transaction of a subscription. Starting now, it is the first charge; starting
 * later, Razorpay takes a token amount it refunds at once, which the sandbox records as a
 * zero-amount authorisation.
 */
async function paySubscription(tx: Queryable, sandbox: Sandbox, input: PayInput, outcome: InstrumentOutcome): Promise<PayResult> {
  const sub = await findSubscriptionRow(tx, input.subscription_id!, true);
  if (!sub) return { kind: 'refused', description: 'The id provided does not exist', field: 'subscription_id' };
  if (sub.status !== 'created')
    return { kind: 'refused', description: 'Customer payment is not allowed for the Subscription at this stage.' };
  const plan = (await findPlanRow(tx, sub.plan_id))!;
  if (input.method === 'upi' && plan.currency !== 'INR') {
    return { kind: 'refused', description: 'UPI takes payments in INR only. Pay by card.', field: 'method' };
  }
  const now = sandbox.clock.now();
  const startsNow = sub.start_at === null || Number(sub.start_at) <= now;
  const card = cardOf(input, outcome);
  const failure = outcome.kind === 'failure' ? outcome.failure : null;
  let payment: PaymentEntity;
  if (startsNow) {
    payment = await chargeSubscription(tx, sub, plan, now, card, failure);
  } else {
    const order = await insertOrder(tx, {
      id: razorpayId('order'),
      amount: 0,
      currency: plan.currency,
      receipt: null,
      notes: {},
      createdAt: now,
    });
    payment = await insertPayment(tx, {
      id: razorpayId('pay'),
      orderId: order.id,
      amount: 0,
      currency: plan.currency,
      status: failure ? 'failed' : 'authorized',
      method: input.method,
      email: card.email,
      contact: card.contact,
      cardLast4: card.cardLast4,
      cardNetwork: card.cardNetwork,
      vpa: null,
      error: failure,
      createdAt: now,
      subscriptionId: sub.id,
    });
  }
  if (failure) {
    await updateSubscription(tx, sub.id, { auth_attempts: sub.auth_attempts + 1 });
    return { kind: 'failed', payment };
  }
  const authorised = await updateSubscription(tx, sub.id, {
    customer_id: sub.customer_id ?? razorpayId('cust'),
    payment_method: input.method,
    card_last4: card.cardLast4,
    card_network: card.cardNetwork,
    email: card.email,
    contact: card.contact,
    ...(startsNow ? {} : { status: 'authenticated' as const, charge_at: sub.start_at }),
  });
  const base = sandbox.apiBase();
  if (!startsNow) {
    return {
      kind: 'paid',
      payment,
      events: [{ event: 'subscription.authenticated', createdAt: now, payload: { subscription: toSubscription(authorised, base) } }],
    };
  }
  const active = await renewed(tx, authorised, plan, now);
  const subscription = toSubscription(active, base);
  return {
    kind: 'paid',
    payment,
    events: [
      { event: 'subscription.activated', createdAt: now, payload: { subscription } },
      { event: 'subscription.charged', createdAt: now, payload: { subscription, payment } },
    ],
  };
}

/** What the dialog shows for a subscription: the plan's amount and whether it is charged now. */
async function subscriptionSummary(sandbox: Sandbox, id: string) {
  await catchUp(sandbox);
  return sandbox.ctx.db.asOwner(async (tx) => {
    const sub = await findSubscriptionRow(tx, id);
    if (!sub) return undefined;
    const plan = (await findPlanRow(tx, sub.plan_id))!;
    const now = sandbox.clock.now();
    const startAt = sub.start_at === null ? null : Number(sub.start_at);
    return {
      id: sub.id,
      status: sub.status,
      amount: Number(plan.amount) * sub.quantity,
      currency: plan.currency,
      period: plan.period,
      interval: plan.interval,
      plan_name: plan.name,
      charge_now: startAt === null || startAt <= now,
      start_at: startAt,
    };
  });
}

export function mountCheckoutApi(app: Hono, sandbox: Sandbox): void {
  const { ctx, ready } = sandbox;
  const invalidKey = (c: Context) => sendError(c, 400, badRequest('The api key provided is invalid', 'key'));

  // The dialog shows the amount the order really charges, not whatever the page passed in.
  app.get('/razorpay/v1/checkout/orders/:id', async (c) => {
    const key = await accountOfKey(sandbox, c.req.query('key_id'));
    if (!key) return invalidKey(c);
    await ready;
    const id = c.req.param('id');
    const order = await ctx.db.asOwner(async (tx) => ((await orderAccount(tx, id)) === key.accountId ? findOrder(tx, id) : undefined));
    if (!order) return sendError(c, 400, badRequest('The id provided does not exist', 'order_id'));
    return c.json({ id: order.id, amount: order.amount, currency: order.currency, status: order.status });
  });

  app.get('/razorpay/v1/checkout/subscriptions/:id', async (c) => {
    if ((await accountOfKey(sandbox, c.req.query('key_id')))?.accountId !== null) return invalidKey(c);
    const summary = await subscriptionSummary(sandbox, c.req.param('id'));
    return summary ? c.json(summary) : sendError(c, 400, badRequest('The id provided does not exist', 'subscription_id'));
  });

  app.post('/razorpay/v1/checkout/pay', async (c) => {
    const raw = await readRazorpayJson(c);
    if (!raw.ok) return sendError(c, raw.status, raw.body);
    const parsed = payBody.safeParse(raw.value);
    if (!parsed.success) return sendError(c, 400, badRequest('Payment details are incomplete'));
    const input = parsed.data;
    const key = await accountOfKey(sandbox, input.key_id);
    // Subscriptions are the platform's own (its plans); a seller's public token pays orders only.
    if (!key || (input.subscription_id && key.accountId !== null)) return invalidKey(c);

    const recurring = Boolean(input.subscription_id);
    let outcome: InstrumentOutcome;
    if (input.method === 'card') {
      if (!input.card) return sendError(c, 400, badRequest('Card details are required', 'card'));
      outcome = cardOutcome(input.card, { recurring });
    } else {
      outcome = upiOutcome(input.vpa ?? '');
    }
    if (outcome.kind === 'invalid') return sendError(c, 400, badRequest(outcome.description, outcome.field));

    if (recurring) await catchUp(sandbox);
    else await ready;
    const result = await ctx.db.asOwner((tx) =>
      recurring ? paySubscription(tx, sandbox, input, outcome) : payOrder(tx, sandbox, input, outcome, key.accountId),
    );

    if (result.kind === 'refused') return sendError(c, 400, badRequest(result.description, result.field));
    const { payment } = result;
    const reference = input.subscription_id ?? payment.order_id;
    if (result.kind === 'failed' && outcome.kind === 'failure') {
      ctx.log.info('razorpay sandbox payment failed', { reference, paymentId: payment.id, reason: outcome.failure.reason });
      const metadata = recurring ? { subscription_id: reference, payment_id: payment.id } : { order_id: reference, payment_id: payment.id };
      return c.json({ error: { ...outcome.failure, metadata } }, 400);
    }
    if (result.kind !== 'paid') return sendError(c, 400, badRequest('Payment failed'));
    ctx.log.info('razorpay sandbox payment made', { reference, paymentId: payment.id, status: payment.status });
    sandbox.webhooks.send(result.events);
    if (payment.email && payment.amount > 0) {
      await ctx.mailbox.add({
        kind: 'razorpay',
        to: payment.email,
        from: 'Razorpay sandbox <no-reply@razorpay.local>',
        subject: `Payment of ${formatAmount(payment.amount, payment.currency)} received`,
        // Razorpay's own note of a payment, as its test mode mails one; the seller's receipt is the seller's
        // to send (FolioForge's payment functions mail theirs).
        text: [
          `Amount: ${formatAmount(payment.amount, payment.currency)}`,
          `Paid by: ${payment.card ? `${payment.card.network} card ending ${payment.card.last4}` : payment.method}`,
          `Payment id: ${payment.id}`,
          `${input.subscription_id ? 'Subscription' : 'Order'}: ${reference}`,
          `Date: ${new Date(payment.created_at * 1000).toUTCString()}`,
          'This is the payment processor’s note of the payment; the seller sends its receipt.',
        ].join('\n'),
        meta: { order_id: payment.order_id, payment_id: payment.id, amount: payment.amount, currency: payment.currency },
      });
    }
    const secret = signingSecret(sandbox, key.accountId);
    return recurring
      ? c.json({
          razorpay_payment_id: payment.id,
          razorpay_subscription_id: reference,
          // Signed over payment_id|subscription_id, the other way round from an order's.
          razorpay_signature: paymentSignature(payment.id, reference, secret),
        })
      : c.json({
          razorpay_payment_id: payment.id,
          razorpay_order_id: payment.order_id,
          razorpay_signature: paymentSignature(payment.order_id, payment.id, secret),
        });
  });
}
