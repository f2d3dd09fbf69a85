// Controls of the sandbox that Razorpay offers in its test-mode dashboard rather than its API, for
// tests and for a developer trying billing by hand (key secret required, like the API):
//   GET  /razorpay/_sandbox/clock                         → {now}
//   POST /razorpay/_sandbox/clock {advance_seconds}       → moves the clock on, makes every charge
//        that fell due meanwhile and delivers its webhooks → {now, events: [event names, in order]}
//   POST /razorpay/_sandbox/subscriptions/:id/card {next_charges: 'succeed' | 'fail'}
//        → how the stored card answers the automatic charges from now on (the dashboard's
//          "Charge this now" with Success or Failure, made automatic)
//   POST /razorpay/_sandbox/accounts/:id/revoke-app        → a connected seller revokes the partner app
//        from their dashboard: every grant of the account ends and account.app.authorization_revoked is sent
//   GET  /razorpay/_sandbox/webhooks                      → every webhook sent, oldest first: its raw
//        body, the X-Razorpay-Signature sent with it, and how the receiver answered
// Test controls, part of no Razorpay service (its test mode processes every refund at once): mounted
// only when local-cloud is started with its test controls (LOCAL_CLOUD_TEST_CONTROLS=true, or
// `testControls` in a test), answered only to loopback callers, with the key secret as above:
//   POST /razorpay/_sandbox/test/accounts/:id/refunds {next_refunds: 'pending' | 'processed'}
//        → refunds made on that connected account from now on answer `pending` (or at once again)
//   POST /razorpay/_sandbox/test/refunds/:id {outcome: 'processed' | 'failed'}
//        → ends a pending refund as Razorpay would later, and sends refund.processed or refund.failed
//          (with the refund and its payment, on the refund's account) → the refund as it is now
import type { Hono } from 'hono';
import { z } from 'zod';
import { requireKeyAuth } from './auth.ts';
import { runDueCharges } from './billing.ts';
import { NOT_FOUND, badRequest, readRazorpayJson, sendError } from './errors.ts';
import { partnerApp } from './partner.ts';
import type { Sandbox } from './sandbox.ts';
import { findSubscriptionRow, toSubscription, updateSubscription } from './subscriptionsStore.ts';
import { clientIp } from '../http/body.ts';
import { endRefund, orderAccount } from './store.ts';

