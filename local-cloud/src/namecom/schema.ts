// The sandbox registrar keeps its account, domains, DNS records and orders in Postgres, in
// local-cloud's private schema, so they survive restarts like a real registrar account. Created here
// (not in supabase/migrations): hosted Supabase must never get these tables. Money is in cents.
import type { Database } from '../context.ts';

/** What the sandbox account starts with, as Name.com credits a test account (US dollars, in cents). */
const SANDBOX_CREDIT_CENTS = 100_000;

const STATEMENTS = [
  `create table if not exists local_cloud.namecom_account (
     id boolean primary key default true check (id),
     credit_cents bigint not null
   )`,
  `insert into local_cloud.namecom_account (credit_cents) values (${SANDBOX_CREDIT_CENTS}) on conflict (id) do nothing`,
  `create table if not exists local_cloud.namecom_domains (
     domain_name text primary key,
     create_date timestamptz not null,
     expire_date timestamptz not null,
     premium boolean not null,
     renewal_cents bigint not null
   )`,
  `create table if not exists local_cloud.namecom_records (
     id bigserial primary key,
     domain_name text not null references local_cloud.namecom_domains (domain_name),
     host text not null,
     type text not null,
     answer text not null,
     ttl integer not null,
     priority integer
   )`,
  `create table if not exists local_cloud.namecom_orders (
     id bigserial primary key,
     domain_name text not null,
     kind text not null check (kind in ('registration', 'renewal')),
     total_cents bigint not null,
     created_at timestamptz not null default now()
   )`,
  // X-Idempotency-Key: the answer given to the first request with a key, given again to the next ones.
  `create table if not exists local_cloud.namecom_idempotency (
     key text primary key,
     status integer not null,
     body jsonb not null,
     created_at timestamptz not null default now()
   )`,
];

/** Idempotent; safe to run on every start and from several processes sharing one Postgres. */
export async function ensureNamecomTables(db: Database): Promise<void> {
  await db.asOwner(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(5432290)');
    for (const sql of STATEMENTS) await tx.query(sql);
  });
}
