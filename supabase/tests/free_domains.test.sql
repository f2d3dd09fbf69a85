-- registered_domains and free_domain_years: written by the domains function alone (service role),
-- read by their owner (with the second factor once the owner has one). One free domain-year per plan
-- year, plan years counted from the day the plan started (claim_free_domain_year, service role only;
-- free_domain_allowance, the caller's own).
begin;
select plan(30);

select policies_are('public', 'registered_domains', array[
  'registered domains: the owner reads theirs', 'registered domains: a second factor first']);
select policies_are('public', 'free_domain_years', array[
  'free domain years: the owner reads theirs', 'free domain years: a second factor first']);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.create_user('carol') as carol \gset
select tests.create_user('dave') as dave \gset
-- Alice's plan started 400 days ago: her second plan year is under way.
select tests.grant_plan(:'alice', 'pro');
update public.purchases set paid_at = now() - interval '400 days' where user_id = :'alice';
select now() - interval '400 days' as alice_start \gset
select tests.grant_plan(:'bob', 'basic');
-- Dave's plan is a subscription whose first period began 13 months ago.
select tests.grant_subscription(:'dave', 'basic') as daves_sub \gset
insert into public.subscription_charges (subscription_id, user_id, plan_id, razorpay_payment_id, amount, currency, period_start, period_end, paid_at)
values (:'daves_sub', :'dave', 'basic', 'pay_dave00000001', 999, 'USD', now() - interval '13 months', now() - interval '12 months', now() - interval '13 months');

-- ─── plan years ─────────────────────────────────────────────────────────────────────────────────
select tests.act_as_service();
select is(public.plan_year_start(:'alice', now()), :'alice_start'::timestamptz + interval '1 year',
  'a plan year starts on the anniversary of the plan''s start');
select is(public.plan_year_start(:'dave', now()), now() - interval '13 months' + interval '1 year',
  'a subscription''s plan starts with the first period it charged for');
select is(public.plan_year_start(:'carol', now()), null, 'no plan, no plan year');
select is(public.claim_free_domain_year(:'carol', 'carol.com', 'registration', now()) ->> 'refusal', 'no_plan',
  'without a plan, no free domain');
select ok(public.claim_free_domain_year(:'alice', 'alice.com', 'registration', now()) ? 'claim_id', 'alice claims this plan year''s');
select results_eq($$ select covers_from, covers_until from public.free_domain_years where domain = 'alice.com' $$,
  format($$ values (%L::timestamptz + interval '1 year', %L::timestamptz + interval '2 years') $$, :'alice_start', :'alice_start'),
  'the claim is the plan year itself, not a year from the claim');
select is(public.claim_free_domain_year(:'alice', 'alice.net', 'registration', now()),
  jsonb_build_object('refusal', 'used', 'available_at', :'alice_start'::timestamptz + interval '2 years'),
  'a second domain in the same plan year is refused, with the day the next plan year starts');
select ok(public.claim_free_domain_year(:'alice', 'alice.com', 'renewal', :'alice_start'::timestamptz + interval '2 years 10 days') ? 'claim_id',
  'a renewal for an expiry in the next plan year takes that year');
select is(public.claim_free_domain_year(:'alice', 'alice.org', 'registration', now()) ->> 'available_at',
  to_jsonb(:'alice_start'::timestamptz + interval '3 years') #>> '{}', 'then the next one free is the year after');
select is(public.claim_free_domain_year(:'alice', 'alice.org', 'renewal', :'alice_start'::timestamptz + interval '2 years 1 month') ->> 'refusal', 'used',
  'and the renewed year pays for nothing else');
-- A claim made before plan years were counted from the plan's start (a year from the claim) still counts.
insert into public.free_domain_years (owner_id, domain, kind, covers_from, covers_until)
values (:'bob', 'bob.com', 'registration', now() - interval '100 days', now() + interval '265 days');
select is(public.claim_free_domain_year(:'bob', 'bob.net', 'registration', now()) ->> 'refusal', 'used',
  'a rolling-year claim overlapping this plan year uses it');

-- ─── what /account shows ────────────────────────────────────────────────────────────────────────
select tests.act_as(:'alice');
select is(public.free_domain_allowance(),
  jsonb_build_object('available', false, 'reason', 'used', 'next_at', :'alice_start'::timestamptz + interval '3 years'),
  'alice: used, and when the next one comes');
select tests.act_as(:'dave');
select is(public.free_domain_allowance(), jsonb_build_object('available', true, 'reason', null, 'next_at', null),
  'dave: his plan year''s domain is his to take');
select tests.act_as(:'carol');
select is(public.free_domain_allowance() ->> 'reason', 'no_plan', 'carol: a plan first');

-- ─── who reads and writes ─────────────────────────────────────────────────────────────────────
select tests.act_as_service();
insert into public.registered_domains (domain, owner_id, status, registered_at, expires_at, renewal_price_usd)
values ('alice.com', :'alice', 'active', now(), now() + interval '1 year', 12.99),
       ('bob.com', :'bob', 'active', now(), now() + interval '1 year', 12.99);
select tests.act_as(:'alice');
select results_eq('select domain from public.registered_domains', array['alice.com'], 'alice reads her domain, not bob''s');
select results_eq('select distinct domain from public.free_domain_years', array['alice.com'], 'and her domain-years only');
select throws_ok(format($$ insert into public.registered_domains (domain, owner_id, status, registered_at, expires_at)
                          values ('free.com', %L, 'active', now(), now() + interval '10 years') $$, :'alice'), '42501', null,
  'she cannot write herself a domain');
select throws_ok($$ update public.registered_domains set expires_at = now() + interval '10 years' $$, '42501', null, 'nor extend one');
select throws_ok('delete from public.free_domain_years', '42501', null, 'nor give a plan year back to use it twice');
select throws_ok(format($$ select public.claim_free_domain_year(%L, 'x.com', 'registration', now() - interval '5 years') $$, :'alice'),
  '42501', null, 'nor claim a plan year herself, at a time of her choosing');
select throws_ok(format($$ select public.plan_year_start(%L, now()) $$, :'bob'), '42501', null,
  'nor ask when someone''s plan started');
select throws_ok(format($$ select public.next_unclaimed_plan_year(%L, now()) $$, :'bob'), '42501', null, 'or what they have claimed');
select tests.act_as(:'bob');
select is_empty($$ select * from public.registered_domains where domain = 'alice.com' $$, 'bob reads none of alice''s');
select tests.act_as_anon();
select throws_ok('select public.free_domain_allowance()', '42501', null, 'a visitor has no allowance to ask about');
select throws_ok('select * from public.registered_domains', '42501', null, 'nor any domain to read');

-- ─── the second factor, once there is one ──────────────────────────────────────────────────────
select tests.act_as_owner();
select tests.add_factor(:'alice');
select tests.act_as_at(:'alice', 'aal1');
select is_empty('select * from public.registered_domains', 'with a verified factor and the password alone: no domain read');
select is_empty('select * from public.free_domain_years', 'no domain-year');
select tests.act_as_at(:'alice', 'aal2');
select results_eq('select domain from public.registered_domains', array['alice.com'], 'after the code: hers again');

select * from finish();
rollback;
