-- subscriptions and subscription_charges: mirrored from Razorpay by the payment functions (service
-- role) and read by their owner alone, with the second factor once the owner has one; what a
-- subscription grants (plans_held, active_plan, plan_paid_through, current_plan_paid_through, the
-- entitlements view) through each of Razorpay's states; and billing_history, the owner's receipts.
begin;
select plan(36);

select policies_are('public', 'subscriptions', array['subscriptions: owner reads', 'subscriptions: a second factor first']);
select policies_are('public', 'subscription_charges', array[
  'subscription charges: owner reads', 'subscription charges: a second factor first']);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.grant_subscription(:'alice', 'pro') as alices_sub \gset
select tests.grant_subscription(:'bob', 'basic') as bobs_sub \gset
insert into public.subscription_charges (subscription_id, user_id, plan_id, razorpay_payment_id, amount, currency, period_start, period_end, paid_at)
values (:'alices_sub', :'alice', 'pro', 'pay_alice0000001', 1999, 'USD', now() - interval '5 days', now() + interval '25 days', now() - interval '5 days'),
       (:'bobs_sub', :'bob', 'basic', 'pay_bob000000001', 999, 'USD', now() - interval '5 days', now() + interval '25 days', now() - interval '5 days');
-- An order paid and one opened and never paid.
insert into public.purchases (user_id, item_type, item_id, amount, order_id, status, paid_at, payment_id)
values (:'alice', 'template', '2', 15000, 'order_paid_alice', 'paid', now() - interval '1 day', 'pay_tpl_alice001'),
       (:'alice', 'template', '3', 80000, 'order_open_alice', 'created', null, null);

-- ─── who reads and writes ─────────────────────────────────────────────────────────────────────
select tests.act_as(:'alice');
select results_eq('select plan_id from public.subscriptions', array['pro'], 'alice reads her subscription and no one else''s');
select results_eq('select razorpay_payment_id from public.subscription_charges', array['pay_alice0000001'],
  'and her charges only');
select throws_ok(format($$ insert into public.subscriptions (user_id, plan_id, razorpay_subscription_id, razorpay_plan_id, status, amount, currency, current_end)
                          values (%L, 'premium', 'sub_forged', 'plan_x', 'active', 1, 'USD', now() + interval '10 years') $$, :'alice'),
  '42501', null, 'a user cannot write herself a subscription');
select throws_ok($$ update public.subscriptions set current_end = now() + interval '10 years', status = 'active' $$, '42501', null,
  'nor extend or revive one');
select throws_ok('delete from public.subscriptions', '42501', null, 'nor remove one');
select throws_ok(format($$ insert into public.subscription_charges (subscription_id, user_id, plan_id, razorpay_payment_id, amount, currency, paid_at)
                          values (%L, %L, 'pro', 'pay_forged', 1, 'USD', now()) $$, :'alices_sub', :'alice'), '42501', null,
  'nor write herself a charge');
select throws_ok('delete from public.subscription_charges', '42501', null, 'nor remove her receipts');
select tests.act_as_anon();
select is_empty('select * from public.subscriptions', 'a visitor reads no subscription');
select is_empty('select * from public.subscription_charges', 'nor any charge');

-- ─── one subscription that goes on charging, per user ──────────────────────────────────────────
select tests.act_as_service();
select throws_ok(format($$ insert into public.subscriptions (user_id, plan_id, razorpay_subscription_id, razorpay_plan_id, status, amount, currency)
                          values (%L, 'basic', 'sub_second_active', 'plan_basic', 'active', 999, 'USD') $$, :'alice'), '23505', null,
  'a second renewing subscription for alice is refused (two tabs, a double click)');
select lives_ok(format($$ insert into public.subscriptions (user_id, plan_id, razorpay_subscription_id, razorpay_plan_id, status, amount, currency)
                          values (%L, 'basic', 'sub_opened_only', 'plan_basic', 'created', 999, 'USD') $$, :'alice'),
  'a checkout opened and not authorised is not one that charges');
select throws_ok(format($$ insert into public.subscription_charges (subscription_id, user_id, plan_id, razorpay_payment_id, amount, currency, paid_at)
                          values (%L, %L, 'pro', 'pay_alice0000001', 1999, 'USD', now()) $$, :'alices_sub', :'alice'), '23505', null,
  'a charge is recorded once, by its payment id');

