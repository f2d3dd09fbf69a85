-- Two-factor sign-in, kept by the database: what matters (custom domains, subscriber lists,
-- purchases; the functions' privileged writes through mfa_satisfied()) needs an aal2 session once
-- the user has a verified factor, as Supabase recommends; the MFA verification hook that limits wrong
-- codes per factor; and one-time recovery codes, stored hashed, for a lost authenticator.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase (auth.mfa_factors is Supabase Auth's).

-- ─── the level the caller proved ────────────────────────────────────────────────────────────
-- True when the caller has no verified factor, or their token says aal2. Security definer: the API
-- roles cannot read auth.mfa_factors. Anonymous callers and the service role have no factors: true.
create function public.mfa_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified');
$$;

revoke all on function public.mfa_satisfied() from public, anon;
grant execute on function public.mfa_satisfied() to authenticated, service_role;

-- Restrictive: they narrow every other policy of their command, whatever is added later.
create policy "custom domains: a second factor first, when the owner has one" on public.custom_domains
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

create policy "subscribers: a second factor first to read them, when the owner has one" on public.subscribers
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

create policy "subscribers: a second factor first to remove them, when the owner has one" on public.subscribers
  as restrictive for delete to authenticated using ((select public.mfa_satisfied()));

create policy "purchases: a second factor first, when the owner has one" on public.purchases
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

-- ─── wrong codes, per factor ────────────────────────────────────────────────────────────────
-- Supabase Auth asks this hook about every code ([auth.hook.mfa_verification_attempt] in
-- config.toml; local-cloud asks it the same way). After ten wrong codes for one factor within an
-- hour it rejects every attempt, right or wrong, until the oldest of them is an hour old; a
-- rejection signs the user out everywhere. GoTrue itself limits attempts per IP only.
create table public.mfa_failed_verification_attempts (
  factor_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  failed_at timestamptz not null default now()
);
create index mfa_failed_verification_attempts_by_factor on public.mfa_failed_verification_attempts (factor_id, failed_at);
alter table public.mfa_failed_verification_attempts enable row level security;
revoke all on public.mfa_failed_verification_attempts from public, anon, authenticated;
grant select, insert, delete on public.mfa_failed_verification_attempts to supabase_auth_admin;

create function public.hook_mfa_verification_attempt(event jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  factor uuid := (event ->> 'factor_id')::uuid;
  recent_failures integer;
begin
  delete from public.mfa_failed_verification_attempts where failed_at < now() - interval '1 day';
  select count(*) into recent_failures
    from public.mfa_failed_verification_attempts a
   where a.factor_id = factor and a.failed_at > now() - interval '1 hour';
  if recent_failures >= 10 then
    return jsonb_build_object(
      'decision', 'reject',
      'message', 'Too many wrong codes for this authenticator. Try again in an hour, or use a recovery code.'
    );
  end if;
  if (event ->> 'valid')::boolean then
    delete from public.mfa_failed_verification_attempts where factor_id = factor;
  else
    insert into public.mfa_failed_verification_attempts (factor_id, user_id) values (factor, (event ->> 'user_id')::uuid);
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;

revoke all on function public.hook_mfa_verification_attempt(jsonb) from public, anon, authenticated;
grant execute on function public.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;

-- ─── recovery codes ─────────────────────────────────────────────────────────────────────────
-- Ten codes shown once when they are made; only a SHA-256 of (user, code) is kept. Codes carry about
-- 50 random bits each, so a fast hash is enough; wrong tries are limited besides.
create table public.mfa_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now()
);
create index mfa_recovery_codes_by_user on public.mfa_recovery_codes (user_id);
alter table public.mfa_recovery_codes enable row level security;
revoke all on public.mfa_recovery_codes from public, anon, authenticated;
grant all on public.mfa_recovery_codes to service_role;

create table public.mfa_recovery_attempts (
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now()
);
create index mfa_recovery_attempts_by_user on public.mfa_recovery_attempts (user_id, attempted_at);
alter table public.mfa_recovery_attempts enable row level security;
revoke all on public.mfa_recovery_attempts from public, anon, authenticated;
grant all on public.mfa_recovery_attempts to service_role;

-- Case, spaces and dashes do not matter when a code is typed back.
create function public.mfa_recovery_code_hash(for_user uuid, code text) returns text
language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(for_user::text || ':' || upper(regexp_replace(code, '[^A-Za-z0-9]', '', 'g')), 'UTF8')), 'hex');
$$;

