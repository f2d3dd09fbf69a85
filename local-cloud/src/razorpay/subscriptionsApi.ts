// The Plans and Subscriptions API a merchant's backend calls with its key secret
// (razorpay.com/docs/api/payments/subscriptions): create and read plans; create, read, list and
// cancel subscriptions, and change a subscription's plan at the end of its cycle.
import type { Context, Hono } from 'hono';
import { requireKeyAuth } from './auth.ts';
import { catchUp } from './billing.ts';
import { addPeriod } from './clock.ts';
import { NOT_FOUND, badRequest, readRazorpayJson, sendError, type RazorpayErrorBody } from './errors.ts';
import { razorpayId } from './ids.ts';
import { amountProblem, parseNotes, SUPPORTED_CURRENCIES } from './orderInput.ts';
import type { Sandbox } from './sandbox.ts';
import {
  findPlanRow,
  findSubscriptionRow,
  pageOf,
  toPlan,
  toSubscription,
  updateSubscription,
  type PlanRow,
  type SubscriptionRow,
} from './subscriptionsStore.ts';

const PERIODS = new Set(['daily', 'weekly', 'monthly', 'yearly']);
const PLAN_FIELDS = new Set(['period', 'interval', 'item', 'notes']);
const SUBSCRIPTION_FIELDS = new Set(['plan_id', 'total_count', 'quantity', 'start_at', 'expire_by', 'customer_notify', 'notes']);
const UPDATE_FIELDS = new Set(['plan_id', 'schedule_change_at', 'quantity', 'remaining_count', 'customer_notify']);

type Parsed<T> = { ok: true; value: T } | { ok: false; error: RazorpayErrorBody };
const fail = (description: string, field?: string) => ({ ok: false as const, error: badRequest(description, field) });

function objectBody(body: unknown, allowed: ReadonlySet<string>): Parsed<Record<string, unknown>> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('The request body must be a JSON object');
  const extra = Object.keys(body).filter((key) => !allowed.has(key));
  if (extra.length) return fail(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]);
  return { ok: true, value: body as Record<string, unknown> };
}

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

interface PlanInput {
  period: string;
  interval: number;
  name: string;
  description: string | null;
  amount: number;
  currency: string;
  notes: Record<string, string>;
}

function parsePlan(body: unknown): Parsed<PlanInput> {
  const object = objectBody(body, PLAN_FIELDS);
  if (!object.ok) return object;
  const { period, interval, item, notes } = object.value;
  if (period === undefined || period === null || period === '') return fail('The period field is required.', 'period');
  if (typeof period !== 'string' || !PERIODS.has(period)) return fail('Invalid period passed', 'period');
  if (interval === undefined || interval === null) return fail('The interval field is required.', 'interval');
  if (!isInteger(interval) || interval < 1) return fail('The interval must be an integer.', 'interval');
  if (period === 'daily' && interval < 7) return fail('For daily plans, the minimum value for interval is 7.', 'interval');
  if (!item || typeof item !== 'object' || Array.isArray(item)) return fail('The item field is required.', 'item');
  const { name, description, amount, currency } = item as Record<string, unknown>;
  if (typeof name !== 'string' || !name.trim()) return fail('The name field is required.', 'item.name');
  if (amount === undefined || amount === null) return fail('The amount field is required.', 'item.amount');
  if (typeof currency !== 'string' || !currency) return fail('The currency field is required.', 'item.currency');
  if (!SUPPORTED_CURRENCIES.has(currency)) return fail('Currency is not supported', 'item.currency');
  const problem = amountProblem(amount, currency);
  if (problem) return fail(problem, 'item.amount');
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return fail('The description must be a string.', 'item.description');
  }
  const cleanNotes = parseNotes(notes);
  if (!cleanNotes.ok) return cleanNotes;
  return {
    ok: true,
    value: {
      period,
      interval,
      name: name.trim().slice(0, 200),
      description: typeof description === 'string' ? description.slice(0, 2000) : null,
      amount: amount as number,
      currency,
      notes: cleanNotes.value,
    },
  };
}

