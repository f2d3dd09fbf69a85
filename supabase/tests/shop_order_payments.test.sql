-- A shop order paid: record_shop_order_payment (service role only) pays a pending order once, on its own
-- Razorpay account and for its own amount; the same payment again changes nothing; a payment for an
-- order no longer pending is owed back, refunded once; paid orders keep their stock held, expired ones
-- give it back.
begin;
select plan(26);

select tests.create_user('owner') as owner \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'shop', 'ada-bakes', true);
select id as page from public.portfolios where slug = 'ada-bakes' \gset
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'page', :'owner', 'ada-bakes', 'generator', 1, $${"sections": [{"kind": "products", "items": [
  {"id": "cake", "title": "Cake", "sale": {"price": 45000, "stock": 3, "options": []}}]}]}$$, false, false, false);

-- An order of `cakes` cakes on the seller's account acc_SellerAccount1, as the orders function leaves it.
create function pg_temp.ordered(cakes integer, razorpay_order text) returns uuid
language plpgsql as $$
declare
  made uuid;
begin
  select order_id into made from public.reserve_shop_order(
    (select id from public.portfolios where slug = 'ada-bakes'), 'ada-bakes', 1,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}',
    jsonb_build_array(jsonb_build_object('item', 'cake', 'option', '', 'name', 'Cake', 'quantity', cakes, 'unitAmount', 45000)),
    'pickup', null, 'INR', 0);
  update public.shop_orders set razorpay_order_id = razorpay_order, razorpay_account_id = 'acc_SellerAccount1' where id = made;
  return made;
end;
$$;
create function pg_temp.paid(razorpay_order text, payment text, amount integer default 45000, account text default 'acc_SellerAccount1')
returns text language sql as $$
  select outcome from public.record_shop_order_payment(razorpay_order, account, payment, amount, 'INR')
$$;
create function pg_temp.held() returns integer
language sql as $$ select coalesce((select held from public.shop_stock where item_id = 'cake'), 0) $$;

-- ─── who may call it ───────────────────────────────────────────────────────────────────────
select tests.act_as_service();
select pg_temp.ordered(1, 'order_AAAAAAAAAAAAAA') as first \gset
select tests.act_as(:'owner');
select throws_ok($$ select pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA') $$, '42501', null,
  'the owner cannot mark her order paid past the function');
select throws_ok($$ select public.shop_order_payment_refunded('pay_AAAAAAAAAAAAAA', 'rfnd_AAAAAAAAAAAAAA') $$, '42501', null,
  'nor mark a payment refunded');
select tests.act_as_anon();
select throws_ok($$ select pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA') $$, '42501', null, 'nor can a visitor');

-- ─── paying ────────────────────────────────────────────────────────────────────────────────
select tests.act_as_service();
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 45000, 'acc_OtherAccount01'), 'foreign',
  'a payment on another Razorpay account is not this order''s');
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 100), 'mismatch', 'nor is one for another amount');
select is(pg_temp.paid('order_ZZZZZZZZZZZZZZ', 'pay_AAAAAAAAAAAAAA'), 'unknown', 'nor one for an order nobody here made');
select is((select status from public.shop_orders where id = :'first'), 'pending', 'none of them paid it');

select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA'), 'paid', 'its own payment pays it');
select results_eq(format('select status, razorpay_payment_id, paid_at is not null from public.shop_orders where id = %L', :'first'),
  $$ values ('paid'::text, 'pay_AAAAAAAAAAAAAA'::text, true) $$, 'paid by that payment, with the time');
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA'), 'already_paid', 'the same payment again changes nothing');
select is_empty('select * from public.shop_order_returned_payments', 'nor is it taken for a second payment to give back');
select is(pg_temp.paid('order_AAAAAAAAAAAAAA', 'pay_BBBBBBBBBBBBBB'), 'refund', 'a second payment of a paid order is owed back');
select is((select razorpay_payment_id from public.shop_orders where id = :'first'), 'pay_AAAAAAAAAAAAAA', 'and leaves the order as paid');

-- ─── stock ─────────────────────────────────────────────────────────────────────────────────
select pg_temp.ordered(2, 'order_CCCCCCCCCCCCCC') as late \gset
select is(pg_temp.held(), 3, 'a paid order and a pending one hold three cakes');
select tests.act_as_owner();
update public.shop_orders set expires_at = now() - interval '1 second';
select tests.act_as_service();
select is(public.expire_shop_orders(), 1, 'past its time, only the pending order expires');
select is(pg_temp.held(), 1, 'the paid order''s cake stays sold; the expired order''s two come back');

-- ─── a payment after the order ended ─────────────────────────────────────────────────────────
select is(pg_temp.paid('order_CCCCCCCCCCCCCC', 'pay_CCCCCCCCCCCCCC', 90000), 'refund', 'a payment for an expired order is owed back');
select results_eq(format('select status, razorpay_payment_id from public.shop_orders where id = %L', :'late'),
  $$ values ('expired'::text, null::text) $$, 'the order stays expired');
select is(pg_temp.held(), 1, 'and takes no stock');
select is(pg_temp.paid('order_CCCCCCCCCCCCCC', 'pay_CCCCCCCCCCCCCC', 90000), 'refund_underway', 'the event again meanwhile does not refund it twice');
select is(public.shop_order_payment_refunded('pay_CCCCCCCCCCCCCC'), true, 'a refund Razorpay did not make is let go');
select is(pg_temp.paid('order_CCCCCCCCCCCCCC', 'pay_CCCCCCCCCCCCCC', 90000), 'refund', 'so the event again asks for it');
select is(public.shop_order_payment_refunded('pay_CCCCCCCCCCCCCC', 'rfnd_CCCCCCCCCCCCCC'), true, 'the refund is recorded');
select is(public.shop_order_payment_refunded('pay_CCCCCCCCCCCCCC', 'rfnd_DDDDDDDDDDDDDD'), false, 'once');
select is(pg_temp.paid('order_CCCCCCCCCCCCCC', 'pay_CCCCCCCCCCCCCC', 90000), 'already_refunded', 'then the event changes nothing');
select is(public.shop_order_payment_refunded('pay_EEEEEEEEEEEEEE', 'rfnd_EEEEEEEEEEEEEE'), false,
  'a payment nobody owed is not marked refunded');

select * from finish();
rollback;
