-- A page that sells is rendered again when orders change what it shows sold out (issue 48):
-- each render records what it showed, and pages_showing_old_stock lists the pages where the stock
-- held now makes that wrong, on home and on the site's other pages, per option.
begin;
select plan(11);

select tests.create_user('owner') as owner \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'shop', 'ada-bakes', true);
select id as page from public.portfolios where slug = 'ada-bakes' \gset
-- Home sells bread (unlimited) and two scones; the "Shop" page a pie whose apple option has one left.
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'page', :'owner', 'ada-bakes', 'generator', 2, $${
  "sections": [{"kind": "products", "items": [
    {"id": "bread", "sale": {"price": 9000, "stock": null, "options": []}},
    {"id": "scone", "sale": {"price": 6000, "stock": 2, "options": []}}]}],
  "pages": [{"id": "shoppage", "slug": "shop", "title": "Shop", "sections": [
    {"kind": "products", "items": [
      {"id": "pie", "sale": {"price": 20000, "stock": 5, "options": [
        {"id": "apple", "name": "Apple", "price": 22000, "stock": 1},
        {"id": "plum", "name": "Plum", "price": 22000, "stock": null}]}}]}]}]}$$,
  false, false, true);

create function pg_temp.reserve(lines text) returns uuid
language sql as $$
  select order_id from public.reserve_shop_order(
    (select id from public.portfolios where slug = 'ada-bakes'), 'ada-bakes', 2,
    '{"name": "Zoë", "email": "zoe@example.com", "phone": "+919876543210"}', lines::jsonb, 'pickup', null, 'INR', 0)
$$;
create function pg_temp.old() returns setof uuid language sql as $$ select portfolio_id from public.pages_showing_old_stock() $$;

select tests.act_as_service();
select is(public.snapshot_sold_out((select data from public.published_pages where slug = 'ada-bakes'), '{}'),
  '{}'::text[], 'nothing is sold out before any order');
select is(public.snapshot_sold_out((select data from public.published_pages where slug = 'ada-bakes'),
                                   '{"scone/": 2, "pie/apple": 1, "pie/": 5, "bread/": 40}'),
  array['pie/apple', 'scone/'], 'an option by its own count, a product without options by its own; unlimited never');

select public.record_stock_shown(:'page', (select data from public.published_pages where slug = 'ada-bakes'), public.shop_stock_held(:'page'));
select is_empty($$ select * from pg_temp.old() $$, 'a page just rendered shows its stock');

select pg_temp.reserve('[{"item": "scone", "option": "", "name": "Scone", "quantity": 1, "unitAmount": 6000}]') as first_scone \gset
select is_empty($$ select * from pg_temp.old() $$, 'one scone of two taken: the page still offers it, nothing to render');

select pg_temp.reserve('[{"item": "pie", "option": "apple", "name": "Pie", "quantity": 1, "unitAmount": 22000}]') as apple \gset
select results_eq($$ select * from pg_temp.old() $$, array[:'page'::uuid], 'the last apple pie on another page taken: render it again');
select ok(exists (select 1 from public.pages_showing_old_stock(:'page')), 'asked for that page alone, it is listed');

select public.record_stock_shown(:'page', (select data from public.published_pages where slug = 'ada-bakes'), public.shop_stock_held(:'page'));
select is((select sold_out from public.shop_stock_shown where portfolio_id = :'page'), array['pie/apple'], 'the render shows it sold out');

update public.shop_orders set expires_at = now() - interval '1 second' where id = :'apple';
select public.expire_shop_orders();
select results_eq($$ select * from pg_temp.old() $$, array[:'page'::uuid], 'its order expired: the pie is back, render again');

select public.record_stock_shown(:'page', (select data from public.published_pages where slug = 'ada-bakes'), null);
select is_empty($$ select * from public.shop_stock_shown $$, 'a render that does not sell forgets what it showed');

-- Rendered when both scones were held; one is held now.
select public.record_stock_shown(:'page', (select data from public.published_pages where slug = 'ada-bakes'), '{"scone/": 2}');
update public.portfolios set published = false, slug = null where id = :'page';
select is_empty($$ select * from pg_temp.old() $$, 'a page taken down is not rendered again');

select tests.act_as(:'owner');
select throws_ok($$ select * from public.pages_showing_old_stock() $$, '42501', null, 'an owner cannot ask (the functions do)');

select * from finish();
rollback;