const advanceBody = z.object({
  advance_seconds: z
    .number()
    .int()
    .min(0)
    .max(20 * 365 * 86_400),
});
const cardBody = z.object({ next_charges: z.enum(['succeed', 'fail']) });
const nextRefundsBody = z.object({ next_refunds: z.enum(['pending', 'processed']) });
const endRefundBody = z.object({ outcome: z.enum(['processed', 'failed']) });

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function mountSandboxControls(app: Hono, sandbox: Sandbox): void {
  const { ctx, ready, clock, webhooks } = sandbox;
  requireKeyAuth(app, ctx.keys, ['/razorpay/_sandbox']);

  app.get('/razorpay/_sandbox/clock', async (c) => {
    await ready;
    return c.json({ now: clock.now() });
  });

  app.post('/razorpay/_sandbox/clock', async (c) => {
    const raw = await readRazorpayJson(c);
    if (!raw.ok) return sendError(c, raw.status, raw.body);
    const parsed = advanceBody.safeParse(raw.value);
    if (!parsed.success) return sendError(c, 400, badRequest('advance_seconds must be a whole number of seconds', 'advance_seconds'));
    await ready;
    const now = await clock.advance(parsed.data.advance_seconds);
    const events = await runDueCharges(sandbox);
    webhooks.send(events);
    await webhooks.idle();
    return c.json({ now, events: events.map((event) => event.event) });
  });

  app.post('/razorpay/_sandbox/subscriptions/:id/card', async (c) => {
    const raw = await readRazorpayJson(c);
    if (!raw.ok) return sendError(c, raw.status, raw.body);
    const parsed = cardBody.safeParse(raw.value);
    if (!parsed.success) return sendError(c, 400, badRequest("next_charges must be 'succeed' or 'fail'", 'next_charges'));
    await ready;
    const row = await ctx.db.asOwner(async (tx) => {
      const found = await findSubscriptionRow(tx, c.req.param('id'), true);
      return found ? updateSubscription(tx, found.id, { card_outcome: parsed.data.next_charges }) : undefined;
    });
    return row ? c.json(toSubscription(row, sandbox.apiBase())) : sendError(c, 400, NOT_FOUND);
  });

  app.post('/razorpay/_sandbox/accounts/:id/revoke-app', async (c) => {
    await ready;
    const accountId = c.req.param('id');
    const { rowCount } = await ctx.db.asOwner((tx) =>
      tx.query('update local_cloud.razorpay_oauth_tokens set revoked = true where account_id = $1 and not revoked', [accountId]),
    );
    if (!rowCount) return sendError(c, 400, NOT_FOUND);
    webhooks.send([
      {
        event: 'account.app.authorization_revoked',
        createdAt: clock.now(),
        accountId,
        payload: { application: { id: partnerApp(ctx.keys).clientId, name: 'FolioForge' } },
      },
    ]);
    await webhooks.idle();
    return c.json({ revoked: true });
  });

  const pendingAccounts = sandbox.pendingRefundAccounts;
  if (pendingAccounts) {
    app.use('/razorpay/_sandbox/test/*', async (c, next) => {
      // The socket's own address, never a header a caller could write.
      if (!LOOPBACK.has(clientIp(c))) return c.json({ message: 'test controls answer loopback callers only' }, 403);
      await next();
    });

    app.post('/razorpay/_sandbox/test/accounts/:id/refunds', async (c) => {
      const raw = await readRazorpayJson(c);
      if (!raw.ok) return sendError(c, raw.status, raw.body);
      const parsed = nextRefundsBody.safeParse(raw.value);
      if (!parsed.success) return sendError(c, 400, badRequest("next_refunds must be 'pending' or 'processed'", 'next_refunds'));
      const accountId = c.req.param('id');
      if (parsed.data.next_refunds === 'pending') pendingAccounts.add(accountId);
      else pendingAccounts.delete(accountId);
      return c.json({ account_id: accountId, next_refunds: parsed.data.next_refunds });
    });

    app.post('/razorpay/_sandbox/test/refunds/:id', async (c) => {
      const raw = await readRazorpayJson(c);
      if (!raw.ok) return sendError(c, raw.status, raw.body);
      const parsed = endRefundBody.safeParse(raw.value);
      if (!parsed.success) return sendError(c, 400, badRequest("outcome must be 'processed' or 'failed'", 'outcome'));
      await ready;
      const ended = await ctx.db.asOwner(async (tx) => {
        const made = await endRefund(tx, c.req.param('id'), parsed.data.outcome);
        return made && { ...made, accountId: made.payment.order_id ? await orderAccount(tx, made.payment.order_id) : null };
      });
      if (!ended) return sendError(c, 400, badRequest('There is no pending refund with this id'));
      webhooks.send([
        {
          event: `refund.${parsed.data.outcome}`,
          createdAt: clock.now(),
          accountId: ended.accountId ?? null,
          payload: { refund: ended.refund, payment: ended.payment },
        },
      ]);
      await webhooks.idle();
      return c.json(ended.refund);
    });
  }

  app.get('/razorpay/_sandbox/webhooks', async (c) => {
    await ready;
    await webhooks.idle();
    const { rows } = await ctx.db.asOwner((tx) =>
      tx.query<{
        event_id: string;
        event: string;
        body: string;
        signature: string;
        url: string;
        attempts: number;
        response_status: number | null;
        delivered: boolean;
      }>(
        `select event_id, event, body, signature, url, attempts, response_status, delivered
           from local_cloud.razorpay_webhook_deliveries order by seq`,
      ),
    );
    return c.json({ entity: 'collection', count: rows.length, items: rows });
  });
}
