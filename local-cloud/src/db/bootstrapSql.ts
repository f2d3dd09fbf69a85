// What hosted Supabase provides before any project migration runs: roles, the auth and storage
// schemas with the helper functions policies use, Supabase's default grants, and local-cloud's own
// bookkeeping tables. Idempotent: it runs on every start.
import { AUTH_SCHEMA_SQL } from '../auth/authSchemaSql.ts';

export const BOOTSTRAP_SQL = String.raw`
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- the connecting role switches into these with "set local role"
do $$
begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
end
$$;

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;
create schema if not exists local_cloud;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token text,
  confirmation_sent_at timestamptz,
  recovery_token text,
  recovery_sent_at timestamptz,
  email_change text,
  email_change_token text,
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  is_anonymous boolean not null default false,
  phone text,
  banned_until timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;

create or replace function auth.uid() returns uuid
language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$fn$;

create or replace function auth.role() returns text
language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$fn$;

create or replace function auth.email() returns text
language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$fn$;

create or replace function auth.jwt() returns jsonb
language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$fn$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now()
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
-- What the uploader attached (storage-js's metadata option), as Storage keeps it.
alter table storage.objects add column if not exists user_metadata jsonb;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $fn$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$fn$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $fn$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$fn$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $fn$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$fn$;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Supabase's default privileges: the API roles may use public and storage; RLS decides rows.
grant usage on schema public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on all tables in schema storage to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
grant all on auth.users to service_role;

-- local-cloud's own bookkeeping, never exposed through /rest/v1
revoke all on schema local_cloud from public;

create table if not exists local_cloud.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);

create table if not exists local_cloud.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  amr_method text not null default 'password',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz
);
create index if not exists sessions_user_id_idx on local_cloud.sessions (user_id);

create table if not exists local_cloud.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  session_id uuid not null references local_cloud.sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on local_cloud.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on local_cloud.refresh_tokens (parent);

create table if not exists local_cloud.mail (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  to_addr text not null,
  from_addr text not null,
  subject text not null,
  body text not null,
  links jsonb not null default '[]'::jsonb,
  meta jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
-- The order mails were sent in: timestamps can tie (PGlite's clock is coarse), a sequence cannot.
alter table local_cloud.mail add column if not exists seq bigint generated always as identity;
${AUTH_SCHEMA_SQL}
`;
