-- subscribers (customer accounts, a plan feature): the subscribe function (service role) keeps a
-- pending entry and mails the address a link; the page's owner reads and removes an entry only once
-- it is confirmed; visitors write nothing straight through the API and ask nothing about who pays
-- (collects_subscribers is the function's). take_rate_limit keeps the public functions' limits;
-- sweep_database clears what the sweep clears.
begin;
select plan(17);

select policies_are('public', 'subscribers', array[
  'subscribers: the page''s owner reads the confirmed ones', 'subscribers: the page''s owner removes the confirmed ones',
  'subscribers: a second factor first to read them', 'subscribers: a second factor first to remove them']);

select tests.create_user('owner') as owner \gset
select tests.create_user('free') as free \gset
select tests.create_user('other') as other \gset
select tests.grant_plan(:'owner', 'basic');
insert into public.portfolios (owner_id, template_id, slug, published) values
  (:'owner', 'generator', 'with-plan', true), (:'free', 'generator', 'no-plan', true);
insert into public.portfolios (owner_id, template_id, title) values (:'owner', 'generator', 'draft-page');
select id as collects from public.portfolios where slug = 'with-plan' \gset
select id as planless from public.portfolios where slug = 'no-plan' \gset
select id as draft from public.portfolios where title = 'draft-page' \gset

-- Visitors: nothing straight through the API (issue 20 #10).
select tests.act_as_anon();
select throws_ok(format($$ insert into public.subscribers (portfolio_id, email) values (%L, 'fan@example.com') $$, :'collects'), '42501', null,
  'a visitor cannot write an entry through the API: no 201-or-409 answer tells who is on a list');
select throws_ok(format($$ select public.collects_subscribers(%L) $$, :'collects'), '42501', null,
  'nor ask whether a page''s owner pays');
select throws_ok('select * from public.subscribers', '42501', null, 'nor read an entry back');

-- The function, as the service role.
select tests.act_as_service();
select is(public.collects_subscribers(:'collects'), true, 'a published page of a plan holder collects');
select is(public.collects_subscribers(:'planless'), false, 'one without a plan does not');
select is(public.collects_subscribers(:'draft'), false, 'nor does an unpublished one');
insert into public.subscribers (portfolio_id, email, name, confirmation_hash, confirmation_sent_at)
values (:'collects', 'Fan@Example.com', 'Fan', 'hash-of-fan', now()),
       (:'collects', 'pending@example.com', null, 'hash-of-pending', now());
select throws_ok(format($$ insert into public.subscribers (portfolio_id, email) values (%L, 'fan@example.com') $$, :'collects'), '23505', null,
  'once per address and page, whatever its case');

select tests.act_as(:'owner');
select is_empty('select email from public.subscribers', 'the owner sees no address before it is confirmed');
select tests.act_as_service();
update public.subscribers set confirmed_at = now(), confirmation_hash = null where confirmation_hash = 'hash-of-fan';
select tests.act_as(:'owner');
select results_eq('select email from public.subscribers', array['Fan@Example.com'], 'then the owner reads it, and only it');
select tests.act_as(:'other');
select is_empty('select * from public.subscribers', 'another user reads none of the page''s subscribers');
select tests.act_as(:'owner');
select results_eq($$ with gone as (delete from public.subscribers returning 1) select count(*)::int from gone $$, array[1],
  'the owner removes the confirmed one');

-- Pending entries go after 48 hours; old rate-limit records after a day.
select tests.act_as_owner();
update public.subscribers set created_at = now() - interval '3 days' where email = 'pending@example.com';
insert into public.rate_limit_hits (key, hit_at) values ('old', now() - interval '2 days');
select tests.act_as_service();
select public.sweep_database();
select is_empty($$ select 1 from public.subscribers where email = 'pending@example.com' $$, 'an unconfirmed sign-up does not linger');
select is_empty($$ select 1 from public.rate_limit_hits where key = 'old' $$, 'nor an old rate-limit record');

-- take_rate_limit: so many per window per key, the function's alone.
select results_eq($$ select array_agg(public.take_rate_limit('client-a', 3, 60) > 0) from generate_series(1, 5) $$,
  $$ values (array[false, false, false, true, true]) $$, 'three in the window, then a wait');
select ok(public.take_rate_limit('client-a', 3, 60) between 59 and 60, 'of about the window''s length');
select tests.act_as_anon();
select throws_ok($$ select public.take_rate_limit('client-a', 1000, 1) $$, '42501', null, 'nobody else resets or spends a budget');

select * from finish();
rollback;
