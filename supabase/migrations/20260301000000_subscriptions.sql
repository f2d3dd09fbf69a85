-- Plans are monthly Razorpay subscriptions: renewals extend them, a failed renewal keeps the plan
-- through a short grace period while Razorpay retries, and a halted or cancelled subscription lets
-- it lapse. What a user holds now is still one SQL answer, public.active_plan(uuid), now read from
-- subscriptions (and from the 30-day plan passes sold before, until they end).
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- ─── subscriptions ──────────────────────────────────────────────────────────────────────────
-- One row per Razorpay subscription, mirrored by the payment functions (service role) from
-- Razorpay's own answers, never from the browser.
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  plan_id text not null check (plan_id in ('basic', 'pro', 'premium')),
  razorpay_subscription_id text not null unique,
  razorpay_plan_id text not null,
  -- Razorpay's states: created → authenticated → active → (pending → halted) / cancelled / completed.
  status text not null default 'created'
    check (status in ('created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired', 'paused')),
  -- What each period costs, as charged: minor units of `currency`.
  amount integer not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The period paid for (the plan holds through current_end).
  current_start timestamptz,
  current_end timestamptz,
  -- When Razorpay charges next (a retry's time while pending).
  charge_at timestamptz,
  -- A subscription that starts later (a plan resumed after a cancellation starts when it ends).
  starts_at timestamptz,
  ended_at timestamptz,
  -- The user cancelled: no more charges, the plan holds to the end of the period paid for.
  cancel_at_period_end boolean not null default false,
  -- A change of plan Razorpay applies at the end of the current period.
  scheduled_plan_id text check (scheduled_plan_id in ('basic', 'pro', 'premium')),
  -- Failed charges in a row (Razorpay's auth_attempts).
  failed_charges integer not null default 0 check (failed_charges >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index subscriptions_user_id_idx on public.subscriptions (user_id);
-- At most one subscription per user that goes on charging: two tabs or a double click cannot
-- leave someone paying twice a month.
create unique index subscriptions_one_continuing_per_user on public.subscriptions (user_id)
  where status in ('authenticated', 'active', 'pending') and not cancel_at_period_end;

alter table public.subscriptions enable row level security;
create policy "subscriptions: owner reads" on public.subscriptions
  for select to authenticated using (user_id = auth.uid());
revoke insert, update, delete, truncate on public.subscriptions from anon, authenticated;

-- ─── subscription charges ──────────────────────────────────────────────────────────────────
-- Every captured charge of a subscription (the first one, each renewal): the receipts.
-- Failed attempts are not charges and are not listed.
create table public.subscription_charges (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references public.subscriptions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  plan_id text not null check (plan_id in ('basic', 'pro', 'premium')),
  razorpay_payment_id text not null unique,
  razorpay_invoice_id text,
  amount integer not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  period_start timestamptz,
  period_end timestamptz,
  paid_at timestamptz not null,
  created_at timestamptz not null default now()
);

create index subscription_charges_user_id_idx on public.subscription_charges (user_id);
create index subscription_charges_subscription_id_idx on public.subscription_charges (subscription_id);

alter table public.subscription_charges enable row level security;
create policy "subscription charges: owner reads" on public.subscription_charges
  for select to authenticated using (user_id = auth.uid());
revoke insert, update, delete, truncate on public.subscription_charges from anon, authenticated;

-- ─── what a subscription grants, and until when ─────────────────────────────────────────────
-- How long a plan outlives a renewal that did not go through while Razorpay retries (it retries
-- daily and halts after the fourth failure, which ends the plan at once).
create function public.billing_grace_period() returns interval
language sql immutable set search_path = '' as $$
  select interval '7 days';
$$;

-- Until when a subscription in this state keeps its plan (null: it grants nothing).
create function public.subscription_holds_until(
  status text, current_end timestamptz, ended_at timestamptz, cancel_at_period_end boolean
) returns timestamptz
language sql immutable set search_path = '' as $$
  select case
    -- Cancelled by the user: to the end of what was paid, not a day more.
    when status = 'active' and cancel_at_period_end then current_end
    -- Renewing, or a renewal failing and retried: the grace period covers the retries.
    when status in ('active', 'pending') then current_end + public.billing_grace_period()
    when status in ('cancelled', 'completed') then least(current_end, coalesce(ended_at, current_end))
    else null
  end;
$$;

-- Every plan a user holds now, and up to when it is paid for: each subscription that still holds,
-- and each 30-day plan pass bought before subscriptions, until it ends.
create function public.plans_held(for_user uuid) returns table (plan text, paid_through timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.plan_id, s.current_end
    from public.subscriptions s
   where s.user_id = for_user
     and public.subscription_holds_until(s.status, s.current_end, s.ended_at, s.cancel_at_period_end) > now()
  union all
  select p.item_id, p.expires_at
    from public.purchases p
   where p.user_id = for_user and p.item_type = 'plan' and p.status = 'paid' and p.expires_at > now();
$$;

-- The plan a user holds now: the best of those held.
create or replace function public.active_plan(for_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select held.plan
    from public.plans_held(for_user) held
   order by case held.plan when 'premium' then 3 when 'pro' then 2 when 'basic' then 1 else 0 end desc
   limit 1;
$$;

-- The end of what the user has paid for of the plans they hold (a renewal extends it).
create function public.plan_paid_through(for_user uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select max(held.paid_through) from public.plans_held(for_user) held;
$$;

-- The caller's own (asking about anyone else's is not allowed).
create function public.current_plan_paid_through() returns timestamptz
language sql stable security definer set search_path = '' as $$
  select public.plan_paid_through(auth.uid());
$$;

revoke all on function public.plans_held(uuid) from public, anon, authenticated;
revoke all on function public.plan_paid_through(uuid) from public, anon, authenticated;
grant execute on function public.plans_held(uuid), public.plan_paid_through(uuid) to service_role;
revoke all on function public.current_plan_paid_through() from public, anon;
grant execute on function public.current_plan_paid_through() to authenticated, service_role;

-- The caller's entitlements (same columns as before): plan_expires_at is now what was paid through.
create or replace view public.entitlements with (security_invoker = true) as
select auth.uid() as user_id,
       public.current_plan() as plan,
       (select public.current_plan_paid_through() where public.current_plan() is not null) as plan_expires_at,
       coalesce((select array_agg(distinct p.item_id order by p.item_id) from public.purchases p
                  where p.user_id = auth.uid() and p.item_type = 'template' and p.status = 'paid'), '{}'::text[]) as templates,
       public.current_plan() is not null as remove_branding,
       public.plan_storage_bytes(public.current_plan()) as storage_quota_bytes,
       public.plan_customizes_look(public.current_plan()) as customized_look,
       public.plan_includes_brand_kit(public.current_plan()) as brand_kit,
       public.plan_includes_priority_care(public.current_plan()) as priority_care
having auth.uid() is not null;

-- ─── billing history ────────────────────────────────────────────────────────────────────────
-- What the user has paid, newest first: paid orders (templates, and plan passes sold before) and
-- subscription charges, each with its amount and currency as charged. Orders opened and never paid
-- are not debts and are not here.
create view public.billing_history with (security_invoker = true) as
select p.id,
       'order'::text as kind,
       p.item_type,
       p.item_id,
       p.amount,
       p.currency,
       p.paid_at,
       p.payment_id,
       p.order_id as reference,
       null::timestamptz as period_start,
       p.expires_at as period_end,
       'FF-' || upper(substr(replace(p.id::text, '-', ''), 1, 10)) as receipt_number
  from public.purchases p
 where p.status = 'paid' and p.paid_at is not null
union all
select c.id,
       'subscription'::text,
       'plan'::text,
       c.plan_id,
       c.amount,
       c.currency,
       c.paid_at,
       c.razorpay_payment_id,
       s.razorpay_subscription_id,
       c.period_start,
       c.period_end,
       'FF-' || upper(substr(replace(c.id::text, '-', ''), 1, 10))
  from public.subscription_charges c
  join public.subscriptions s on s.id = c.subscription_id;

revoke all on public.billing_history from public, anon;
grant select on public.billing_history to authenticated, service_role;