interface SubscriptionInput {
  planId: string;
  totalCount: number;
  quantity: number;
  startAt: number | null;
  expireBy: number | null;
  customerNotify: boolean;
  notes: Record<string, string>;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  return undefined;
}

function parseSubscription(body: unknown, now: number): Parsed<SubscriptionInput> {
  const object = objectBody(body, SUBSCRIPTION_FIELDS);
  if (!object.ok) return object;
  const { plan_id, total_count, quantity, start_at, expire_by, customer_notify, notes } = object.value;
  if (typeof plan_id !== 'string' || !plan_id) return fail('The plan id field is required.', 'plan_id');
  if (total_count === undefined || total_count === null) return fail('The total count field is required.', 'total_count');
  if (!isInteger(total_count) || total_count < 1) return fail('The total count must be an integer.', 'total_count');
  if (quantity !== undefined && (!isInteger(quantity) || quantity < 1)) return fail('The quantity must be an integer.', 'quantity');
  if (start_at !== undefined && start_at !== null && (!isInteger(start_at) || start_at <= now)) {
    return fail('start_at cannot be lesser than the current time', 'start_at');
  }
  if (expire_by !== undefined && expire_by !== null && (!isInteger(expire_by) || expire_by <= now)) {
    return fail('expire_by cannot be lesser than the current time', 'expire_by');
  }
  const notify = customer_notify === undefined ? true : flag(customer_notify);
  if (notify === undefined) return fail('The customer notify field is invalid.', 'customer_notify');
  const cleanNotes = parseNotes(notes);
  if (!cleanNotes.ok) return cleanNotes;
  return {
    ok: true,
    value: {
      planId: plan_id,
      totalCount: total_count,
      quantity: (quantity as number | undefined) ?? 1,
      startAt: (start_at as number | null | undefined) ?? null,
      expireBy: (expire_by as number | null | undefined) ?? null,
      customerNotify: notify,
      notes: cleanNotes.value,
    },
  };
}

function notFound(c: Context) {
  return sendError(c, 400, NOT_FOUND);
}

