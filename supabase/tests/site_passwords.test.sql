-- A site's password (issue 49): kept hashed where no user reads it, not even its owner; checked by
-- the site's server alone (service role), which is slowed down after five wrong tries in a row per
-- client; only a published site whose published version asks for it is behind it.
begin;
select plan(20);

select policies_are('public', 'site_passwords', array[]::name[]);
select policies_are('public', 'site_password_failures', array[]::name[]);

select tests.create_user('owner') as owner \gset
select tests.create_user('other') as other \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'owner', 'generator', 'locked', 'locked-site', true), (:'owner', 'generator', 'open', 'open-site', true);
select id as locked from public.portfolios where slug = 'locked-site' \gset
select id as open from public.portfolios where slug = 'open-site' \gset
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'locked', :'owner', 'locked-site', 'generator', 1, '{"site": {"protected": true}}', false, false, false),
       (:'open', :'owner', 'open-site', 'generator', 1, '{}', false, false, false);
insert into public.site_passwords (portfolio_id, owner_id, hash, salt, iterations)
values (:'locked', :'owner', repeat('ab', 64), repeat('0f', 16), 210000),
       (:'open', :'owner', repeat('cd', 64), repeat('1e', 16), 210000);

\set client aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa

select tests.act_as(:'owner');
select throws_ok('select hash from public.site_passwords', '42501', null, 'the owner cannot read her password''s hash');
select throws_ok(format($$ update public.site_passwords set hash = repeat('00', 64) where portfolio_id = %L $$, :'locked'), '42501', null,
  'nor change it but through the function');
select throws_ok($$ select * from public.check_site_password('locked-site', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', repeat('ab', 64)) $$,
  '42501', null, 'a signed-in user checks no password');
select tests.act_as(:'other');
select throws_ok($$ select * from public.site_password_salt('locked-site', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa') $$,
  '42501', null, 'nor reads a salt');
select tests.act_as_anon();
select throws_ok('select * from public.site_passwords', '42501', null, 'a visitor reads no hash');
select throws_ok($$ select * from public.check_site_password('locked-site', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', repeat('ab', 64)) $$,
  '42501', null, 'nor checks a password through the API');

select tests.act_as_service();
select is((select count(*)::int from public.site_password_salt('open-site', :'client')), 0,
  'a site published without asking for its password is behind none, password set or not');
select is((select count(*)::int from public.site_password_salt('nowhere', :'client')), 0, 'nor is an unknown address');
select is((select row(salt, iterations, retry_after)::text from public.site_password_salt('locked-site', :'client')),
  row(repeat('0f', 16), 210000, 0)::text, 'the server gets the salt and rounds to hash a try with');
select is((select generation from public.check_site_password('locked-site', :'client', repeat('ab', 64))),
  (select generation from public.site_passwords where portfolio_id = :'locked'), 'the right hash answers the password''s generation');

select is(array(select (c).retry_after from (select public.check_site_password('locked-site', :'client', repeat('99', 64)) as c
                                              from generate_series(1, 5)) tries),
  array[0, 0, 0, 0, 30], 'four wrong tries in a row cost nothing; the fifth makes the next wait 30 seconds');
select ok((select retry_after from public.site_password_salt('locked-site', :'client')) between 25 and 30,
  'so the next try is refused, with the wait');
select is((select salt from public.site_password_salt('locked-site', :'client')), null, 'and no salt');
select is((select retry_after from public.site_password_salt('locked-site', md5('another client'))), 0,
  'another client is not held up by it');
select is((select retry_after from public.check_site_password('locked-site', :'client', repeat('99', 64))), 60,
  'each wrong try after that doubles the wait');
update public.site_password_failures set last_failed_at = now() - interval '2 minutes' where portfolio_id = :'locked';
select isnt((select generation from public.check_site_password('locked-site', :'client', repeat('ab', 64))), null,
  'once it has waited, the right password lets it in');
select is((select count(*)::int from public.site_password_failures where portfolio_id = :'locked' and client = :'client'), 0,
  'and its count starts again');

select is(array(select public.protected_slugs()), array['locked-site'], 'the sitemap leaves out what is behind a password');

select * from finish();
rollback;
