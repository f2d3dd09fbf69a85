// What hosted Supabase's Realtime provides in every project before a migration runs: the `realtime`
// schema with `realtime.messages` (whose RLS policies authorise private channels) and
// `realtime.topic()`, and the empty `supabase_realtime` publication that migrations add tables to.
// Then local-cloud's own way of seeing committed writes (hosted Realtime reads the WAL instead): a
// trigger on each published table copies the row into local_cloud.realtime_changes and notifies
// local-cloud, which reads and removes the rows. Idempotent: part of the bootstrap run at each start.
export const REALTIME_SCHEMA_SQL = String.raw`
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- As Realtime's tenant migrations leave it (to 20260514): partitioned by day on hosted projects,
-- where Realtime creates each day's partition; here one default partition holds every row.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
) partition by range (inserted_at);
create table if not exists realtime.messages_default partition of realtime.messages default;
create index if not exists messages_topic_index on realtime.messages (topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- The channel a policy is asked about (the topic without "realtime:"), as Realtime sets it.
create or replace function realtime.topic() returns text
language sql stable as $fn$
  select nullif(current_setting('realtime.topic', true), '')::text;
$fn$;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create table if not exists local_cloud.realtime_changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);

-- Runs as its owner: the writer (any API role) cannot read or write local_cloud itself.
create or replace function local_cloud.realtime_capture() returns trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  insert into local_cloud.realtime_changes (schema_name, table_name, type, record, old_record)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  -- One notification per transaction however many rows: Postgres folds identical ones.
  perform pg_notify('local_cloud_realtime', '');
  return null;
end
$fn$;
revoke all on function local_cloud.realtime_capture() from public;
`;
