-- A payment that came after its order ended is refunded in full, and Razorpay may answer that refund
-- `pending`: it is under way until the account's webhook says refund.processed (given back, once; a
-- replay changes nothing) or refund.failed (owed again: the next delivery of the payment refunds it
-- again). Only the order's own account and the whole payment settle it; an event before the
-- function's own answer ends the same (20261206030000_late_payment_refunds_pending.sql). One still
-- owed is handed to the sweep to refund again (20261206040000_late_payment_refund_retries.sql).
begin;
select plan(38);

select tests.create_user('owner') as owner \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'shop', 'ada-bakes', true);
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
select id, :'owner', 'ada-bakes', 'generator', 1, $${"sections": [{"kind": "products", "items": [
  {"id": "cake", "title": "Cake", "sale": {"price": 45000, "stock": 3, "options": []}}]}]}$$, false, false, false
  from public.portfolios where slug = 'ada-bakes';

-- An order of a cake on acc_SellerAccount1 that expired unpaid.
create function pg_temp.expired(razorpay_order text) returns uuid
language plpgsql as $$
declare
  made uuid;
begin
  select order_id into made from public.reserve_shop_order(
    (select id from public.portfolios where slug = 'ada-bakes'), 'ada-bakes', 1,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}',
    '[{"item": "cake", "option": "", "name": "Cake", "quantity": 1, "unitAmount": 45000}]', 'pickup', null, 'INR', 0);
  update public.shop_orders set razorpay_order_id = razorpay_order, razorpay_account_id = 'acc_SellerAccount1',
         expires_at = now() - interval '1 second' where id = made;
  perform public.expire_shop_orders();
  return made;
end;
$$;
create function pg_temp.paid(razorpay_order text, payment text) returns text
language sql as $$ select outcome from public.record_shop_order_payment(razorpay_order, 'acc_SellerAccount1', payment, 45000, 'INR') $$;
create function pg_temp.event(payment text, refund text, outcome text, account text default 'acc_SellerAccount1', amount integer default 45000)
returns text language sql as $$ select result from public.shop_order_refund_event(account, refund, payment, amount, '', outcome) $$;
create function pg_temp.owed(payment text) returns table (refund_id text, refund_status text, refunded boolean)
language sql as $$
  select r.refund_id, r.refund_status, r.refunded_at is not null from public.shop_order_returned_payments r where r.payment_id = payment
$$;

select tests.act_as(:'owner');
select throws_ok($$ select public.shop_order_payment_refund_at_razorpay('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA') $$, '42501', null,
  'the owner cannot say a refund is under way');
select tests.act_as_service();

-- ─── pending, then processed ───────────────────────────────────────────────────────────────
select pg_temp.expired('order_AAAAAAAAAAAAAA') as first \gset
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA'), 'refund', 'a payment after the order expired is owed back');
select is(public.shop_order_payment_refund_at_razorpay('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA'), true, 'Razorpay answered pending');
select results_eq($$ select * from pg_temp.owed('pay_AAAAAAAAAAAAAA') $$, $$ values ('rfnd_AAAAAAAAAAAAAA'::text, 'pending'::text, false) $$,
  'under way at Razorpay with its id, not given back yet');
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA'), 'refund_underway', 'the event again refunds nothing more meanwhile');
select is(pg_temp.event('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA', 'processed', 'acc_OtherAccount01'), 'foreign',
  'another account''s event changes nothing');
select is(pg_temp.event('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA', 'processed', 'acc_SellerAccount1', 100), 'mismatch',
  'nor does a refund of part of it');
select is(pg_temp.event('pay_AAAAAAAAAAAAAA', 'rfnd_BBBBBBBBBBBBBB', 'processed'), 'mismatch', 'nor another refund of the payment');
select is(pg_temp.event('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA', 'processed'), 'processed', 'refund.processed settles it');
select results_eq($$ select * from pg_temp.owed('pay_AAAAAAAAAAAAAA') $$, $$ values ('rfnd_AAAAAAAAAAAAAA'::text, 'processed'::text, true) $$,
  'given back');
select is(pg_temp.event('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA', 'processed'), 'already', 'a replay changes nothing');
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA'), 'already_refunded', 'nor does the payment''s event again');
select results_eq(format('select status, refunded_amount from public.shop_orders where id = %L', :'first'),
  $$ values ('expired'::text, 0) $$, 'the order stays expired: the payment was never its');

-- ─── pending, then failed: owed again ─────────────────────────────────────────────────────────
select pg_temp.expired('order_CCCCCCCCCCCCCC') as second \gset
select is(pg_temp.paid('order_CCCCCCCCCCCCCC', 'pay_CCCCCCCCCCCCCC'), 'refund', 'another late payment');
-- The webhook comes before the function stored Razorpay's `pending`: found by its payment all the same.
select is(pg_temp.event('pay_CCCCCCCCCCCCCC', 'rfnd_CCCCCCCCCCCCCC', 'failed'), 'failed', 'refund.failed before the answer');
select is(public.shop_order_payment_refund_at_razorpay('pay_CCCCCCCCCCCCCC', 'rfnd_CCCCCCCCCCCCCC'), false,
  'the answer after it changes nothing');
select is(pg_temp.paid('order_CCCCCCCCCCCCCC', 'pay_CCCCCCCCCCCCCC'), 'refund', 'owed again: the next delivery refunds it again');
select is(public.shop_order_payment_refunded('pay_CCCCCCCCCCCCCC', 'rfnd_DDDDDDDDDDDDDD'), true, 'made at once this time');
select results_eq($$ select * from pg_temp.owed('pay_CCCCCCCCCCCCCC') $$, $$ values ('rfnd_DDDDDDDDDDDDDD'::text, 'processed'::text, true) $$,
  'given back with the second refund; the failed one''s replay is not this one''s');

