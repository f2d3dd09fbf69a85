// What hosted Supabase provides before any project migration runs: roles, the auth, storage and
// realtime schemas with the helper functions policies use, Supabase's default grants, and local-cloud's own
// bookkeeping tables. Idempotent: it runs on every start.
import { AUTH_SCHEMA_SQL } from '../auth/authSchemaSql.ts';
import { REALTIME_SCHEMA_SQL } from '../realtime/schemaSql.ts';

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

-- auth.users as Supabase Auth's migrations leave it (supabase/auth migrations/, up to 20240806):
-- no default for id (Auth makes it), varchar(255) text columns, nullable metadata, and one email per
-- non-SSO account, compared exactly (Auth stores addresses lower-cased). The defaults' odd casts are
-- Auth's (phone was varchar once), so supabase/tests/auth_storage_schemas.test.sql sees the same text.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null::varchar,
  phone_confirmed_at timestamptz,
  phone_change text default ''::varchar,
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
-- A database made by an older local-cloud (its own shape of auth.users) is brought to Supabase's.
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_schema = 'auth' and table_name = 'users' and column_name = 'email_change_token') then
    alter table auth.users rename column email_change_token to email_change_token_new;
  end if;
  if exists (select 1 from information_schema.columns
              where table_schema = 'auth' and table_name = 'users' and column_name = 'aud' and data_type = 'text') then
    drop index if exists auth.users_email_key;
    update auth.users set email = lower(email) where email <> lower(email);
    alter table auth.users
      alter column id drop default,
      alter column aud drop not null, alter column aud drop default, alter column aud type varchar(255),
      alter column role drop not null, alter column role drop default, alter column role type varchar(255),
      alter column email type varchar(255),
      alter column phone set default null::varchar,
      alter column encrypted_password type varchar(255),
      alter column confirmation_token type varchar(255),
      alter column recovery_token type varchar(255),
      alter column email_change_token_new type varchar(255),
      alter column email_change type varchar(255),
      alter column raw_app_meta_data drop not null, alter column raw_app_meta_data drop default,
      alter column raw_user_meta_data drop not null, alter column raw_user_meta_data drop default,
      alter column created_at drop not null, alter column created_at drop default,
      alter column updated_at drop not null, alter column updated_at drop default,
      alter column reauthentication_token type varchar(255), alter column reauthentication_token set default '',
      add column if not exists phone_confirmed_at timestamptz,
      add column if not exists phone_change text default ''::varchar,
      add column if not exists phone_change_token varchar(255) default '',
      add column if not exists phone_change_sent_at timestamptz,
      add column if not exists email_change_token_current varchar(255) default '',
      add column if not exists email_change_confirm_status smallint default 0
        check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
      add column if not exists reauthentication_sent_at timestamptz,
      add column if not exists is_sso_user boolean not null default false,
      add constraint users_phone_key unique (phone);
  end if;
end
$$;
alter table auth.users add column if not exists confirmed_at timestamptz
  generated always as (least(email_confirmed_at, phone_confirmed_at)) stored;
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
-- Auth's tokens are unique unless empty or a bare code.
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';

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

-- storage.buckets and storage.objects as Supabase Storage's migrations leave them (supabase/storage
-- migrations/tenant/, up to 0063), in every column; its search, listing, multipart and vector tables are
-- not here (local-cloud/README.md).
do $$
begin
  if to_regtype('storage.buckettype') is null then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;
create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
-- A database made by an older local-cloud: public was not null, and columns came later.
alter table storage.buckets alter column public drop not null;
alter table storage.buckets add column if not exists owner_id text;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';
alter table storage.buckets add column if not exists versioning_status text not null default 'DISABLED'
  check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED'));
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid not null primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  -- What the uploader attached (storage-js's metadata option).
  user_metadata jsonb
);
alter table storage.objects add column if not exists owner_id text;
alter table storage.objects add column if not exists user_metadata jsonb;
alter table storage.objects add column if not exists archived_at timestamptz;
alter table storage.objects add column if not exists is_delete_marker boolean not null default false;
alter table storage.objects add column if not exists is_versioned boolean not null default false;
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $fn$
begin
  new.updated_at = now();
  return new;
end
$fn$;
create or replace trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $fn$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$fn$;
create or replace trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- As Storage does: rows of buckets and objects are deleted through the API, whose transaction says so
-- with storage.allow_delete_query; a plain SQL delete is refused (42501), so no stored file is orphaned.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $fn$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$fn$;
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

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
${REALTIME_SCHEMA_SQL}
`;
