-- Two-factor sign-in as the database keeps it: mfa_satisfied() (aal2 once a user has a verified
-- factor), the restrictive policies it drives on custom_domains, subscribers and purchases, the MFA
-- verification hook that stops guessing per factor, and one-time recovery codes (made only from an
-- aal2 session, stored hashed; recovery_codes.test.sql redeems them).
begin;
select plan(34);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.create_user('carol') as carol \gset
select tests.grant_plan(:'alice', 'basic');
select tests.add_factor(:'alice') as alices_factor \gset
select tests.add_factor(:'bob', 'unverified');
insert into public.portfolios (owner_id, template_id, slug, published) values (:'alice', 'generator', 'alice-page', true);
select id as page from public.portfolios where slug = 'alice-page' \gset
insert into public.custom_domains (domain, portfolio_id, owner_id) values ('alice.example', :'page', :'alice');
insert into public.subscribers (portfolio_id, email, confirmed_at) values (:'page', 'fan@example.com', now());

-- ─── the level the caller proved ────────────────────────────────────────────────────────────
select tests.act_as(:'carol');
select is(public.mfa_satisfied(), true, 'no factor: the password is enough');
select tests.act_as_at(:'bob', 'aal1');
select is(public.mfa_satisfied(), true, 'a factor never verified does not count');
select tests.act_as_at(:'alice', 'aal1');
select is(public.mfa_satisfied(), false, 'a verified factor and the password alone: not enough');
select tests.act_as_at(:'alice', 'aal2');
select is(public.mfa_satisfied(), true, 'after the code from the app: enough');
select tests.act_as_anon();
select throws_ok('select public.mfa_satisfied()', '42501', null, 'a visitor has no factors to ask about');

-- ─── what it guards (each table's file lists its policies) ─────────────────────────────────
select tests.act_as_at(:'alice', 'aal1');
select is_empty('select * from public.custom_domains', 'aal1: her domains are not read');
select throws_ok(format($$ insert into public.custom_domains (domain, portfolio_id) values ('other.example', %L) $$, :'page'), '42501', null,
  'nor is one added');
select is_empty('select * from public.subscribers', 'her sign-up list is not read');
select results_eq($$ with gone as (delete from public.subscribers returning 1) select count(*)::int from gone $$, array[0],
  'nor emptied');
select is_empty('select * from public.purchases', 'nor her purchases');
select tests.act_as_at(:'alice', 'aal2');
select results_eq('select domain from public.custom_domains', array['alice.example'], 'aal2: her domains');
select results_eq('select email from public.subscribers', array['fan@example.com'], 'her sign-ups');
select results_eq('select item_id from public.purchases', array['basic'], 'her purchases');
select tests.act_as_service();
select lives_ok(format($$ insert into public.subscribers (portfolio_id, email) values (%L, 'new@example.com') $$, :'page'),
  'visitors still sign up on her page (through the subscribe function)');

-- ─── wrong codes, per factor (the hook Supabase Auth asks) ──────────────────────────────────────
select policies_are('public', 'mfa_failed_verification_attempts', array['mfa failed verification attempts: the auth server keeps them']);
select policies_are('public', 'mfa_recovery_codes', array[]::name[]);
select policies_are('public', 'mfa_recovery_attempts', array[]::name[]);
select policy_roles_are('public', 'mfa_failed_verification_attempts', 'mfa failed verification attempts: the auth server keeps them',
  array['supabase_auth_admin'], 'Auth''s role, and no other, may use what the hook counts');
select table_privs_are('public', 'mfa_failed_verification_attempts', 'supabase_auth_admin', array['SELECT', 'INSERT', 'DELETE'],
  'it may read, add and clear the hook''s counts');
select function_privs_are('public', 'hook_mfa_verification_attempt', array['jsonb'], 'supabase_auth_admin', array['EXECUTE'],
  'and call the hook');
select tests.act_as_owner();
-- As Supabase Auth runs it: the role supabase_auth_admin (which cannot see pgTAP: answers are kept, then
-- checked). Hosted Supabase's postgres is no member of that role and may not switch to it: there the hook
-- runs as the test's own role, and the three checks above are what let Auth's role do the same.
select set_config('role', case when pg_has_role('supabase_auth_admin', 'member') then 'supabase_auth_admin' else 'none' end, true);
select public.hook_mfa_verification_attempt(jsonb_build_object('factor_id', :'alices_factor', 'user_id', :'alice', 'valid', false))
  as first_wrong \gset
select count(*) as nine_more from generate_series(1, 9)
 where public.hook_mfa_verification_attempt(jsonb_build_object('factor_id', :'alices_factor', 'user_id', :'alice', 'valid', false))
       ->> 'decision' = 'continue' \gset
select public.hook_mfa_verification_attempt(jsonb_build_object('factor_id', :'alices_factor', 'user_id', :'alice', 'valid', true))
       ->> 'decision' as eleventh \gset
reset role;
select is(:'first_wrong'::jsonb, '{"decision": "continue"}'::jsonb, 'a wrong code is counted, and the next may be tried');
select is(:'nine_more'::int, 9, 'up to ten wrong codes in an hour');
select is(:'eleventh'::text, 'reject', 'then every attempt is rejected, the right code too');
select tests.act_as(:'alice');
select throws_ok(format($$ select public.hook_mfa_verification_attempt(jsonb_build_object('factor_id', %L, 'valid', true)) $$, :'alices_factor'),
  '42501', null, 'only Auth calls the hook');
select throws_ok('select * from public.mfa_failed_verification_attempts', '42501', null, 'nor reads what it counts');

-- ─── recovery codes ─────────────────────────────────────────────────────────────────────────
select tests.act_as_at(:'alice', 'aal1');
select throws_ok('select public.create_mfa_recovery_codes()', '42501', null, 'codes are made only right after the app''s code');
select tests.act_as_at(:'carol', 'aal2');
select throws_ok('select public.create_mfa_recovery_codes()', '42501', null, 'and only for a user with a factor');
select tests.act_as_at(:'alice', 'aal2');
create temporary table alices_codes on commit drop as select code from public.create_mfa_recovery_codes() as code;
select is((select count(distinct code)::int from alices_codes), 10, 'ten codes, all different');
select ok((select bool_and(code ~ '^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$') from alices_codes), 'in two groups of five, none of 0 O 1 I');
select is(public.mfa_recovery_codes_left(), 10, 'ten left');
select public.discard_mfa_recovery_codes();
select is(public.mfa_recovery_codes_left(), 10, 'discarding keeps them while two-factor sign-in is on');
select throws_ok('select * from public.mfa_recovery_codes', '42501', null, 'the stored hashes are nobody''s to read');
select throws_ok($$ select public.mfa_recovery_code_hash(gen_random_uuid(), 'x') $$, '42501', null, 'nor to compute');

-- Redeeming a code: recovery_codes.test.sql.
select tests.act_as_owner();
delete from auth.mfa_factors where user_id = :'alice';
insert into public.mfa_recovery_codes (user_id, code_hash) values (:'alice', 'left over');
select tests.act_as(:'alice');
select public.discard_mfa_recovery_codes();
select is(public.mfa_recovery_codes_left(), 0, 'with two-factor sign-in off, codes left over are discarded');

select * from finish();
rollback;
