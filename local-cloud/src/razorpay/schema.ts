// The sandbox keeps its orders, payments, refunds, plans, subscriptions, clock and webhook log in Postgres,
// in local-cloud's private schema, so they survive restarts like the real dashboard's. Created here (not in supabase/migrations): hosted
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
  // Subscription charges: each invoice has its order, and the payment names both.
  `alter table local_cloud.razorpay_payments add column if not exists invoice_id text`,
  `alter table local_cloud.razorpay_payments add column if not exists subscription_id text`,
  `alter table local_cloud.razorpay_payments drop constraint if exists razorpay_payments_status_check`,
  `alter table local_cloud.razorpay_payments add constraint razorpay_payments_status_check
     check (status in ('created', 'authorized', 'captured', 'refunded', 'failed'))`,
  // Refunds: a payment refunded in full is `refunded`; each refund is a row of its own.
  `alter table local_cloud.razorpay_payments add column if not exists amount_refunded bigint not null default 0`,
  `create table if not exists local_cloud.razorpay_refunds (
     id text primary key,
     payment_id text not null references local_cloud.razorpay_payments (id),
     amount bigint not null check (amount > 0),
     currency text not null,
     receipt text,
     notes jsonb not null default '{}'::jsonb,
     speed_requested text not null,
     created_at bigint not null
   )`,
  // A refund is `processed` at once, as in Razorpay's test mode, unless a test control made its account's
  // refunds `pending` (sandboxApi.ts): then `processed` or `failed` later, with its webhook.
  `alter table local_cloud.razorpay_refunds add column if not exists status text not null default 'processed'
     check (status in ('pending', 'processed', 'failed'))`,
  `create table if not exists local_cloud.razorpay_plans (
     id text primary key,
     item_id text not null,
     period text not null,
     interval integer not null,
     name text not null,
     description text,
     amount bigint not null,
     currency text not null,
     notes jsonb not null default '{}'::jsonb,
     created_at bigint not null
   )`,
  `create table if not exists local_cloud.razorpay_subscriptions (
     id text primary key,
     plan_id text not null references local_cloud.razorpay_plans (id),
     customer_id text,
     status text not null check (status in
       ('created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired', 'paused')),
     current_start bigint,
     current_end bigint,
     ended_at bigint,
     quantity integer not null default 1,
     notes jsonb not null default '{}'::jsonb,
     charge_at bigint,
     start_at bigint,
     end_at bigint,
     auth_attempts integer not null default 0,
     total_count integer not null,
     paid_count integer not null default 0,
     customer_notify boolean not null default true,
     expire_by bigint,
     payment_method text,
     scheduled_plan_id text references local_cloud.razorpay_plans (id),
     change_scheduled_at bigint,
     cancel_at_cycle_end boolean not null default false,
     -- Sandbox only: how the stored card answers the next automatic charges ('succeed' or 'fail').
     card_outcome text not null default 'succeed' check (card_outcome in ('succeed', 'fail')),
     card_last4 text,
     card_network text,
     email text,
     contact text,
     created_at bigint not null
   )`,
  `create index if not exists razorpay_subscriptions_due_idx on local_cloud.razorpay_subscriptions (charge_at)
     where status in ('authenticated', 'active', 'pending')`,
  // One row: how far the sandbox's clock runs ahead of this machine's (tests advance it).
  `create table if not exists local_cloud.razorpay_clock (
     id integer primary key default 1 check (id = 1),
     offset_seconds bigint not null default 0
   )`,
  `insert into local_cloud.razorpay_clock (id, offset_seconds) values (1, 0) on conflict (id) do nothing`,
  `create table if not exists local_cloud.razorpay_webhook_deliveries (
     seq bigserial,
     event_id text primary key,
     event text not null,
     body text not null,
     signature text not null,
     url text not null,
     attempts integer not null default 0,
     response_status integer,
     delivered boolean not null default false,
     created_at bigint not null
   )`,
  // Partner OAuth: a sandbox merchant account per seller who consented (found again by its email), the
  // authorisation codes and tokens issued to the partner app for it (kept as sha256, never in clear).
  `create table if not exists local_cloud.razorpay_accounts (
     id text primary key,
     email text not null unique,
     created_at bigint not null
   )`,
  `create table if not exists local_cloud.razorpay_oauth_codes (
     code_hash text primary key,
     account_id text not null references local_cloud.razorpay_accounts (id),
     client_id text not null,
     redirect_uri text not null,
     scopes text[] not null,
     expires_at bigint not null,
     used boolean not null default false
   )`,
  `create table if not exists local_cloud.razorpay_oauth_tokens (
     token_hash text primary key,
     kind text not null check (kind in ('access', 'refresh')),
     account_id text not null references local_cloud.razorpay_accounts (id),
     client_id text not null,
     public_token text not null,
     scopes text[] not null,
     expires_at bigint,
     revoked boolean not null default false,
     -- An access token and the refresh token issued with it share a grant; revoking one ends both.
     grant_id text not null,
     created_at bigint not null
   )`,
  `create index if not exists razorpay_oauth_tokens_grant_idx on local_cloud.razorpay_oauth_tokens (grant_id)`,
  // Orders made with a seller's access token belong to that account (null: the platform's own).
  `alter table local_cloud.razorpay_orders add column if not exists account_id text references local_cloud.razorpay_accounts (id)`,
  // A receipt is unique within one account, as on Razorpay (each merchant has its own).
  `drop index if exists local_cloud.razorpay_orders_receipt_key`,
  `create unique index if not exists razorpay_orders_account_receipt_key
     on local_cloud.razorpay_orders (coalesce(account_id, ''), receipt) where receipt is not null`,
  // Refunds sent with X-Refund-Idempotency: per account and key, the request and the refund it made,
  // answered again to the same request (Razorpay's "Create a Normal Refund (Idempotent Request)").
  `create table if not exists local_cloud.razorpay_refund_idempotency (
     account_key text not null,
     idempotency_key text not null,
     request text not null,
     refund jsonb not null,
     primary key (account_key, idempotency_key)
   )`,
];

/** Idempotent; safe to run on every start and from several processes sharing one Postgres. */
export async function ensureRazorpayTables(db: Database): Promise<void> {
  await db.asOwner(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(5432190)');
    for (const sql of STATEMENTS) await tx.query(sql);
  });
}
