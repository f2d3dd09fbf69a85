// The sandbox keeps its orders and payments in Postgres, in local-cloud's private schema, so they
// survive restarts like the real dashboard's. Created here (not in supabase/migrations): hosted
// Supabase must never get these tables.
import type { Database } from '../context.ts';

const STATEMENTS = [
  `create table if not exists local_cloud.razorpay_orders (
     id text primary key,
     amount bigint not null,
     amount_paid bigint not null default 0,
     currency text not null,
     receipt text,
     notes jsonb not null default '{}'::jsonb,
     status text not null default 'created' check (status in ('created', 'attempted', 'paid')),
     attempts integer not null default 0,
     created_at bigint not null
   )`,
  `create unique index if not exists razorpay_orders_receipt_key on local_cloud.razorpay_orders (receipt) where receipt is not null`,
  `create table if not exists local_cloud.razorpay_payments (
     id text primary key,
     order_id text not null references local_cloud.razorpay_orders (id),
     amount bigint not null,
     currency text not null,
     status text not null check (status in ('created', 'authorized', 'captured', 'failed')),
     method text not null,
     captured boolean not null default false,
     email text,
     contact text,
     card_last4 text,
     card_network text,
     vpa text,
     error_code text,
     error_description text,
     error_source text,
     error_step text,
     error_reason text,
     notes jsonb not null default '{}'::jsonb,
     created_at bigint not null
   )`,
  `create index if not exists razorpay_payments_order_idx on local_cloud.razorpay_payments (order_id)`,
];

/** Idempotent; safe to run on every start and from several processes sharing one Postgres. */
export async function ensureRazorpayTables(db: Database): Promise<void> {
  await db.asOwner(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(5432190)');
    for (const sql of STATEMENTS) await tx.query(sql);
  });
}
