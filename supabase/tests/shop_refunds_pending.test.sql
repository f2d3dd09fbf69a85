-- A refund Razorpay answers `pending` is under way, not made: it keeps Razorpay's id, no other refund
-- of the order is claimed meanwhile, and the stock stays sold. The webhook's refund.processed settles it
-- once (the order's refunded amount and status, the stock back), refund.failed reopens it (its
-- quantities refundable again); a replay, another account's event or another payment's changes
-- nothing, and an event before the function's own answer ends the same.
begin;
select plan(27);

select tests.create_user('owner') as owner \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'shop', 'ada-bakes', true);
select id as page from public.portfolios where slug = 'ada-bakes' \gset
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'page', :'owner', 'ada-bakes', 'generator', 1, $${"sections": [{"kind": "products", "items": [
  {"id": "cake", "title": "Cake", "sale": {"price": 45000, "stock": 3, "options": []}},
  {"id": "bread", "title": "Bread", "sale": {"price": 9000, "stock": null, "options": []}}]}]}$$, false, false, false);

-- A paid order of two cakes and a bread, shipped for 50.00, on the seller's account acc_SellerAccount1.
create function pg_temp.paid_order(razorpay_order text, payment text) returns uuid
language plpgsql as $$
declare
  made uuid;
begin
  select order_id into made from public.reserve_shop_order(
    (select id from public.portfolios where slug = 'ada-bakes'), 'ada-bakes', 1,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}',
    '[{"item": "cake", "option": "", "name": "Cake", "quantity": 2, "unitAmount": 45000},
      {"item": "bread", "option": "", "name": "Bread", "quantity": 1, "unitAmount": 9000}]',
    'ship', '{"line1": "1 MG Road", "city": "Pune", "postalCode": "411001", "country": "IN"}', 'INR', 5000);
  update public.shop_orders set razorpay_order_id = razorpay_order, razorpay_account_id = 'acc_SellerAccount1' where id = made;
  perform public.record_shop_order_payment(razorpay_order, 'acc_SellerAccount1', payment, 104000, 'INR');
  return made;
end;
$$;
create function pg_temp.claim(shop_order uuid, request_key text, lines text)
returns uuid
language sql as $$
  select refund_id from public.claim_shop_order_refund(shop_order, (select owner_id from public.shop_orders where id = shop_order),
    request_key, lines::jsonb, false)
$$;
create function pg_temp.cakes_held() returns integer
language sql as $$ select coalesce((select held from public.shop_stock where item_id = 'cake'), 0) $$;
create function pg_temp.event(razorpay_refund text, payment text, amount integer, shop_refund uuid, outcome text,
  account text default 'acc_SellerAccount1') returns text
language sql as $$
  select result from public.shop_order_refund_event(account, razorpay_refund, payment, amount, shop_refund::text, outcome)
$$;

select tests.act_as(:'owner');
select throws_ok(format($$ select public.shop_order_refund_event('acc_SellerAccount1', 'rfnd_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 45000, %L, 'processed') $$,
  gen_random_uuid()), '42501', null, 'the owner cannot settle a refund past the webhook');
select throws_ok(format($$ select public.shop_order_refund_at_razorpay(%L, 'rfnd_AAAAAAAAAAAAAA') $$, gen_random_uuid()), '42501', null,
  'nor mark one under way');

select tests.act_as_service();
select pg_temp.paid_order('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA') as paid \gset
select pg_temp.cakes_held() as held_before \gset

-- ─── pending, then processed by the webhook ────────────────────────────────────────────────
select pg_temp.claim(:'paid', 'press-000001', '[{"line": 1, "quantity": 1}]') as first \gset
select is(public.shop_order_refund_at_razorpay(:'first', 'rfnd_AAAAAAAAAAAAAA'), true, 'Razorpay''s pending answer is recorded');
select results_eq(format($$ select status, razorpay_refund_id from public.shop_order_refunds where id = %L $$, :'first'),
  $$ values ('pending'::text, 'rfnd_AAAAAAAAAAAAAA'::text) $$, 'the refund keeps Razorpay''s id and stays under way');
select results_eq(format($$ select status, refunded_amount from public.shop_orders where id = %L $$, :'paid'),
  $$ values ('paid'::text, 0) $$, 'the order is not refunded yet');
select is(pg_temp.cakes_held(), :held_before, 'the cake is not back in stock while the money is not back');
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000002', '[{"line": 1, "quantity": 1}]') $$, :'paid'), 'SR409',
  'Another refund of this order is under way', 'no second refund meanwhile');
