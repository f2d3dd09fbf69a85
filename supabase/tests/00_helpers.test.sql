-- Helpers for the SQL tests in this folder (pgTAP, run by `npm test`'s pgtap stage or `supabase test db`).
-- Files run in name order; this one commits, so every later file may use schema `tests`:
--   tests.create_user(handle)     a user in auth.users (the sign-up trigger makes their profile)
--   tests.act_as(user)            the rest of the transaction runs as that signed-in user, as PostgREST
--                                 sets it up (role authenticated, request.jwt.claims), so RLS decides
--   tests.act_as_anon(), tests.act_as_service(), tests.act_as_owner() (back to the test's superuser)
--   tests.act_as_at(user, aal)     the same with the assurance level the user's token carries ('aal1', 'aal2')
--   tests.add_factor(user, status) a TOTP factor in auth.mfa_factors ('verified' unless told), its id
--   tests.grant_plan(user, plan), tests.grant_template(user, template): paid purchases
--   tests.grant_subscription(user, plan, …): a Razorpay subscription as the payment functions mirror it
-- Every other file runs in one transaction and rolls it back.
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- Both write what Supabase Auth writes itself: its tables have no defaults for ids or times, and
-- auth.mfa_factors keeps its type and status in the enums auth.factor_type and auth.factor_status.
create or replace function tests.create_user(handle text, metadata jsonb default '{}'::jsonb) returns uuid
language sql as $$
  insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values (gen_random_uuid(), 'authenticated', 'authenticated', handle || '@example.test',
          '{"provider": "email", "providers": ["email"]}', metadata, now(), now())
  returning id;
$$;

create or replace function tests.act_with(role_name text, claims jsonb) returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', claims::text, true);
  perform set_config('request.jwt.claim.sub', coalesce(claims ->> 'sub', ''), true);
  perform set_config('request.jwt.claim.role', coalesce(claims ->> 'role', ''), true);
  perform set_config('role', role_name, true);
end;
$$;

create or replace function tests.act_as(user_id uuid) returns void
language sql as $$
  select tests.act_with('authenticated', jsonb_build_object('sub', user_id, 'role', 'authenticated', 'aud', 'authenticated'));
$$;

create or replace function tests.act_as_at(user_id uuid, aal text) returns void
language sql as $$
  select tests.act_with('authenticated',
    jsonb_build_object('sub', user_id, 'role', 'authenticated', 'aud', 'authenticated', 'aal', aal));
$$;

create or replace function tests.add_factor(user_id uuid, factor_status text default 'verified') returns uuid
language sql as $$
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
  values (gen_random_uuid(), user_id, 'Phone ' || gen_random_uuid(), 'totp', factor_status::auth.factor_status, 'JBSWY3DPEHPK3PXP',
          now(), now())
  returning id;
$$;

create or replace function tests.act_as_anon() returns void
language sql as $$ select tests.act_with('anon', '{"role": "anon"}'::jsonb); $$;

create or replace function tests.act_as_service() returns void
language sql as $$ select tests.act_with('service_role', '{"role": "service_role"}'::jsonb); $$;

create or replace function tests.act_as_owner() returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  perform set_config('request.jwt.claim.role', '', true);
end;
$$;

create or replace function tests.grant_plan(user_id uuid, plan text, valid_for interval default interval '30 days') returns void
language sql as $$
  insert into public.purchases (user_id, item_type, item_id, amount, order_id, status, paid_at, expires_at)
  values (user_id, 'plan', plan, 99900, 'order_' || replace(gen_random_uuid()::text, '-', ''), 'paid', now(), now() + valid_for);
$$;

create or replace function tests.grant_template(user_id uuid, template text) returns void
language sql as $$
  insert into public.purchases (user_id, item_type, item_id, amount, order_id, status, paid_at)
  values (user_id, 'template', template, 10000, 'order_' || replace(gen_random_uuid()::text, '-', ''), 'paid', now());
$$;

create or replace function tests.grant_subscription(
  user_id uuid, plan text, sub_status text default 'active', period_end timestamptz default now() + interval '25 days',
  cancelled boolean default false, ended timestamptz default null
) returns uuid
language sql as $$
  insert into public.subscriptions (user_id, plan_id, razorpay_subscription_id, razorpay_plan_id, status, amount, currency,
                                    current_start, current_end, charge_at, cancel_at_period_end, ended_at)
  values (user_id, plan, 'sub_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 14), 'plan_' || plan, sub_status,
          case plan when 'basic' then 999 when 'pro' then 1999 else 2999 end, 'USD',
          period_end - interval '1 month', period_end, case when not cancelled then period_end end, cancelled, ended)
  returning id;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select plan(3);
select has_function('tests', 'act_as', array['uuid'], 'tests.act_as is there for the other files');
select has_table('auth', 'mfa_factors', 'auth.mfa_factors is there, as Supabase Auth keeps it');
select has_extension('pgtap', 'pgTAP is installed');
select * from finish();
