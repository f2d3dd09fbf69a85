-- Free domain for 1 year (every plan): an owner with a plan registers a domain through the domains
-- function, which buys it at the registrar (Name.com) and connects it to one of their pages as an
-- already-proven custom domain. Each plan year pays for one domain-year: registering a new domain or
-- renewing the one held. Rows are written by the function alone (service role); owners read theirs.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- One row per domain-year the plan paid for: [covers_from, covers_until) is the plan year it used.
create table public.free_domain_years (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  domain text not null,
  kind text not null check (kind in ('registration', 'renewal')),
  covers_from timestamptz not null,
  covers_until timestamptz not null,
  created_at timestamptz not null default now(),
  constraint free_domain_years_order check (covers_until > covers_from)
);
create index free_domain_years_by_owner on public.free_domain_years (owner_id, covers_until desc);

create table public.registered_domains (
  id uuid primary key default gen_random_uuid(),
  domain text not null unique,
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- 'pending' from before the registrar is asked until it has answered; a retry repeats the request
  -- with the same idempotency key, so the registrar never registers or charges twice.
  status text not null default 'pending' check (status in ('pending', 'active')),
  idempotency_key uuid not null default gen_random_uuid(),
  -- The plan year that pays for the registration, given back if the registrar refuses.
  free_year_id uuid references public.free_domain_years (id) on delete set null,
  registered_at timestamptz,
  expires_at timestamptz,
  renewal_price_usd numeric(10, 2),
  created_at timestamptz not null default now(),
  constraint registered_domains_format check (domain ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.[a-z]{2,63}$'),
  constraint registered_domains_active_dates check (status = 'pending' or (registered_at is not null and expires_at is not null))
);
create index registered_domains_by_owner on public.registered_domains (owner_id);

alter table public.registered_domains enable row level security;
alter table public.free_domain_years enable row level security;

create policy "registered domains: the owner reads theirs" on public.registered_domains
  for select to authenticated using (owner_id = auth.uid());
create policy "free domain years: the owner reads theirs" on public.free_domain_years
  for select to authenticated using (owner_id = auth.uid());

revoke all on public.registered_domains, public.free_domain_years from public, anon, authenticated;
grant select on public.registered_domains, public.free_domain_years to authenticated;
grant all on public.registered_domains, public.free_domain_years to service_role;

-- Takes the plan year starting at `starting` for `for_domain`: {claim_id}, or {refusal} saying why not,
-- 'no_plan' (the owner holds none now) or 'used' (a domain-year already covers that moment;
-- `available_at` is when the next one starts). Under a per-owner lock, so two requests at once cannot
-- both take one plan year.
create function public.claim_free_domain_year(for_user uuid, for_domain text, claim_kind text, starting timestamptz)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  covered_until timestamptz;
  claimed uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('free_domain_years:' || for_user::text, 0));
  if public.active_plan(for_user) is null then
    return jsonb_build_object('refusal', 'no_plan');
  end if;
  select max(y.covers_until) into covered_until from public.free_domain_years y where y.owner_id = for_user;
  if covered_until is not null and covered_until > starting then
    return jsonb_build_object('refusal', 'used', 'available_at', covered_until);
  end if;
  insert into public.free_domain_years (owner_id, domain, kind, covers_from, covers_until)
  values (for_user, for_domain, claim_kind, starting, starting + interval '1 year')
  returning id into claimed;
  return jsonb_build_object('claim_id', claimed);
end;
$$;

revoke all on function public.claim_free_domain_year(uuid, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_free_domain_year(uuid, text, text, timestamptz) to service_role;

-- What /account shows before a search: {available, reason: null | 'no_plan' | 'used', next_at}, whether
-- the caller's plan pays for a new domain now and, when this year's is used, when the next comes.
create function public.free_domain_allowance()
returns jsonb
language sql stable security definer set search_path = '' as $$
  with covered as (
    select max(y.covers_until) as until from public.free_domain_years y where y.owner_id = auth.uid()
  )
  select jsonb_build_object(
           'available', public.current_plan() is not null and (c.until is null or c.until <= now()),
           'reason', case when public.current_plan() is null then 'no_plan' when c.until > now() then 'used' end,
           'next_at', case when c.until > now() then c.until end)
    from covered c;
$$;

revoke all on function public.free_domain_allowance() from public, anon;
grant execute on function public.free_domain_allowance() to authenticated, service_role;
