-- profiles: made by the sign-up trigger, read and changed by their owner only; usernames one per
-- person whatever the case, checked for anyone by a security-definer function that tells only yes/no.
begin;
select plan(16);

select policies_are('public', 'profiles',
  array['profiles: owner reads', 'profiles: owner inserts', 'profiles: owner updates', 'profiles: owner deletes']);
select has_trigger('auth', 'users', 'on_auth_user_created', 'sign-up makes the profile (a trigger on auth.users)');

select tests.create_user('alice', '{"name": " Alice ", "username": "alice"}') as alice \gset
select tests.create_user('bob', '{"username": "bob"}') as bob \gset

-- handle_new_user (security definer): the profile comes from sign-up metadata, trimmed.
select results_eq(format('select name, username from public.profiles where id = %L', :'alice'),
  $$ values ('Alice'::text, 'alice'::text) $$, 'sign-up makes the profile from its metadata');
select tests.create_user('twin', '{"username": "ALICE"}') as twin \gset
select is((select username from public.profiles where id = :'twin'), null, 'a username taken in another case is not given twice: the profile starts without one');
select tests.create_user('odd', '{"username": "no spaces!"}') as odd \gset
select is((select username from public.profiles where id = :'odd'), null, 'a malformed username does not fail sign-up: the profile starts without one');

-- username_available (security definer): yes/no for anyone, nothing else.
select tests.act_as_anon();
select is(public.username_available('Alice'), false, 'a visitor learns a name is taken, whatever its case');
select is(public.username_available('carol'), true, 'and that a free one is free');
select is(public.username_available('x'), false, 'a malformed name is never available');
select is_empty('select * from public.profiles', 'a visitor reads no profile');

-- RLS: the owner alone.
select tests.act_as(:'alice');
select results_eq('select count(*)::int from public.profiles', array[1], 'alice reads her own profile and no other');
select lives_ok(format('update public.profiles set name = %L where id = %L', 'Mallory was here', :'bob'), 'an update of another profile runs ...');
select tests.act_as_owner();
select is((select name from public.profiles where id = :'bob'), null, '... and changes nothing');
select tests.act_as(:'alice');
select throws_ok(format('insert into public.profiles (id, name) values (%L, %L)', :'twin', 'fake'), '42501', null,
  'nobody inserts a profile for someone else');
select throws_ok(format('update public.profiles set username = %L where id = %L', 'BOB', :'alice'), '23505', null,
  'a username another profile holds in another case is refused');
select lives_ok(format('update public.profiles set username = %L where id = %L', 'alice_l', :'alice'), 'the owner renames herself');
select throws_ok('select public.handle_new_user()', '42501', null, 'the sign-up trigger function is not callable through the API');

select * from finish();
rollback;