-- ─── retried by the sweep (20261206040000_late_payment_refund_retries.sql) ─────────────────────
-- owed_refunds_to_retry hands each payment whose refund was not made, or failed at Razorpay, to one
-- caller: not while a delivery of its event is refunding it, nor twice within 15 minutes, nor while
-- its seller is not connected with the account it was paid on. One under way or made is never retried.
create function pg_temp.retried() returns setof text
language sql as $$ select payment_id || ' as ' || owner_id from public.owed_refunds_to_retry() $$;
-- Time passing, inside this one transaction (now() stands still in it).
create function pg_temp.later(minutes integer) returns void
language sql as $$
  update public.shop_order_returned_payments set refund_retried_at = refund_retried_at - make_interval(mins => minutes),
         refund_claimed_at = refund_claimed_at - make_interval(mins => minutes)
$$;

select tests.act_as(:'owner');
select throws_ok('select * from public.owed_refunds_to_retry()', '42501', null, 'the owner cannot take on a refund');
select tests.act_as_service();

select pg_temp.expired('order_EEEEEEEEEEEEEE') as third \gset
select is(pg_temp.paid('order_EEEEEEEEEEEEEE', 'pay_EEEEEEEEEEEEEE'), 'refund', 'a third late payment');
select is_empty('select pg_temp.retried()', 'not retried while the event''s own call is refunding it');
select public.shop_order_payment_refunded('pay_EEEEEEEEEEEEEE');
select is_empty('select pg_temp.retried()', 'nor, let go, while the seller is not connected');

insert into public.seller_accounts (owner_id, razorpay_account_id, public_token, access_token_enc, refresh_token_enc, expires_at, mode)
values (:'owner', 'acc_OtherAccount01', 'rzp_test_oauth_Ada', 'v1.aXY.YQ', 'v1.aXY.cg', now() + interval '90 days', 'test');
select is_empty('select pg_temp.retried()', 'nor while they are connected with another account than the payment''s');
update public.seller_accounts set razorpay_account_id = 'acc_SellerAccount1' where owner_id = :'owner';

select results_eq('select pg_temp.retried()', format($$ values ('pay_EEEEEEEEEEEEEE as %s') $$, :'owner'),
  'connected again: the next sweep takes it on, as its owner (the ones given back are not)');
select is_empty('select pg_temp.retried()', 'once: a second caller gets nothing');
select is(pg_temp.paid('order_EEEEEEEEEEEEEE', 'pay_EEEEEEEEEEEEEE'), 'refund_underway', 'and the event arriving meanwhile refunds nothing');

select public.shop_order_payment_refunded('pay_EEEEEEEEEEEEEE');
select pg_temp.later(14);
select is_empty('select pg_temp.retried()', 'not made again: not retried within 15 minutes');
select pg_temp.later(1);
select is(pg_temp.retried(), format('pay_EEEEEEEEEEEEEE as %s', :'owner'), 'retried after 15 minutes');

select public.shop_order_payment_refund_at_razorpay('pay_EEEEEEEEEEEEEE', 'rfnd_EEEEEEEEEEEEEE');
select pg_temp.later(60);
select is_empty('select pg_temp.retried()', 'a refund under way at Razorpay is not retried');
select pg_temp.event('pay_EEEEEEEEEEEEEE', 'rfnd_EEEEEEEEEEEEEE', 'failed');
select is(pg_temp.retried(), format('pay_EEEEEEEEEEEEEE as %s', :'owner'), 'one Razorpay could not make is retried');

select is(public.shop_order_payment_refunded('pay_EEEEEEEEEEEEEE', 'rfnd_FFFFFFFFFFFFFF'), true, 'the retry made it');
select is(public.shop_order_payment_refunded('pay_EEEEEEEEEEEEEE', 'rfnd_FFFFFFFFFFFFFF'), false,
  'recorded once: a second call (its buyer is mailed by the first) is told no');
select pg_temp.later(60);
select is_empty('select pg_temp.retried()', 'one given back is never retried');

-- ─── the owner reads them on the order (20261206050000_owners_see_late_payments.sql) ───────────
select tests.create_user('other') as other \gset
select tests.act_as(:'owner');
select results_eq($$ select o.razorpay_order_id, l.amount, l.refund_status, l.refunded_at is not null
                       from public.my_late_payments() l join public.shop_orders o on o.id = l.order_id order by 1 $$,
  $$ values ('order_AAAAAAAAAAAAAA'::text, 45000, 'processed'::text, true), ('order_CCCCCCCCCCCCCC', 45000, 'processed', true),
            ('order_EEEEEEEEEEEEEE', 45000, 'processed', true) $$,
  'the owner reads the late payments of her orders and where their refunds stand');
select tests.act_as_owner();
select tests.add_factor(:'owner');
select tests.act_as_at(:'owner', 'aal1');
select is_empty('select * from public.my_late_payments()',
  'with two-factor sign-in on, the password alone reads none of them, as it reads none of the orders');
select tests.act_as(:'other');
select is_empty('select * from public.my_late_payments()', 'another owner reads none of them');
select tests.act_as_anon();
select throws_ok('select * from public.my_late_payments()', '42501', null, 'nor does a visitor');
select tests.act_as_service();

select * from finish();
rollback;