export function mountSubscriptionsApi(app: Hono, sandbox: Sandbox): void {
  const { ctx, ready, clock } = sandbox;
  requireKeyAuth(app, ctx.keys, ['/razorpay/v1/plans', '/razorpay/v1/subscriptions']);
  // Charges that fell due since the last request are made before any answer about subscriptions.
  for (const path of ['/razorpay/v1/subscriptions', '/razorpay/v1/subscriptions/*']) {
    app.use(path, async (_c, next) => {
      await catchUp(sandbox);
      await next();
    });
  }

  const entity = (row: SubscriptionRow) => toSubscription(row, sandbox.apiBase());

  app.post('/razorpay/v1/plans', async (c) => {
    const body = await readRazorpayJson(c);
    if (!body.ok) return sendError(c, body.status, body.body);
    const parsed = parsePlan(body.value);
    if (!parsed.ok) return sendError(c, 400, parsed.error);
    const input = parsed.value;
    await ready;
    const row = await ctx.db.asOwner(async (tx) => {
      const { rows } = await tx.query<PlanRow>(
        `insert into local_cloud.razorpay_plans (id, item_id, period, interval, name, description, amount, currency, notes, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10) returning *`,
        [
          razorpayId('plan'),
          razorpayId('item'),
          input.period,
          input.interval,
          input.name,
          input.description,
          input.amount,
          input.currency,
          JSON.stringify(input.notes),
          clock.now(),
        ],
      );
      return rows[0]!;
    });
    ctx.log.info('razorpay plan created', { planId: row.id, amount: input.amount, currency: input.currency });
    return c.json(toPlan(row));
  });

  app.get('/razorpay/v1/plans', async (c) => {
    const page = pageOf(c.req.query());
    if (!page) return sendError(c, 400, badRequest('The count must be between 1 and 100.', 'count'));
    await ready;
    const rows = await ctx.db.asOwner(async (tx) => {
      const result = await tx.query<PlanRow>(
        'select * from local_cloud.razorpay_plans order by created_at desc, id desc limit $1 offset $2',
        [page.limit, page.offset],
      );
      return result.rows;
    });
    return c.json({ entity: 'collection', count: rows.length, items: rows.map(toPlan) });
  });

  app.get('/razorpay/v1/plans/:id', async (c) => {
    await ready;
    const row = await ctx.db.asOwner((tx) => findPlanRow(tx, c.req.param('id')));
    return row ? c.json(toPlan(row)) : notFound(c);
  });

  app.post('/razorpay/v1/subscriptions', async (c) => {
    const body = await readRazorpayJson(c);
    if (!body.ok) return sendError(c, body.status, body.body);
    const parsed = parseSubscription(body.value, clock.now());
    if (!parsed.ok) return sendError(c, 400, parsed.error);
    const input = parsed.value;
    const result = await ctx.db.asOwner(async (tx) => {
      const plan = await findPlanRow(tx, input.planId);
      if (!plan) return undefined;
      const now = clock.now();
      const { rows } = await tx.query<SubscriptionRow>(
        `insert into local_cloud.razorpay_subscriptions
           (id, plan_id, status, quantity, notes, charge_at, start_at, end_at, total_count, customer_notify, expire_by, created_at)
         values ($1, $2, 'created', $3, $4::jsonb, $5, $5, $6, $7, $8, $9, $10) returning *`,
        [
          razorpayId('sub'),
          plan.id,
          input.quantity,
          JSON.stringify(input.notes),
          input.startAt,
          input.startAt === null ? null : addPeriod(input.startAt, plan.period, plan.interval, input.totalCount),
          input.totalCount,
          input.customerNotify,
          input.expireBy,
          now,
        ],
      );
      return rows[0]!;
    });
    if (!result) return sendError(c, 400, badRequest('The id provided does not exist', 'plan_id'));
    ctx.log.info('razorpay subscription created', { subscriptionId: result.id, planId: result.plan_id });
    return c.json(entity(result));
  });

  app.get('/razorpay/v1/subscriptions', async (c) => {
    const query = c.req.query();
    const page = pageOf(query);
    if (!page) return sendError(c, 400, badRequest('The count must be between 1 and 100.', 'count'));
    const rows = await ctx.db.asOwner(async (tx) => {
      const result = await tx.query<SubscriptionRow>(
        `select * from local_cloud.razorpay_subscriptions where ($1::text is null or plan_id = $1)
          order by created_at desc, id desc limit $2 offset $3`,
        [query.plan_id ?? null, page.limit, page.offset],
      );
      return result.rows;
    });
    return c.json({ entity: 'collection', count: rows.length, items: rows.map(entity) });
  });

  app.get('/razorpay/v1/subscriptions/:id', async (c) => {
    const row = await ctx.db.asOwner((tx) => findSubscriptionRow(tx, c.req.param('id')));
    return row ? c.json(entity(row)) : notFound(c);
  });

  app.post('/razorpay/v1/subscriptions/:id/cancel', async (c) => {
    const body = await readRazorpayJson(c);
    if (!body.ok) return sendError(c, body.status, body.body);
    const input = (body.value ?? {}) as Record<string, unknown>;
    const atCycleEnd = input.cancel_at_cycle_end === undefined ? false : flag(input.cancel_at_cycle_end);
    if (atCycleEnd === undefined) return sendError(c, 400, badRequest('The cancel at cycle end field is invalid.', 'cancel_at_cycle_end'));
    const outcome = await ctx.db.asOwner(async (tx) => {
      const row = await findSubscriptionRow(tx, c.req.param('id'), true);
      if (!row) return { kind: 'missing' as const };
      if (['cancelled', 'completed', 'expired'].includes(row.status)) return { kind: 'refused' as const, status: row.status };
      // Only a running cycle can be let run out; anything else ends now.
      if (atCycleEnd && row.status === 'active') {
        return { kind: 'scheduled' as const, row: await updateSubscription(tx, row.id, { cancel_at_cycle_end: true }) };
      }
      const now = clock.now();
      return {
        kind: 'cancelled' as const,
        row: await updateSubscription(tx, row.id, {
          status: 'cancelled',
          ended_at: now,
          charge_at: null,
          cancel_at_cycle_end: false,
          scheduled_plan_id: null,
          change_scheduled_at: null,
        }),
      };
    });
    if (outcome.kind === 'missing') return notFound(c);
    if (outcome.kind === 'refused') {
      return sendError(c, 400, badRequest(`Subscription is not cancellable in ${outcome.status} status.`, 'status'));
    }
    if (outcome.kind === 'cancelled') {
      sandbox.webhooks.send([{ event: 'subscription.cancelled', createdAt: clock.now(), payload: { subscription: entity(outcome.row) } }]);
    }
    return c.json(entity(outcome.row));
  });

  app.patch('/razorpay/v1/subscriptions/:id', async (c) => {
    const body = await readRazorpayJson(c);
    if (!body.ok) return sendError(c, body.status, body.body);
    const object = objectBody(body.value, UPDATE_FIELDS);
    if (!object.ok) return sendError(c, 400, object.error);
    const { plan_id, schedule_change_at } = object.value;
    if (schedule_change_at !== undefined && schedule_change_at !== 'now' && schedule_change_at !== 'cycle_end') {
      return sendError(c, 400, badRequest('The selected schedule change at is invalid.', 'schedule_change_at'));
    }
    // Documented, but an immediate change bills a prorated difference this sandbox does not model.
    if (schedule_change_at !== 'cycle_end') {
      return sendError(c, 400, badRequest('This sandbox changes subscriptions at cycle_end only.', 'schedule_change_at'));
    }
    if (typeof plan_id !== 'string' || !plan_id) return sendError(c, 400, badRequest('The plan id field is required.', 'plan_id'));
    const outcome = await ctx.db.asOwner(async (tx) => {
      const row = await findSubscriptionRow(tx, c.req.param('id'), true);
      if (!row) return { kind: 'missing' as const };
      if (row.status !== 'active' && row.status !== 'authenticated') {
        return { kind: 'refused' as const, error: badRequest(`Subscription cannot be updated in ${row.status} status.`, 'status') };
      }
      if (row.payment_method === 'upi') {
        return { kind: 'refused' as const, error: badRequest('subscriptions cannot be updated when payment mode is UPI') };
      }
      const [current, next] = [await findPlanRow(tx, row.plan_id), await findPlanRow(tx, plan_id)];
      if (!next) return { kind: 'refused' as const, error: badRequest('The id provided does not exist', 'plan_id') };
      if (next.currency !== current!.currency) {
        return { kind: 'refused' as const, error: badRequest('The currency of the new plan must match the subscription.', 'plan_id') };
      }
      const same = next.id === row.plan_id;
      return {
        kind: 'updated' as const,
        row: await updateSubscription(tx, row.id, {
          scheduled_plan_id: same ? null : next.id,
          change_scheduled_at: same ? null : (row.charge_at ?? row.start_at),
        }),
      };
    });
    if (outcome.kind === 'missing') return notFound(c);
    if (outcome.kind === 'refused') return sendError(c, 400, outcome.error);
    return c.json(entity(outcome.row));
  });

  app.post('/razorpay/v1/subscriptions/:id/cancel_scheduled_changes', async (c) => {
    const row = await ctx.db.asOwner(async (tx) => {
      const found = await findSubscriptionRow(tx, c.req.param('id'), true);
      return found ? updateSubscription(tx, found.id, { scheduled_plan_id: null, change_scheduled_at: null }) : undefined;
    });
    return row ? c.json(entity(row)) : notFound(c);
  });

  app.get('/razorpay/v1/subscriptions/:id/retrieve_scheduled_changes', async (c) => {
    const row = await ctx.db.asOwner((tx) => findSubscriptionRow(tx, c.req.param('id')));
    if (!row) return notFound(c);
    // The subscription as it will be once the scheduled change applies.
    return c.json(entity(row.scheduled_plan_id ? { ...row, plan_id: row.scheduled_plan_id } : row));
  });
}
