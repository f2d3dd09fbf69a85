-- The owner runs the shop: refunds are priced from the order's own rows (claim_shop_order_refund,
-- service role only), never exceed what was paid, are one refund for one request key (a second
-- press), and once processed give the stock back; a failed one frees its quantities. An owner reads
-- only their own orders, items, refunds and sign-ups; a second user reads nothing and changes nothing.
begin;
select plan(37);

select policies_are('public', 'shop_order_refunds',
  array['shop order refunds: the owner reads their orders'' refunds', 'shop order refunds: a second factor first']);

select tests.create_user('owner') as owner \gset
select tests.create_user('attacker') as attacker \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'shop', 'ada-bakes', true);
select id as page from public.portfolios where slug = 'ada-bakes' \gset
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'page', :'owner', 'ada-bakes', 'generator', 1, $${"sections": [{"kind": "products", "items": [
  {"id": "cake", "title": "Cake", "sale": {"price": 45000, "stock": 3, "options": []}},
  {"id": "bread", "title": "Bread", "sale": {"price": 9000, "stock": null, "options": []}}]}]}$$, false, false, false);
insert into public.subscribers (portfolio_id, email, name, confirmed_at) values (:'page', 'sign@example.com', 'नेहा 🌸', now());

-- A paid order of two cakes and a bread, shipped for 50.00, as the orders function and the webhook leave it.
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
create function pg_temp.claim(shop_order uuid, request_key text, lines text default null, with_shipping boolean default false)
returns table (refund_id uuid, amount integer, status text, fresh boolean)
language sql as $$
  select * from public.claim_shop_order_refund(shop_order, (select owner_id from public.shop_orders where id = shop_order),
    request_key, lines::jsonb, with_shipping)
$$;
create function pg_temp.cakes_held() returns integer
language sql as $$ select coalesce((select held from public.shop_stock where item_id = 'cake'), 0) $$;

select tests.act_as_service();
select pg_temp.paid_order('order_AAAAAAAAAAAAAA', 'pay_AAAAAAAAAAAAAA') as paid \gset
select is((select status from public.shop_orders where id = :'paid'), 'paid', 'the order is paid');

-- ─── who may call it ───────────────────────────────────────────────────────────────────────
select tests.act_as(:'owner');
select throws_ok(format($$ select public.claim_shop_order_refund(%L, %L, 'press-000001') $$, :'paid', :'owner'), '42501', null,
  'the owner cannot refund past the function (it checks her connection and asks Razorpay)');
select throws_ok(format($$ select public.shop_order_refund_settled(%L, 'rfnd_AAAAAAAAAAAAAA') $$, gen_random_uuid()), '42501', null,
  'nor settle a refund');
select tests.act_as_anon();
select throws_ok(format($$ select public.claim_shop_order_refund(%L, %L, 'press-000001') $$, :'paid', :'owner'), '42501', null,
  'nor can a visitor');

-- ─── claiming ──────────────────────────────────────────────────────────────────────────────
select tests.act_as_service();
select throws_ok(format($$ select public.claim_shop_order_refund(%L, %L, 'press-000001') $$, :'paid', :'attacker'), 'P0002',
  'There is no such order', 'another user''s id does not reach the order');
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000001', '[{"line": 1, "quantity": 3}]') $$, :'paid'), 'SR422', null,
  'three of a line of two are refused');
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000001', '[{"line": 9, "quantity": 1}]') $$, :'paid'), 'SR422', null,
  'so is a line the order does not have');
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000001', '[{"line": 1, "quantity": 1}, {"line": 1, "quantity": 1}]') $$, :'paid'),
  'SR422', null, 'and the same line twice');

select results_eq(format($$ select amount, status, fresh from pg_temp.claim(%L, 'press-000001', '[{"line": 1, "quantity": 1}]') $$, :'paid'),
  $$ values (45000, 'pending'::text, true) $$, 'one cake is priced from the order''s line, not from anything sent');
select id as first from public.shop_order_refunds where request_key = 'press-000001' \gset
select results_eq(format($$ select refund_id, amount, fresh from pg_temp.claim(%L, 'press-000001', '[{"line": 1, "quantity": 1}]') $$, :'paid'),
  format($$ values (%L::uuid, 45000, false) $$, :'first'), 'the same press again is the same refund');
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000002', '[{"line": 2, "quantity": 1}]') $$, :'paid'), 'SR409',
  'Another refund of this order is under way', 'a second refund waits for the first');
