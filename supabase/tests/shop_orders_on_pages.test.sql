-- A product on a page of the site besides home (issue 49's `pages[].sections`) is ordered like one
-- on the home page: reserve_shop_order finds it and holds no more of it than that page offers.
begin;
select plan(5);

select tests.create_user('owner') as owner \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'shop', 'ada-bakes', true);
select id as page from public.portfolios where slug = 'ada-bakes' \gset
-- Home sells bread; the "Shop" page sells two scones and an apple pie.
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'page', :'owner', 'ada-bakes', 'generator', 2, $${
  "sections": [{"kind": "products", "items": [{"id": "bread", "sale": {"price": 9000, "stock": null, "options": []}}]}],
  "pages": [{"id": "shoppage", "slug": "shop", "title": "Shop", "sections": [
    {"kind": "text", "items": []},
    {"kind": "products", "items": [
      {"id": "scone", "sale": {"price": 6000, "stock": 2, "options": []}},
      {"id": "pie", "sale": {"price": 20000, "stock": null, "options": [{"id": "apple", "name": "Apple", "price": 22000, "stock": 1}]}}]}]}]}$$,
  false, false, false);

create function pg_temp.reserve(lines text) returns uuid
language sql as $$
  select order_id from public.reserve_shop_order(
    (select id from public.portfolios where slug = 'ada-bakes'), 'ada-bakes', 2,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}', lines::jsonb, 'pickup', null, 'INR', 0)
$$;

select tests.act_as_service();
select isnt(pg_temp.reserve('[{"item": "scone", "option": "", "name": "Scone", "quantity": 2, "unitAmount": 6000},
                              {"item": "pie", "option": "apple", "name": "Pie", "quantity": 1, "unitAmount": 22000},
                              {"item": "bread", "option": "", "name": "Bread", "quantity": 1, "unitAmount": 9000}]'), null,
  'products of the home page and of another page are ordered together');
select results_eq($$ select item_id, option_id, held from public.shop_stock order by item_id $$,
  $$ values ('pie'::text, 'apple'::text, 1), ('scone'::text, ''::text, 2) $$, 'the other page''s stock counts are held');
select throws_ok($$ select pg_temp.reserve('[{"item": "scone", "option": "", "name": "Scone", "quantity": 1, "unitAmount": 6000}]') $$,
  'SO410', 'Not that many are left', 'no more than that page offers');
select throws_ok($$ select pg_temp.reserve('[{"item": "pie", "option": "", "name": "Pie", "quantity": 1, "unitAmount": 20000}]') $$,
  'SO404', 'The page sells no such product', 'a product with options is ordered by one of them, there too');
select throws_ok($$ select pg_temp.reserve('[{"item": "muffin", "option": "", "name": "Muffin", "quantity": 1, "unitAmount": 1}]') $$,
  'SO404', 'The page sells no such product', 'a product on no page is refused');

select * from finish();
rollback;