-- New codes replace the old ones. Only from an aal2 session of a user with a verified factor: codes
-- are a way around the factor, so only someone who has just used it may make them.
create function public.create_mfa_recovery_codes() returns setof text
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  -- 32 letters and digits, none that reads like another (no 0, O, 1 or I).
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  random_bytes bytea;
  i_byte integer;
  code text;
begin
  if me is null or coalesce(auth.jwt() ->> 'aal', '') <> 'aal2'
     or not exists (select 1 from auth.mfa_factors f where f.user_id = me and f.status = 'verified') then
    raise exception 'Recovery codes are made right after confirming a code from your authenticator app.'
      using errcode = '42501';
  end if;
  delete from public.mfa_recovery_codes where user_id = me;
  for i in 1..10 loop
    -- A v4 uuid's bytes 0-5 and 9-15 are random; ten of them make ten characters.
    random_bytes := uuid_send(gen_random_uuid());
    code := '';
    foreach i_byte in array array[0, 1, 2, 3, 4, 5, 9, 10, 11, 12] loop
      code := code || substr(alphabet, (get_byte(random_bytes, i_byte) % 32) + 1, 1);
    end loop;
    code := substr(code, 1, 5) || '-' || substr(code, 6, 5);
    insert into public.mfa_recovery_codes (user_id, code_hash) values (me, public.mfa_recovery_code_hash(me, code));
    return next code;
  end loop;
end;
$$;

-- How many unused codes the caller has left (the account page shows it).
create function public.mfa_recovery_codes_left() returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.mfa_recovery_codes where user_id = auth.uid();
$$;

-- Signs in with a code instead of the authenticator: from the aal1 session the password gave, a
-- right code is spent and the user's factors are removed (the lost phone no longer guards the
-- account; the app asks them to set two-factor sign-in up again), and so are the other codes.
-- Five wrong codes in 15 minutes and it answers 'locked' until the oldest is 15 minutes old.
-- Answers 'redeemed', 'wrong' or 'locked'.
create function public.redeem_mfa_recovery_code(code text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  hit uuid;
begin
  if me is null then
    raise exception 'Sign in with your password first.' using errcode = '42501';
  end if;
  if (select count(*) from public.mfa_recovery_attempts a
       where a.user_id = me and a.attempted_at > now() - interval '15 minutes') >= 5 then
    return 'locked';
  end if;
  select c.id into hit from public.mfa_recovery_codes c
   where c.user_id = me and c.code_hash = public.mfa_recovery_code_hash(me, code)
   for update;
  if hit is null then
    insert into public.mfa_recovery_attempts (user_id) values (me);
    return 'wrong';
  end if;
  delete from public.mfa_recovery_codes where user_id = me;
  delete from public.mfa_recovery_attempts where user_id = me;
  delete from auth.mfa_factors where user_id = me;
  return 'redeemed';
end;
$$;

-- Once two-factor sign-in is off, codes for it are pointless: the app discards them.
create function public.discard_mfa_recovery_codes() returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.mfa_recovery_codes
   where user_id = auth.uid()
     and not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified');
$$;

revoke all on function public.mfa_recovery_code_hash(uuid, text) from public, anon, authenticated;
revoke all on function public.create_mfa_recovery_codes() from public, anon;
revoke all on function public.mfa_recovery_codes_left() from public, anon;
revoke all on function public.redeem_mfa_recovery_code(text) from public, anon;
revoke all on function public.discard_mfa_recovery_codes() from public, anon;
grant execute on function public.create_mfa_recovery_codes(), public.mfa_recovery_codes_left(),
  public.redeem_mfa_recovery_code(text), public.discard_mfa_recovery_codes() to authenticated, service_role;
