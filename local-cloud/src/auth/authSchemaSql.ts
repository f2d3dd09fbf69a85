// What hosted Supabase Auth keeps for MFA and reauthentication, in the same tables and columns
// (auth.mfa_factors, auth.mfa_challenges, auth.users.reauthentication_*), so project migrations may
// read them as they do on Supabase; plus local-cloud's own per-session bookkeeping. Idempotent: it
// runs on every start, after the core bootstrap.
export const AUTH_SCHEMA_SQL = String.raw`
alter table auth.users add column if not exists reauthentication_token text;
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null
);
create index if not exists mfa_challenges_factor_idx on auth.mfa_challenges (factor_id);

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
