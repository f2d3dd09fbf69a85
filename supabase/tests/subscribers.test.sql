-- subscribers (customer accounts, a plan feature): a visitor signs up on a published page whose owner
-- holds a plan (collects_subscribers, security definer, yes/no only); the page's owner alone reads
-- and removes them; a visitor never reads an entry back.
begin;
select plan(12);

select policies_are('public', 'subscribers', array[
  'subscribers: anyone signs up on a page that collects', 'subscribers: the page''s owner reads them',
  'subscribers: the page''s owner removes them', 'subscribers: a second factor first to read them',
  'subscribers: a second factor first to remove them']);

select tests.create_user('owner') as owner \gset
select tests.create_user('free') as free \gset
select tests.create_user('other') as other \gset
select tests.grant_plan(:'owner', 'basic');
insert into public.portfolios (owner_id, template_id, slug, published) values
  (:'owner', 'generator', 'with-plan', true), (:'free', 'generator', 'no-plan', true), (:'owner', 'generator', 'draft-page', false);
select id as collects from public.portfolios where slug = 'with-plan' \gset
select id as planless from public.portfolios where slug = 'no-plan' \gset
select id as draft from public.portfolios where slug = 'draft-page' \gset

select tests.act_as_anon();
select is(public.collects_subscribers(:'collects'), true, 'a published page of a plan holder collects');
select is(public.collects_subscribers(:'planless'), false, 'one without a plan does not');
select lives_ok(format($$ insert into public.subscribers (portfolio_id, email, name) values (%L, 'Fan@Example.com', 'Fan') $$, :'collects'),
  'a visitor signs up');
select throws_ok(format($$ insert into public.subscribers (portfolio_id, email) values (%L, 'fan@example.com') $$, :'collects'), '23505', null,
  'once per address, whatever its case');
select throws_ok(format($$ insert into public.subscribers (portfolio_id, email) values (%L, 'x@example.com') $$, :'planless'), '42501', null,
  'a page without a plan takes no sign-ups');
select throws_ok(format($$ insert into public.subscribers (portfolio_id, email) values (%L, 'x@example.com') $$, :'draft'), '42501', null,
  'nor does an unpublished one');
select throws_ok(format($$ insert into public.subscribers (portfolio_id, email, created_at) values (%L, 'y@example.com', now()) $$, :'collects'),
  '42501', null, 'a visitor sets only the page, the address and the name');
select throws_ok('select * from public.subscribers', '42501', null, 'a visitor reads no entry back');

select tests.act_as(:'other');
select is_empty('select * from public.subscribers', 'another user reads none of the page''s subscribers');
select tests.act_as(:'owner');
select results_eq('select email from public.subscribers', array['Fan@Example.com'], 'the page''s owner reads them');
select results_eq($$ with gone as (delete from public.subscribers returning 1) select count(*)::int from gone $$, array[1],
  'and removes them');

select * from finish();
rollback;
