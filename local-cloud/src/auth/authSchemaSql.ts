// What hosted Supabase Auth keeps for MFA, in the same tables, columns and enums as its migrations
// leave them (supabase/auth migrations/, 20221003 to 20250925: auth.factor_type, auth.factor_status,
// auth.mfa_factors, auth.mfa_challenges; no defaults for ids or times, Auth writes them), so project
// migrations and SQL tests read and write them as they do on Supabase; plus local-cloud's own
// per-session bookkeeping. Idempotent: it runs on every start, after the core bootstrap.
export const AUTH_SCHEMA_SQL = String.raw`
do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
-- A database made by an older local-cloud (text columns with checks, defaults) is brought to Supabase's.
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_schema = 'auth' and table_name = 'mfa_factors' and column_name = 'status' and data_type = 'text') then
    alter table auth.mfa_factors drop constraint if exists mfa_factors_factor_type_check;
    alter table auth.mfa_factors drop constraint if exists mfa_factors_status_check;
    alter table auth.mfa_factors
      alter column id drop default,
      alter column factor_type type auth.factor_type using factor_type::auth.factor_type,
      alter column status type auth.factor_status using status::auth.factor_status,
      alter column created_at drop default,
      alter column updated_at drop default,
      add column if not exists web_authn_credential jsonb,
      add column if not exists web_authn_aaguid uuid,
      add column if not exists last_webauthn_challenge_data jsonb,
      add constraint mfa_factors_last_challenged_at_key unique (last_challenged_at);
    alter table auth.mfa_challenges
      alter column id drop default,
      alter column created_at drop default,
      add column if not exists otp_code text,
      add column if not exists web_authn_session_data jsonb;
  end if;
end
$$;
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

-- The role hosted Supabase runs Auth (and its hooks) as; migrations grant hook functions to it.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
end
$$;
grant usage on schema public to supabase_auth_admin;

-- How each session proved who is behind it (GoTrue's mfa_amr_claims), and the factor that raised it.
alter table local_cloud.sessions add column if not exists factor_id uuid;
create table if not exists local_cloud.amr_claims (
  session_id uuid not null references local_cloud.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (session_id, authentication_method)
);
-- The newest TOTP step a factor accepted: a code works once (RFC 6238 section 5.2).
create table if not exists local_cloud.totp_used_steps (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  step bigint not null
);
`;