select is((select count(*)::int from public.shop_order_refunds), 1, 'one refund is recorded');

-- ─── settling ──────────────────────────────────────────────────────────────────────────────
select is(pg_temp.cakes_held(), 2, 'before Razorpay answers, both cakes are still sold');
select is(public.shop_order_refund_settled(:'first', 'rfnd_AAAAAAAAAAAAAA'), true, 'Razorpay''s refund settles it');
select is(public.shop_order_refund_settled(:'first', 'rfnd_BBBBBBBBBBBBBB'), false, 'once');
select results_eq(format('select status, refunded_amount from public.shop_orders where id = %L', :'paid'),
  $$ values ('partially_refunded'::text, 45000) $$, 'the order is partly refunded');
select is(pg_temp.cakes_held(), 1, 'and the refunded cake is back in stock');

select pg_temp.claim(:'paid', 'press-000003', '[{"line": 2, "quantity": 1}]');
select id as failed from public.shop_order_refunds where request_key = 'press-000003' \gset
select is(public.shop_order_refund_settled(:'failed'), true, 'a refund Razorpay refused is settled as failed');
select results_eq(format('select refunded_quantity from public.shop_order_items where order_id = %L order by line', :'paid'),
  $$ values (1), (0) $$, 'and frees its bread to refund again');

select results_eq(format($$ select amount from pg_temp.claim(%L, 'press-000004') $$, :'paid'),
  $$ values (45000 + 9000 + 5000) $$, 'the rest in full: the other cake, the bread and the shipping');
select id as rest from public.shop_order_refunds where request_key = 'press-000004' \gset
select public.shop_order_refund_settled(:'rest', 'rfnd_CCCCCCCCCCCCCC');
select results_eq(format('select status, refunded_amount, total_amount from public.shop_orders where id = %L', :'paid'),
  $$ values ('refunded'::text, 104000, 104000) $$, 'refunded as much as was paid, and no more');
select is(pg_temp.cakes_held(), 0, 'both cakes back');
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000005') $$, :'paid'), 'SR409', 'Only a paid order can be refunded',
  'nothing more can be refunded');
select throws_ok($$ update public.shop_orders set refunded_amount = total_amount + 1 $$, '23514', null,
  'and no row may say more was refunded than paid');

select pg_temp.paid_order('order_BBBBBBBBBBBBBB', 'pay_BBBBBBBBBBBBBB') as second \gset
select throws_ok(format($$ select pg_temp.claim(%L, 'press-000006', '[]') $$, :'second'), 'SR422', 'Nothing is left to refund',
  'an empty choice refunds nothing');
select throws_ok(format($$ update public.shop_orders set fulfilment = 'ready_for_pickup', fulfilled_at = now() where id = %L $$, :'second'),
  '23514', null, 'a shipped order cannot be marked ready for pickup');

-- ─── who reads it ──────────────────────────────────────────────────────────────────────────
select tests.act_as(:'owner');
select is((select count(*)::int from public.shop_orders), 2, 'the owner reads her orders');
select is((select count(*)::int from public.shop_order_refunds), 3, 'and their refunds');
select is((select count(*)::int from public.subscribers), 1, 'and who signed up on her page');

select tests.act_as(:'attacker');
select is_empty('select id from public.shop_orders', 'the attacker reads no order');
select is_empty('select order_id from public.shop_order_items', 'no item');
select is_empty('select id from public.shop_order_refunds', 'no refund');
select is_empty('select id from public.subscribers', 'and no customer who signed up');
select throws_ok(format($$ update public.shop_orders set fulfilment = 'shipped', fulfilled_at = now() where id = %L $$, :'second'),
  '42501', null, 'he cannot mark an order shipped');
select throws_ok(format($$ insert into public.shop_order_refunds (order_id, request_key, amount, lines) values (%L, 'press-000009', 100, '[]') $$,
  :'second'), '42501', null, 'nor record a refund');

select tests.act_as_service();
select is((select fulfilment from public.shop_orders where id = :'second'), null, 'the order is as it was');

select * from finish();
rollback;