-- ─── what a subscription grants, state by state ────────────────────────────────────────────────
select tests.act_as_owner();
select is(public.active_plan(:'alice'), 'pro', 'an active subscription holds its plan');
select tests.create_user('grace') as grace \gset
select tests.grant_subscription(:'grace', 'pro', 'active', now() - interval '3 days');
select is(public.active_plan(:'grace'), 'pro', 'a renewal due three days ago: the plan holds through the grace period');
select tests.create_user('gone') as gone \gset
select tests.grant_subscription(:'gone', 'pro', 'active', now() - interval '8 days');
select is(public.active_plan(:'gone'), null, 'past the grace period it lapses');
select tests.create_user('retry') as retry \gset
select tests.grant_subscription(:'retry', 'basic', 'pending', now() - interval '2 days');
select is(public.active_plan(:'retry'), 'basic', 'a failed renewal being retried (pending) keeps the plan in the grace period');
select tests.create_user('halted') as halted \gset
select tests.grant_subscription(:'halted', 'premium', 'halted', now() + interval '20 days');
select is(public.active_plan(:'halted'), null, 'halted after the retries failed: no plan, whatever the period said');
select tests.create_user('leaving') as leaving \gset
select tests.grant_subscription(:'leaving', 'premium', 'active', now() + interval '10 days', true);
select is(public.active_plan(:'leaving'), 'premium', 'cancelled at the period''s end: held to that end');
select tests.create_user('left') as left_user \gset
select tests.grant_subscription(:'left_user', 'premium', 'active', now() - interval '1 hour', true);
select is(public.active_plan(:'left_user'), null, 'and not a day more (no grace for a cancellation)');
select tests.create_user('stopped') as stopped \gset
select tests.grant_subscription(:'stopped', 'pro', 'cancelled', now() + interval '10 days', false, now() - interval '1 day');
select is(public.active_plan(:'stopped'), null, 'cancelled at once: it ends when it was ended');
select tests.create_user('both') as both_plans \gset
select tests.grant_plan(:'both_plans', 'basic');
select tests.grant_subscription(:'both_plans', 'premium', 'active', now() + interval '12 days');
select is(public.active_plan(:'both_plans'), 'premium', 'the best of a 30-day pass and a subscription');
select ok(public.plan_paid_through(:'both_plans') > now() + interval '29 days', 'paid through the later of their ends');

-- ─── the caller's own, and who may ask ─────────────────────────────────────────────────────────
select tests.act_as(:'alice');
select ok((select plan = 'pro' and plan_expires_at > now() + interval '24 days' from public.entitlements),
  'her entitlements show Pro, paid through the end of the period');
select ok(public.current_plan_paid_through() > now(), 'current_plan_paid_through answers for the caller');
select throws_ok(format('select public.plan_paid_through(%L)', :'bob'), '42501', null, 'nobody asks about someone else''s');
select throws_ok(format('select * from public.plans_held(%L)', :'bob'), '42501', null, 'nor lists their plans');
select tests.act_as_anon();
select throws_ok('select public.current_plan_paid_through()', '42501', null, 'a visitor has nothing to ask');

-- ─── billing history: what was paid, the owner's only ───────────────────────────────────────────
select tests.act_as(:'alice');
select results_eq($$ select kind || ':' || item_id || ':' || amount || ':' || currency from public.billing_history order by kind $$,
  array['order:2:15000:INR', 'subscription:pro:1999:USD'], 'her paid order and her charge, each in its currency; no unpaid order, nothing of bob''s');
select ok((select bool_and(receipt_number ~ '^FF-[0-9A-F]{10}$') from public.billing_history), 'each with a receipt number');

-- ─── the second factor, once there is one ──────────────────────────────────────────────────────
select tests.act_as_owner();
select tests.add_factor(:'alice');
select tests.act_as_at(:'alice', 'aal1');
select is_empty('select * from public.subscriptions', 'with a verified factor and the password alone: no subscription read');
select is_empty('select * from public.subscription_charges', 'no charge');
select is_empty($$ select * from public.billing_history $$, 'no billing history (neither orders nor charges)');
select tests.act_as_at(:'alice', 'aal2');
select results_eq($$ select plan_id from public.subscriptions where status = 'active' $$, array['pro'], 'after the code: hers again');
select is((select count(*)::int from public.billing_history), 2, 'and her history');

select * from finish();
rollback;
