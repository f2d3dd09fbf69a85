-- The free domain's "plan year" is now counted from the day the user's plan started, as billing
-- records it: the first period a subscription charged for (or, for the 30-day passes sold before
-- subscriptions, the first one paid). Plan year k runs [start + k years, start + k+1 years); each one
-- pays for one domain-year, a new registration or the renewal of a domain expiring within it. Before,
-- a year was counted from each claim (a rolling year). Claims made that way still count: a plan year
-- is used when any claim overlaps it. Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- When the user's plan started: their first charged (or started) subscription period, or first plan pass.
create function public.plan_started_at(for_user uuid) returns timestamptz
language sql stable set search_path = '' as $$
  select min(started) from (
    select coalesce(c.period_start, c.paid_at) as started from public.subscription_charges c where c.user_id = for_user
    union all
    select s.current_start from public.subscriptions s where s.user_id = for_user
    union all
    select p.paid_at from public.purchases p
     where p.user_id = for_user and p.item_type = 'plan' and p.status = 'paid'
  ) starts;
$$;

-- The start of the plan year holding `at_time` (null before the plan started).
create function public.plan_year_start(for_user uuid, at_time timestamptz) returns timestamptz
language sql stable set search_path = '' as $$
  select started + make_interval(years => extract(year from age(at_time, started))::int)
    from public.plan_started_at(for_user) started
   where started <= at_time;
$$;

-- The first plan year, from the one holding `at_time` on, that no free domain-year was claimed in.
create function public.next_unclaimed_plan_year(for_user uuid, at_time timestamptz) returns timestamptz
language plpgsql stable set search_path = '' as $$
declare
  year_from timestamptz := coalesce(public.plan_year_start(for_user, at_time), at_time);
begin
  while exists (select 1 from public.free_domain_years y
                 where y.owner_id = for_user and y.covers_until > year_from and y.covers_from < year_from + interval '1 year') loop
    year_from := year_from + interval '1 year';
  end loop;
  return year_from;
end;
$$;

revoke all on function public.plan_started_at(uuid) from public, anon, authenticated;
revoke all on function public.plan_year_start(uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.next_unclaimed_plan_year(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.plan_started_at(uuid), public.plan_year_start(uuid, timestamptz),
  public.next_unclaimed_plan_year(uuid, timestamptz) to service_role;

-- Takes the plan year holding `starting` for `for_domain`: {claim_id}, or {refusal} saying why not,
-- 'no_plan' (the owner holds none now) or 'used' (`available_at`: when the next unclaimed plan year
-- starts). Under a per-owner lock, so two requests at once cannot both take one plan year.
create or replace function public.claim_free_domain_year(for_user uuid, for_domain text, claim_kind text, starting timestamptz)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  year_from timestamptz;
  unclaimed timestamptz;
  claimed uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('free_domain_years:' || for_user::text, 0));
  if public.active_plan(for_user) is null then
    return jsonb_build_object('refusal', 'no_plan');
  end if;
  year_from := coalesce(public.plan_year_start(for_user, starting), starting);
  unclaimed := public.next_unclaimed_plan_year(for_user, starting);
  if unclaimed > year_from then
    return jsonb_build_object('refusal', 'used', 'available_at', unclaimed);
  end if;
  insert into public.free_domain_years (owner_id, domain, kind, covers_from, covers_until)
  values (for_user, for_domain, claim_kind, year_from, year_from + interval '1 year')
  returning id into claimed;
  return jsonb_build_object('claim_id', claimed);
end;
$$;

-- What /account shows before a search: {available, reason: null | 'no_plan' | 'used', next_at}.
create or replace function public.free_domain_allowance()
returns jsonb
language sql stable security definer set search_path = '' as $$
  with year as (
    select public.plan_year_start(auth.uid(), now()) as current_from,
           public.next_unclaimed_plan_year(auth.uid(), now()) as unclaimed_from
  )
  select jsonb_build_object(
           'available', public.current_plan() is not null and y.unclaimed_from <= coalesce(y.current_from, now()),
           'reason', case when public.current_plan() is null then 'no_plan'
                          when y.unclaimed_from > coalesce(y.current_from, now()) then 'used' end,
           'next_at', case when public.current_plan() is not null and y.unclaimed_from > coalesce(y.current_from, now())
                           then y.unclaimed_from end)
    from year y;
$$;
