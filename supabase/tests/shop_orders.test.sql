-- Orders from a published page: only the orders function writes them (reserve_shop_order, service
-- role), which holds no more stock than the published page offers and refuses an order whole; the
-- page's owner alone reads them; unpaid orders expire and give their stock back, once.
begin;
select plan(37);

select policies_are('public', 'shop_orders', array['shop orders: the owner reads their own', 'shop orders: a second factor first']);
select policies_are('public', 'shop_order_items',
  array['shop order items: the owner reads their orders'' items', 'shop order items: a second factor first']);
select policies_are('public', 'shop_stock', array[]::name[], 'no policy opens the stock held to the API');

select tests.create_user('owner') as owner \gset
select tests.create_user('other') as other \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'owner', 'generator', 'shop', 'ada-bakes', true), (:'other', 'generator', 'others', 'other-shop', true);
select id as page from public.portfolios where slug = 'ada-bakes' \gset
select id as others from public.portfolios where slug = 'other-shop' \gset
-- As the publish function records it: version 4 of the page, three products (3 cakes; unlimited
-- bread; a tart in two sizes, one large and five small) and one with no amount.
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'page', :'owner', 'ada-bakes', 'generator', 4, $${"sections": [
  {"kind": "text", "items": [{"id": "cake"}]},
  {"kind": "products", "items": [
    {"id": "cake", "title": "Cake", "sale": {"price": 45000, "stock": 3, "options": []}},
    {"id": "bread", "title": "Bread", "sale": {"price": 9000, "stock": null, "options": []}},
    {"id": "tart", "title": "Tart", "sale": {"price": 30000, "stock": null, "optionName": "Size", "options": [
      {"id": "large", "name": "Large", "price": 50000, "stock": 1}, {"id": "small", "name": "Small", "price": null, "stock": 5}]}},
    {"id": "jam", "title": "Jam", "price": "Ask us"}]}]}$$, false, false, false),
  (:'others', :'other', 'other-shop', 'generator', 1, '{"sections": []}', false, false, false);

create function pg_temp.reserve(lines text, version integer default 4, slug text default 'ada-bakes') returns uuid
language sql as $$
  select order_id from public.reserve_shop_order(
    (select id from public.portfolios where title = 'shop'), slug, version,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}', lines::jsonb, 'pickup', null, 'INR', 0)
$$;
create function pg_temp.held(item text, option text default '') returns integer
language sql as $$ select coalesce((select held from public.shop_stock where item_id = item and option_id = option), 0) $$;

-- ─── who may call it ───────────────────────────────────────────────────────────────────────
select tests.act_as_anon();
select throws_ok($$ select pg_temp.reserve('[{"item": "cake", "option": "", "quantity": 1, "unitAmount": 1}]') $$,
  '42501', null, 'a visitor cannot reserve past the function');
select tests.act_as(:'owner');
select throws_ok($$ select pg_temp.reserve('[{"item": "cake", "option": "", "quantity": 1, "unitAmount": 1}]') $$,
  '42501', null, 'nor can a signed-in user');
select throws_ok('select public.expire_shop_orders()', '42501', null, 'nor expire orders');

-- ─── reserving ─────────────────────────────────────────────────────────────────────────────
select tests.act_as_service();
select pg_temp.reserve('[{"item": "cake", "option": "", "name": "Cake", "quantity": 2, "unitAmount": 45000},
                         {"item": "bread", "option": "", "name": "Bread", "quantity": 1, "unitAmount": 9000}]') as first \gset
select results_eq(format('select order_number ~ ''^FF-[0-9A-Z]{10}$'', status, total_amount, expires_at > now() from public.shop_orders where id = %L', :'first'),
  $$ values (true, 'pending'::text, 99000, true) $$, 'an order is recorded pending, with its number, total and time to pay');
select results_eq(format('select line, item_id, quantity, line_amount from public.shop_order_items where order_id = %L order by line', :'first'),
  $$ values (1, 'cake'::text, 2, 90000), (2, 'bread'::text, 1, 9000) $$, 'with its lines as priced');
select is(pg_temp.held('cake'), 2, 'it holds two of the three cakes');
select is((select count(*)::int from public.shop_stock where item_id = 'bread'), 0, 'unlimited bread holds nothing');

select throws_ok($$ select pg_temp.reserve('[{"item": "cake", "option": "", "name": "Cake", "quantity": 2, "unitAmount": 45000}]') $$,
  'SO410', 'Not that many are left', 'two more cakes than are left are refused');
