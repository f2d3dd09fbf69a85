// What checkout.js talks to from the visitor's browser: it knows only the public key id.
// Decides each attempt from Razorpay's test instruments and signs successes with the key secret.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { LocalCloudContext } from '../context.ts';
import { badRequest, readRazorpayJson, sendError } from './errors.ts';
import { razorpayId, unixNow } from './ids.ts';
import { paymentSignature, safeEqual } from './signature.ts';
import { findOrder, insertPayment, type PaymentEntity } from './store.ts';
import { cardOutcome, digitsOnly, upiOutcome, type InstrumentOutcome } from './test-instruments.ts';

const payBody = z.object({
  key_id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100),
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
});

type PayResult =
  | { kind: 'paid'; payment: PaymentEntity }
  | { kind: 'failed'; payment: PaymentEntity }
  | { kind: 'refused'; status: 400; description: string; field?: string };

function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amount / 100);
}

export function mountCheckoutApi(app: Hono, ctx: LocalCloudContext, ready: Promise<void>): void {
  // The dialog shows the amount the order really charges, not whatever the page passed in.
  app.get('/razorpay/v1/checkout/orders/:id', async (c) => {
    if (!safeEqual(c.req.query('key_id') ?? '', ctx.keys.razorpayKeyId)) {
      return sendError(c, 400, badRequest('The api key provided is invalid', 'key'));
    }
    await ready;
    const order = await ctx.db.asOwner((tx) => findOrder(tx, c.req.param('id')));
    if (!order) return sendError(c, 400, badRequest('The id provided does not exist', 'order_id'));
    return c.json({ id: order.id, amount: order.amount, currency: order.currency, status: order.status });
  });

  app.post('/razorpay/v1/checkout/pay', async (c) => {
    const raw = await readRazorpayJson(c);
    if (!raw.ok) return sendError(c, raw.status, raw.body);
    const parsed = payBody.safeParse(raw.value);
    if (!parsed.success) return sendError(c, 400, badRequest('Payment details are incomplete'));
    const input = parsed.data;
    if (!safeEqual(input.key_id, ctx.keys.razorpayKeyId)) return sendError(c, 400, badRequest('The api key provided is invalid', 'key'));

    let outcome: InstrumentOutcome;
    if (input.method === 'card') {
      if (!input.card) return sendError(c, 400, badRequest('Card details are required', 'card'));
      outcome = cardOutcome(input.card);
    } else {
      outcome = upiOutcome(input.vpa ?? '');
    }
    if (outcome.kind === 'invalid') return sendError(c, 400, badRequest(outcome.description, outcome.field));

    await ready;
    const result = await ctx.db.asOwner(async (tx): Promise<PayResult> => {
      const order = await findOrder(tx, input.order_id, true);
      if (!order) return { kind: 'refused', status: 400, description: 'The id provided does not exist', field: 'order_id' };
      if (order.status === 'paid') return { kind: 'refused', status: 400, description: 'Order has already been paid' };
      const paid = outcome.kind === 'success';
      const payment = await insertPayment(tx, {
        id: razorpayId('pay'),
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        status: paid ? 'captured' : 'failed',
        method: input.method,
        email: input.email ?? null,
        contact: input.contact ?? null,
        cardLast4: input.method === 'card' && input.card ? digitsOnly(input.card.number).slice(-4) : null,
        cardNetwork: outcome.network ?? null,
        vpa: input.method === 'upi' ? (input.vpa?.trim() ?? null) : null,
        error: outcome.kind === 'failure' ? outcome.failure : null,
        createdAt: unixNow(),
      });
      await tx.query(
        `update local_cloud.razorpay_orders
            set attempts = attempts + 1,
                status = case when $2 then 'paid' else 'attempted' end,
                amount_paid = case when $2 then amount else amount_paid end
          where id = $1`,
        [order.id, paid],
      );
      return paid ? { kind: 'paid', payment } : { kind: 'failed', payment };
    });

    if (result.kind === 'refused') return sendError(c, result.status, badRequest(result.description, result.field));
    const { payment } = result;
    if (result.kind === 'failed' && outcome.kind === 'failure') {
      ctx.log.info('razorpay sandbox payment failed', { orderId: payment.order_id, paymentId: payment.id, reason: outcome.failure.reason });
      return c.json({ error: { ...outcome.failure, metadata: { order_id: payment.order_id, payment_id: payment.id } } }, 400);
    }
    ctx.log.info('razorpay sandbox payment captured', { orderId: payment.order_id, paymentId: payment.id });
    if (payment.email) {
      await ctx.mailbox.add({
        kind: 'razorpay',
        to: payment.email,
        from: 'Razorpay sandbox <no-reply@razorpay.local>',
        subject: `Payment of ${formatAmount(payment.amount, payment.currency)} received`,
        text: `Payment ${payment.id} for order ${payment.order_id}: ${formatAmount(payment.amount, payment.currency)} (${payment.method}).`,
        meta: { order_id: payment.order_id, payment_id: payment.id, amount: payment.amount, currency: payment.currency },
      });
    }
    return c.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.order_id,
      razorpay_signature: paymentSignature(payment.order_id, payment.id, ctx.keys.razorpayKeySecret),
    });
  });
}
