-- Signing in with a recovery code (redeem_mfa_recovery_code, the account function's): the user says
-- whether the authenticator is lost. Kept: one code is spent, the factor stays, and only the session
-- the code was used in passes mfa_satisfied(). Lost: the factors and every code go. Guessing is
-- limited, and nobody but the service role may redeem (the function mails the owner).
begin;
select plan(14);

select tests.create_user('dana') as dana \gset
select tests.add_factor(:'dana') as danas_factor \gset
select gen_random_uuid() as recovered_session \gset
select gen_random_uuid() as other_session \gset
select tests.act_with('authenticated', jsonb_build_object('sub', :'dana', 'role', 'authenticated', 'aal', 'aal2'));
create temporary table danas_codes on commit drop as select code, row_number() over () as n from public.create_mfa_recovery_codes() as code;
select code as first_code from danas_codes where n = 1 \gset
select code as second_code from danas_codes where n = 2 \gset
select code as third_code from danas_codes where n = 3 \gset

select tests.act_as_at(:'dana', 'aal1');
select throws_ok(format($$ select public.redeem_mfa_recovery_code(%L, %L, %L, false) $$, :'dana', :'recovered_session', :'first_code'),
  '42501', null, 'a browser cannot redeem a code itself (it would skip the mail)');

select tests.act_as_service();
select is((select count(*)::int from generate_series(1, 5) as n
            where public.redeem_mfa_recovery_code(:'dana', :'recovered_session', 'WRONG-CODE' || n::text, false) = 'wrong'), 5,
  'five wrong codes are wrong');
select is(public.redeem_mfa_recovery_code(:'dana', :'recovered_session', :'first_code', false), 'locked',
  'then even a right one waits 15 minutes');
select tests.act_as_owner();
delete from public.mfa_recovery_attempts where user_id = :'dana';

-- ─── the device is not lost ─────────────────────────────────────────────────────────────────
select tests.act_as_service();
select is(public.redeem_mfa_recovery_code(:'dana', :'recovered_session', lower(replace(:'first_code', '-', ' ')), false), 'factor_kept',
  'a right code, typed in lower case with a space, signs her in');
select tests.act_with('authenticated', jsonb_build_object('sub', :'dana', 'role', 'authenticated', 'aal', 'aal1', 'session_id', :'recovered_session'));
select is(public.mfa_satisfied(), true, 'the session the code was typed in has passed the second factor');
select is(public.mfa_recovery_codes_left(), 9, 'one code is spent, the other nine stay');
select tests.act_with('authenticated', jsonb_build_object('sub', :'dana', 'role', 'authenticated', 'aal', 'aal1', 'session_id', :'other_session'));
select is(public.mfa_satisfied(), false, 'another password-only session of hers has not');
select tests.act_as_owner();
select is((select status::text from auth.mfa_factors where id = :'danas_factor'), 'verified', 'her authenticator still guards the account');
select is((select raw_app_meta_data ->> 'mfa_recovered_session' from auth.users where id = :'dana'), :'recovered_session',
  'her app_metadata names the session, so the tokens Auth hands out next say so');
select tests.act_as_service();
select is(public.redeem_mfa_recovery_code(:'dana', :'recovered_session', :'first_code', false), 'wrong', 'a code works once');

-- ─── the device is lost ─────────────────────────────────────────────────────────────────────
select is(public.redeem_mfa_recovery_code(:'dana', :'other_session', :'second_code', true), 'factor_removed',
  'with the device lost, a right code removes the factor');
select tests.act_as_owner();
select is((select count(*)::int from auth.mfa_factors where user_id = :'dana'), 0, 'every factor of hers is gone');
select is((select count(*)::int from public.mfa_recovery_codes where user_id = :'dana'), 0, 'and every code with them');
select tests.act_as_service();
select is(public.redeem_mfa_recovery_code(:'dana', :'other_session', :'third_code', false), 'wrong', 'the others went with the factor');

select * from finish();
rollback;
