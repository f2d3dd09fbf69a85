// The server-side Orders, Payments and Refunds API (what a merchant's backend calls with its key secret).
import type { Context, Hono } from 'hono';
import type { Queryable } from '../context.ts';
import { accountOf, requireApiAuth } from './auth.ts';
import { RateLimiter } from '../http/rateLimit.ts';
import { NOT_FOUND, TOO_MANY_REQUESTS, badRequest, readRazorpayJson, sendError } from './errors.ts';
import { razorpayId } from './ids.ts';
import type { Sandbox } from './sandbox.ts';
import { parseOrderInput } from './orderInput.ts';
import { findOrder, findPayment, findRefund, insertOrder, orderAccount, receiptTaken, refundPayment, type RefundEntity } from './store.ts';

/** Orders one key may create per minute. */
const ORDERS_PER_MINUTE = 120;

export function mountOrdersApi(app: Hono, sandbox: Sandbox): void {
  const { ctx, ready, clock } = sandbox;
  const orderLimiter = new RateLimiter(ORDERS_PER_MINUTE);
  requireApiAuth(app, sandbox, ['/razorpay/v1/orders', '/razorpay/v1/payments']);
  // Each account sees only its own orders and payments: another's id is answered as unknown.
  const own = async (tx: Queryable, c: Context, orderId: string | undefined) =>
    orderId !== undefined && (await orderAccount(tx, orderId)) === accountOf(c);

  app.post('/razorpay/v1/orders', async (c) => {
    // Per key, as Razorpay limits its API: a loop creating orders is answered 429.
    if (!orderLimiter.hit(accountOf(c) ?? ctx.keys.razorpayKeyId)) return sendError(c, 429, TOO_MANY_REQUESTS);
    const body = await readRazorpayJson(c);
    if (!body.ok) return sendError(c, body.status, body.body);
    const parsed = parseOrderInput(body.value);
    if (!parsed.ok) return sendError(c, 400, parsed.error);
    const input = parsed.value;
    await ready;
    const result = await ctx.db.asOwner(async (tx) => {
      // Serialise order creation so two requests with one receipt cannot both pass the check.
      await tx.query('select pg_advisory_xact_lock(5432191)');
      if (input.receipt && (await receiptTaken(tx, input.receipt, accountOf(c)))) return undefined;
      return insertOrder(tx, { id: razorpayId('order'), ...input, createdAt: clock.now(), accountId: accountOf(c) });
    });
    if (!result) return sendError(c, 400, badRequest('The receipt has already been used for another order.', 'receipt'));
    ctx.log.info('razorpay order created', { orderId: result.id, amount: result.amount });
    return c.json(result, 200);
  });

  app.get('/razorpay/v1/orders/:id', async (c) => {
    await ready;
    const order = await ctx.db.asOwner(async (tx) =>
      (await own(tx, c, c.req.param('id'))) ? findOrder(tx, c.req.param('id')) : undefined,
    );
    return order ? c.json(order) : sendError(c, 400, NOT_FOUND);
  });

  app.get('/razorpay/v1/orders/:id/payments', async (c) => {
    await ready;
    const id = c.req.param('id');
    const result = await ctx.db.asOwner(async (tx) => {
      const order = (await own(tx, c, id)) ? await findOrder(tx, id) : undefined;
      if (!order) return undefined;
      const { rows } = await tx.query<{ id: string }>(
        'select id from local_cloud.razorpay_payments where order_id = $1 order by created_at, id',
        [id],
      );
      const items = [];
      for (const row of rows) items.push(await findPayment(tx, row.id));
      return items;
    });
    return result ? c.json({ entity: 'collection', count: result.length, items: result }) : sendError(c, 400, NOT_FOUND);
  });

  app.get('/razorpay/v1/payments/:id', async (c) => {
    await ready;
    const payment = await ctx.db.asOwner(async (tx) => {
      const found = await findPayment(tx, c.req.param('id'));
      return found && (await own(tx, c, found.order_id)) ? found : undefined;
    });
    return payment ? c.json(payment) : sendError(c, 400, NOT_FOUND);
  });

  // A full refund when no amount is sent; the sandbox processes it at once (Razorpay's test mode does
  // too), unless a test control made the account's refunds pending (sandboxApi.ts): then it answers
  // `pending`, and refund.processed or refund.failed follows when the control ends it. With
  // X-Refund-Idempotency, the same request again (same payment, same body) answers the refund it made,
  // as it is now, and another request with that key is refused; requests with one key wait for each
  // other rather than answer 409.
  app.post('/razorpay/v1/payments/:id/refund', async (c) => {
    const body = await readRazorpayJson(c);
    if (!body.ok) return sendError(c, body.status, body.body);
    const input = parseRefundInput(body.value);
    if ('error' in input) return sendError(c, 400, input.error);
    const idempotencyKey = c.req.header('x-refund-idempotency');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
      return sendError(
        c,
        400,
        badRequest('The idempotency key must be at least 10 characters long and contain only alphabets, numbers, hyphens and underscores.'),
      );
    const request = JSON.stringify([c.req.param('id'), body.value]);
    const accountKey = accountOf(c) ?? '';
    await ready;
    const result = await ctx.db.asOwner(async (tx) => {
      const found = await findPayment(tx, c.req.param('id'));
      if (!found || !(await own(tx, c, found.order_id))) return undefined;
      if (idempotencyKey !== undefined) {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`refund:${accountKey}:${idempotencyKey}`]);
        const { rows } = await tx.query<{ request: string; refund: RefundEntity }>(
          'select request, refund from local_cloud.razorpay_refund_idempotency where account_key = $1 and idempotency_key = $2',
          [accountKey, idempotencyKey],
        );
        const seen = rows[0];
        if (seen)
          return seen.request === request
            ? { refund: (await findRefund(tx, seen.refund.id)) ?? seen.refund }
            : { refused: 'Different request with the same idempotency key has already been processed.' };
      }
      const account = accountOf(c);
      const pending = account !== null && (sandbox.pendingRefundAccounts?.has(account) ?? false);
      const made = await refundPayment(tx, { id: razorpayId('rfnd'), paymentId: found.id, ...input, createdAt: clock.now(), pending });
      if (made && 'refund' in made && idempotencyKey !== undefined)
        await tx.query(
          'insert into local_cloud.razorpay_refund_idempotency (account_key, idempotency_key, request, refund) values ($1, $2, $3, $4::jsonb)',
          [accountKey, idempotencyKey, request, JSON.stringify(made.refund)],
        );
      return made;
    });
    if (!result) return sendError(c, 400, NOT_FOUND);
    if ('refused' in result) return sendError(c, 400, badRequest(result.refused, result.field));
    ctx.log.info('razorpay payment refunded', { paymentId: result.refund.payment_id, amount: result.refund.amount });
    return c.json(result.refund, 200);
  });
}

