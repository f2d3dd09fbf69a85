// Plans and subscriptions as Razorpay's API shows them, read from and written to local_cloud tables.
import type { Queryable } from '../context.ts';
import { notesOut } from './store.ts';

interface PlanEntity {
  id: string;
  entity: 'plan';
  interval: number;
  period: string;
  item: {
    id: string;
    active: true;
    name: string;
    description: string | null;
    amount: number;
    unit_amount: number;
    currency: string;
    type: 'plan';
    unit: null;
    tax_inclusive: false;
    hsn_code: null;
    sac_code: null;
    tax_rate: null;
    tax_id: null;
    tax_group_id: null;
    created_at: number;
    updated_at: number;
  };
  notes: Record<string, string> | [];
  created_at: number;
}

export type SubscriptionStatus =
  'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired' | 'paused';

export interface SubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: SubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string> | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  offer_id: null;
  remaining_count: number;
  payment_method: string | null;
}

export interface PlanRow {
  id: string;
  item_id: string;
  period: string;
  interval: number;
  name: string;
  description: string | null;
  amount: string | number;
  currency: string;
  notes: Record<string, string> | null;
  created_at: string | number;
}

export interface SubscriptionRow {
  id: string;
  plan_id: string;
  customer_id: string | null;
  status: SubscriptionStatus;
  current_start: string | number | null;
  current_end: string | number | null;
  ended_at: string | number | null;
  quantity: number;
  notes: Record<string, string> | null;
  charge_at: string | number | null;
  start_at: string | number | null;
  end_at: string | number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  expire_by: string | number | null;
  payment_method: string | null;
  scheduled_plan_id: string | null;
  change_scheduled_at: string | number | null;
  cancel_at_cycle_end: boolean;
  card_outcome: 'succeed' | 'fail';
  card_last4: string | null;
  card_network: string | null;
  email: string | null;
  contact: string | null;
  created_at: string | number;
}

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));

export function toPlan(row: PlanRow): PlanEntity {
  const createdAt = Number(row.created_at);
  const amount = Number(row.amount);
  return {
    id: row.id,
    entity: 'plan',
    interval: row.interval,
    period: row.period,
    item: {
      id: row.item_id,
      active: true,
      name: row.name,
      description: row.description,
      amount,
      unit_amount: amount,
      currency: row.currency,
      type: 'plan',
      unit: null,
      tax_inclusive: false,
      hsn_code: null,
      sac_code: null,
      tax_rate: null,
      tax_id: null,
      tax_group_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    },
    notes: notesOut(row.notes),
    created_at: createdAt,
  };
}

/** `shortUrlBase`: where the sandbox serves its hosted authorisation page, e.g. http://localhost:54321/razorpay. */
export function toSubscription(row: SubscriptionRow, shortUrlBase: string): SubscriptionEntity {
  return {
    id: row.id,
    entity: 'subscription',
    plan_id: row.plan_id,
    customer_id: row.customer_id,
    status: row.status,
    current_start: num(row.current_start),
    current_end: num(row.current_end),
    ended_at: num(row.ended_at),
    quantity: row.quantity,
    notes: notesOut(row.notes),
    charge_at: num(row.charge_at),
    start_at: num(row.start_at),
    end_at: num(row.end_at),
    auth_attempts: row.auth_attempts,
    total_count: row.total_count,
    paid_count: row.paid_count,
    customer_notify: row.customer_notify,
    created_at: Number(row.created_at),
    expire_by: num(row.expire_by),
    short_url: `${shortUrlBase}/v1/t/subscriptions/${row.id}`,
    has_scheduled_changes: row.scheduled_plan_id !== null,
    change_scheduled_at: num(row.change_scheduled_at),
    source: 'api',
    offer_id: null,
    remaining_count: Math.max(0, row.total_count - row.paid_count),
    payment_method: row.payment_method,
  };
}

export async function findPlanRow(tx: Queryable, id: string): Promise<PlanRow | undefined> {
  const { rows } = await tx.query<PlanRow>('select * from local_cloud.razorpay_plans where id = $1', [id]);
  return rows[0];
}

export async function findSubscriptionRow(tx: Queryable, id: string, forUpdate = false): Promise<SubscriptionRow | undefined> {
  const { rows } = await tx.query<SubscriptionRow>(
    `select * from local_cloud.razorpay_subscriptions where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

/** Writes the named columns of one subscription and returns the row as it now is. */
export async function updateSubscription(tx: Queryable, id: string, changes: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
  const keys = Object.keys(changes) as Array<keyof SubscriptionRow>;
  const assignments = keys.map((key, index) => `${key} = $${index + 2}`).join(', ');
  const { rows } = await tx.query<SubscriptionRow>(
    `update local_cloud.razorpay_subscriptions set ${assignments} where id = $1 returning *`,
    [id, ...keys.map((key) => changes[key])],
  );
  return rows[0]!;
}

/** A page of a list endpoint: `count` (default 10, at most 100) from `skip`, newest first. */
export function pageOf(query: { count?: string; skip?: string }): { limit: number; offset: number } | undefined {
  const count = query.count === undefined ? 10 : Number(query.count);
  const skip = query.skip === undefined ? 0 : Number(query.skip);
  if (!Number.isInteger(count) || count < 1 || count > 100 || !Number.isInteger(skip) || skip < 0) return undefined;
  return { limit: count, offset: skip };
}