select is(pg_temp.held('cake'), 2, 'and hold nothing');
select throws_ok($$ select pg_temp.reserve('[{"item": "cake", "option": "", "name": "Cake", "quantity": 1, "unitAmount": 45000},
                                             {"item": "cake", "option": "", "name": "Cake", "quantity": 1, "unitAmount": 45000}]') $$,
  'SO410', 'Not that many are left', 'the same product on two lines counts as one');
select lives_ok($$ select pg_temp.reserve('[{"item": "cake", "option": "", "name": "Cake", "quantity": 1, "unitAmount": 45000}]') $$,
  'the last cake is taken');
select is(pg_temp.held('cake'), 3, 'all three are held');

select lives_ok($$ select pg_temp.reserve('[{"item": "tart", "option": "large", "name": "Tart", "quantity": 1, "unitAmount": 50000}]') $$,
  'an option counts its own stock');
select throws_ok($$ select pg_temp.reserve('[{"item": "tart", "option": "small", "name": "Tart", "quantity": 1, "unitAmount": 30000},
                                             {"item": "tart", "option": "large", "name": "Tart", "quantity": 1, "unitAmount": 50000}]') $$,
  'SO410', 'Not that many are left', 'an order with one line too many is refused whole');
select is(pg_temp.held('tart', 'small'), 0, 'so its other lines hold nothing');

select throws_ok($$ select pg_temp.reserve('[{"item": "cookie", "option": "", "name": "Cookie", "quantity": 1, "unitAmount": 1}]') $$,
  'SO404', 'The page sells no such product', 'a product the page does not sell is refused');
select throws_ok($$ select pg_temp.reserve('[{"item": "jam", "option": "", "name": "Jam", "quantity": 1, "unitAmount": 1}]') $$,
  'SO404', 'The page sells no such product', 'so is one without an amount');
select throws_ok($$ select pg_temp.reserve('[{"item": "tart", "option": "", "name": "Tart", "quantity": 1, "unitAmount": 30000}]') $$,
  'SO404', 'The page sells no such product', 'a product with options needs one');
select throws_ok($$ select pg_temp.reserve('[{"item": "bread", "option": "large", "name": "Bread", "quantity": 1, "unitAmount": 9000}]') $$,
  'SO404', 'The page sells no such product', 'and one without takes none');
select throws_ok($$ select pg_temp.reserve('[{"item": "bread", "option": "", "name": "Bread", "quantity": -1, "unitAmount": 9000}]') $$,
  '22023', null, 'a quantity below 1 is refused');
select throws_ok($$ select pg_temp.reserve('[{"item": "bread", "option": "", "name": "Bread", "quantity": 1, "unitAmount": 9000}]', 3) $$,
  'SO409', 'The page changed while the order was priced', 'an order priced from another version of the page is refused');
select throws_ok($$ select pg_temp.reserve('[{"item": "bread", "option": "", "name": "Bread", "quantity": 1, "unitAmount": 9000}]', 4, 'other-shop') $$,
  'P0002', null, 'so is one naming another page''s address');

-- ─── who reads them ────────────────────────────────────────────────────────────────────────
select tests.act_as(:'owner');
select is((select count(*)::int from public.shop_orders), 3, 'the owner reads her orders');
select is((select count(*)::int from public.shop_order_items), 4, 'and their items');
select throws_ok(format($$ update public.shop_orders set status = 'paid' where id = %L $$, :'first'), '42501', null,
  'she cannot mark one paid through the API');
select throws_ok('select * from public.shop_stock', '42501', null, 'nor read the stock held');
select tests.act_as(:'other');
select is_empty('select * from public.shop_orders', 'another user reads none of them');
select is_empty('select * from public.shop_order_items', 'nor their items');
select tests.act_as_anon();
select throws_ok('select * from public.shop_orders', '42501', null, 'a visitor reads nothing');

-- ─── ending them ───────────────────────────────────────────────────────────────────────────
select tests.act_as_owner();
update public.shop_orders set expires_at = now() - interval '1 second' where id = :'first';
select tests.act_as_service();
select is(public.expire_shop_orders(), 1, 'an unpaid order past its time expires');
select is(public.expire_shop_orders(), 0, 'once');
select is(pg_temp.held('cake'), 1, 'and gives its two cakes back, once');
select pg_temp.reserve('[{"item": "tart", "option": "small", "name": "Tart", "quantity": 2, "unitAmount": 30000}]') as tarts \gset
select is(public.cancel_pending_shop_order(:'tarts'), true, 'an order Razorpay would not take is cancelled');
select is(array[pg_temp.held('tart', 'small')::int, public.cancel_pending_shop_order(:'tarts')::int], array[0, 0],
  'its tarts given back, and a second cancel changes nothing');

select * from finish();
rollback;