select is(public.shop_order_refund_settled(:'first'), false,
  'a later press that cannot reach Razorpay does not fail a refund Razorpay has taken');
select is(public.shop_order_refund_settled(:'first', 'rfnd_ZZZZZZZZZZZZZZ'), false, 'nor does another refund id settle it');

select is(pg_temp.event('rfnd_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 45000, null, 'processed', 'acc_SomeoneElse01'), 'foreign',
  'another account''s event is foreign');
select is(pg_temp.event('rfnd_AAAAAAAAAAAAAA', 'pay_BBBBBBBBBBBBBB', 45000, null, 'processed'), 'mismatch', 'another payment''s is refused');
select is(pg_temp.event('rfnd_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 90000, null, 'processed'), 'mismatch', 'so is another amount');
select is(pg_temp.event('rfnd_ZZZZZZZZZZZZZZ', 'pay_AAAAAAAAAAAAAA', 45000, null, 'processed'), 'unknown',
  'a refund no order made is not a shop refund');
select is((select status from public.shop_order_refunds where id = :'first'), 'pending', 'none of them changed the refund');

select is(pg_temp.event('rfnd_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 45000, null, 'processed'), 'processed',
  'refund.processed settles it');
select results_eq(format($$ select status, refunded_amount from public.shop_orders where id = %L $$, :'paid'),
  $$ values ('partially_refunded'::text, 45000) $$, 'the order is refunded in part');
select is(pg_temp.cakes_held(), :held_before - 1, 'and the cake is back in stock');
select is(pg_temp.event('rfnd_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA', 45000, null, 'processed'), 'already', 'a replay changes nothing');
select is(public.shop_order_refund_settled(:'first', 'rfnd_AAAAAAAAAAAAAA'), false, 'nor does the function''s answer coming after');
select is(pg_temp.cakes_held(), :held_before - 1, 'the stock came back once');

-- ─── pending, then failed ──────────────────────────────────────────────────────────────────
select pg_temp.claim(:'paid', 'press-000003', '[{"line": 2, "quantity": 1}]') as second \gset
select public.shop_order_refund_at_razorpay(:'second', 'rfnd_BBBBBBBBBBBBBB');
select is(pg_temp.event('rfnd_BBBBBBBBBBBBBB', 'pay_AAAAAAAAAAAAAA', 9000, null, 'failed'), 'failed', 'refund.failed reopens it');
select results_eq(format($$ select r.status, r.razorpay_refund_id, i.refunded_quantity from public.shop_order_refunds r
    join public.shop_order_items i on i.order_id = r.order_id and i.line = 2 where r.id = %L $$, :'second'),
  $$ values ('failed'::text, 'rfnd_BBBBBBBBBBBBBB'::text, 0) $$, 'failed at Razorpay, and the bread is refundable again');
select is(pg_temp.event('rfnd_BBBBBBBBBBBBBB', 'pay_AAAAAAAAAAAAAA', 9000, null, 'processed'), 'already',
  'a late event after it changes nothing');
select is((select refunded_amount from public.shop_orders where id = :'paid'), 45000, 'the order''s refunded amount is as it was');

-- ─── the webhook before the function's own answer ───────────────────────────────────────────
select pg_temp.claim(:'paid', 'press-000004', '[{"line": 2, "quantity": 1}]') as third \gset
select is(pg_temp.event('rfnd_CCCCCCCCCCCCCC', 'pay_AAAAAAAAAAAAAA', 9000, :'third', 'processed'), 'processed',
  'an event naming the refund in its notes settles it before the function''s answer is stored');
select is(public.shop_order_refund_at_razorpay(:'third', 'rfnd_CCCCCCCCCCCCCC'), false, 'the answer coming after changes nothing');
select results_eq(format($$ select r.status, r.razorpay_refund_id, o.refunded_amount from public.shop_order_refunds r
    join public.shop_orders o on o.id = r.order_id where r.id = %L $$, :'third'),
  $$ values ('processed'::text, 'rfnd_CCCCCCCCCCCCCC'::text, 54000) $$, 'it ends as if the answer had come first');

select * from finish();
rollback;
