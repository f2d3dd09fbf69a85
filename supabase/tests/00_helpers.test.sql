-- Helpers for the SQL tests in this folder (pgTAP, run by `npm test`'s pgtap stage or `supabase test db`).
-- Files run in name order; this one commits, so every later file may use schema `tests`:
--   tests.create_user(handle)     a user in auth.users (the sign-up trigger makes their profile)
--   tests.act_as(user)            the rest of the transaction runs as that signed-in user, as PostgREST
--                                 sets it up (role authenticated, request.jwt.claims), so RLS decides
--   tests.act_as_anon(), tests.act_as_service(), tests.act_as_owner() (back to the test's superuser)
--   tests.grant_plan(user, plan), tests.grant_template(user, template): paid purchases
-- Every other file runs in one transaction and rolls it back.
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

create or replace function tests.create_user(handle text, metadata jsonb default '{}'::jsonb) returns uuid
language sql as $$
  insert into auth.users (email, raw_user_meta_data) values (handle || '@example.test', metadata) returning id;
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

grant execute on all functions in schema tests to anon, authenticated, service_role;

select plan(2);
select has_function('tests', 'act_as', array['uuid'], 'tests.act_as is there for the other files');
select has_extension('pgtap', 'pgTAP is installed');
select * from finish();
