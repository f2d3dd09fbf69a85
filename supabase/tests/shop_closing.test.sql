-- Closing a shop: close_shop (service role only) cancels the owner's pending orders, of one page or all,
-- and gives their stock back, once; paid orders stay paid; a payment arriving later for a cancelled order
-- is owed back. shops_past_their_plan names the owners whose plan lapsed with orders still pending.
begin;
select plan(16);

select tests.create_user('owner') as owner \gset
select tests.create_user('other') as other \gset
insert into public.portfolios (owner_id, template_id, title, slug, published)
values (:'owner', 'generator', 'shop', 'ada-bakes', true), (:'owner', 'generator', 'shop 2', 'ada-cakes', true),
       (:'other', 'generator', 'shop 3', 'bo-bakes', true);
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
select p.id, p.owner_id, p.slug, 'generator', 1, $${"sections": [{"kind": "products", "items": [
  {"id": "cake", "title": "Cake", "sale": {"price": 45000, "stock": 5, "options": []}}]}]}$$, false, false, false
  from public.portfolios p where p.slug in ('ada-bakes', 'ada-cakes', 'bo-bakes');

-- An order of `cakes` cakes on page `slug`, on the seller's account, as the orders function leaves it.
create function pg_temp.ordered(slug text, cakes integer, razorpay_order text) returns uuid
language plpgsql as $$
declare
  made uuid;
begin
  select order_id into made from public.reserve_shop_order(
    (select id from public.portfolios p where p.slug = ordered.slug), slug, 1,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}',
    jsonb_build_array(jsonb_build_object('item', 'cake', 'option', '', 'name', 'Cake', 'quantity', cakes, 'unitAmount', 45000)),
    'pickup', null, 'INR', 0);
  update public.shop_orders set razorpay_order_id = razorpay_order, razorpay_account_id = 'acc_SellerAccount1' where id = made;
  return made;
end;
$$;
create function pg_temp.held(slug text) returns integer
language sql as $$
  select coalesce((select s.held from public.shop_stock s join public.portfolios p on p.id = s.portfolio_id
                    where p.slug = held.slug and s.item_id = 'cake'), 0)
$$;
create function pg_temp.status(id uuid) returns text
language sql as $$ select status from public.shop_orders where shop_orders.id = status.id $$;

select tests.act_as_service();
select pg_temp.ordered('ada-bakes', 2, 'order_AAAAAAAAAAAAAA') as pending_one \gset
select pg_temp.ordered('ada-bakes', 1, 'order_BBBBBBBBBBBBBB') as paid_one \gset
select pg_temp.ordered('ada-cakes', 3, 'order_CCCCCCCCCCCCCC') as other_page \gset
select pg_temp.ordered('bo-bakes', 1, 'order_DDDDDDDDDDDDDD') as others_order \gset
select outcome from public.record_shop_order_payment('order_BBBBBBBBBBBBBB', 'acc_SellerAccount1', 'pay_BBBBBBBBBBBBBB', 45000, 'INR');

-- ─── who may call it ───────────────────────────────────────────────────────────────────────
select tests.act_as(:'owner');
select throws_ok(format('select public.close_shop(%L)', :'other'), '42501', null, 'an owner cannot close another owner''s shop');
select throws_ok('select * from public.shops_past_their_plan()', '42501', null, 'nor list whose plan lapsed');
select tests.act_as_anon();
select throws_ok(format('select public.close_shop(%L)', :'owner'), '42501', null, 'nor can a visitor');

-- ─── one page ──────────────────────────────────────────────────────────────────────────────
select tests.act_as_service();
select is(public.close_shop(:'owner', (select id from public.portfolios where slug = 'ada-bakes')), 1,
  'unpublishing one page cancels its one pending order');
select is(pg_temp.status(:'pending_one'), 'cancelled', 'cancelled');
select is(pg_temp.status(:'paid_one'), 'paid', 'the paid order stays paid');
select is(pg_temp.held('ada-bakes'), 1, 'the cancelled order''s 2 cakes are back; the paid one''s stays sold');
select is(pg_temp.status(:'other_page'), 'pending', 'the owner''s other page still sells');
select is(public.close_shop(:'owner', (select id from public.portfolios where slug = 'ada-bakes')), 0,
  'closing it again cancels nothing');
select is(pg_temp.held('ada-bakes'), 1, 'and gives no stock back twice');

-- A payment arriving after it closed is owed back, not taken.
select is((select outcome from public.record_shop_order_payment('order_AAAAAAAAAAAAAA', 'acc_SellerAccount1', 'pay_AAAAAAAAAAAAAA', 90000, 'INR')),
  'refund', 'a late payment for a cancelled order is handed to the refund');
select results_eq($$ select order_status from public.shop_order_returned_payments where payment_id = 'pay_AAAAAAAAAAAAAA' $$,
  $$ values ('cancelled'::text) $$, 'kept as owed back, for the cancelled order');

-- ─── the whole shop, and a plan that lapsed ───────────────────────────────────────────────
select is_empty('select * from public.shops_past_their_plan()', 'owners who never held a plan are not taken for lapsed');
select tests.grant_plan(:'other', 'basic', interval '-1 day');
select tests.grant_plan(:'owner', 'basic');
select results_eq('select owner_id from public.shops_past_their_plan()', format('values (%L::uuid)', :'other'),
  'the owner whose plan ended with an order pending is; the one holding a plan is not');
select is(public.close_shop(:'owner'), 1, 'deleting the account closes every page of the owner');
select results_eq(format('select %L::uuid = owner_id, status from public.shop_orders where status <> %L order by 1 desc, 2', :'owner', 'paid'),
  $$ values (true, 'cancelled'::text), (true, 'cancelled'::text), (false, 'pending'::text) $$,
  'both of the owner''s pending orders are cancelled; the other owner''s is untouched');

select * from finish();
rollback;
