-- custom_domains: an owner with a plan claims a domain for their own portfolio and reads their claims;
-- proving it (verified_at) is the publish function's, with the service role; one proven owner per domain.
begin;
select plan(9);

select policies_are('public', 'custom_domains', array[
  'custom domains: the owner reads theirs', 'custom domains: an owner with a plan adds one',
  'custom domains: a second factor first, when the owner has one']);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.create_user('carol') as carol \gset
select tests.grant_plan(:'alice', 'basic');
select tests.grant_plan(:'carol', 'basic');
insert into public.portfolios (owner_id, template_id, title) values (:'alice', 'generator', 'a'), (:'bob', 'generator', 'b'), (:'carol', 'generator', 'c');
select id as alices from public.portfolios where title = 'a' \gset
select id as bobs from public.portfolios where title = 'b' \gset
select id as carols from public.portfolios where title = 'c' \gset

select tests.act_as(:'alice');
select lives_ok(format($$ insert into public.custom_domains (domain, portfolio_id) values ('alice.example', %L) $$, :'alices'),
  'an owner with a plan claims a domain for her portfolio');
select throws_ok(format($$ insert into public.custom_domains (domain, portfolio_id) values ('taken.example', %L) $$, :'bobs'), '42501', null,
  'not for someone else''s portfolio');
select throws_ok(format($$ insert into public.custom_domains (domain, portfolio_id, verified_at) values ('fake.example', %L, now()) $$, :'alices'),
  '42501', null, 'and never already proven');
select throws_ok(format($$ update public.custom_domains set verified_at = now() where domain = 'alice.example' $$), '42501', null,
  'nor proven afterwards by herself');
select tests.act_as(:'bob');
select throws_ok(format($$ insert into public.custom_domains (domain, portfolio_id) values ('bob.example', %L) $$, :'bobs'), '42501', null,
  'without a plan, no domain');
select is_empty('select * from public.custom_domains', 'bob reads none of alice''s claims');

-- A domain anyone may claim (unproven claims block nobody); once proven, it is one owner's.
select tests.act_as(:'carol');
select lives_ok(format($$ insert into public.custom_domains (domain, portfolio_id) values ('alice.example', %L) $$, :'carols'),
  'carol may claim the same domain while nobody has proven it');
select tests.act_as_service();
update public.custom_domains set verified_at = now() where domain = 'alice.example' and owner_id = :'alice';
select throws_ok(format($$ update public.custom_domains set verified_at = now() where domain = 'alice.example' and owner_id = %L $$, :'carol'),
  '23505', null, 'but a proven domain has one owner');

select * from finish();
rollback;