/** X-Refund-Idempotency: at least 10 characters, letters, digits, hyphens and underscores. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

const REFUND_FIELDS = new Set(['amount', 'speed', 'receipt', 'notes']);

/** POST /v1/payments/:id/refund's body: all optional (amount in the minor unit, at least 100). */
function parseRefundInput(
  body: unknown,
):
  | { amount?: number; speed: 'normal' | 'optimum'; receipt: string | null; notes: Record<string, string> }
  | { error: ReturnType<typeof badRequest> } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { error: badRequest('The request body must be a JSON object') };
  const { amount, speed = 'normal', receipt = null, notes = {} } = body as Record<string, unknown>;
  const extra = Object.keys(body).filter((key) => !REFUND_FIELDS.has(key));
  if (extra.length) return { error: badRequest(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]) };
  if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100))
    return { error: badRequest('The amount must be atleast INR 1.00', 'amount') };
  if (speed !== 'normal' && speed !== 'optimum') return { error: badRequest('Invalid speed', 'speed') };
  if (receipt !== null && (typeof receipt !== 'string' || receipt.length > 40))
    return { error: badRequest('The receipt may not be greater than 40 characters.', 'receipt') };
  if (typeof notes !== 'object' || notes === null || Object.values(notes).some((value) => typeof value !== 'string'))
    return { error: badRequest('The notes must be an object of strings.', 'notes') };
  return { ...(amount === undefined ? {} : { amount }), speed, receipt, notes: notes as Record<string, string> };
}
