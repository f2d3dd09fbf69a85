-- Pages published before the stock projection get a row saying "not known yet" ('{?}'), so the next
-- stock change of such a page renders it again; the sweep renders those whose products sold out
-- before, a few at a time, and leaves the rest be (issue 48; 20261206020000_stock_shown_for_older_pages.sql,
-- 20261207010000_sweep_renders_older_sold_out_pages.sql).
begin;
select plan(13);

select tests.create_user('owner') as owner \gset
create function pg_temp.page(owner uuid, page_slug text, shown boolean, snapshot jsonb) returns uuid
language plpgsql as $$
declare
  new_page uuid;
begin
  insert into public.portfolios (owner_id, template_id, title, slug, published)
  values (owner, 'generator', page_slug, page_slug, true) returning portfolios.id into new_page;
  insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
  values (new_page, owner, page_slug, 'generator', 1, snapshot, false, false, true);
  if not shown then
    update public.portfolios p set published = false, slug = null where p.id = new_page;
  end if;
  return new_page;
end;
$$;
-- Products on home; products only on another page; none; products but taken down; products and a row already.
select pg_temp.page(:'owner', 'home-shop', true, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}') as home \gset
select pg_temp.page(:'owner', 'inner-shop', true, '{"sections": [{"kind": "about"}], "pages": [{"id": "p", "slug": "shop", "sections": [{"kind": "products", "items": [{"id": "pie", "sale": {"price": 20000, "stock": null, "options": []}}]}]}]}') as inner_shop \gset
select pg_temp.page(:'owner', 'no-shop', true, '{"sections": [{"kind": "products", "items": [{"id": "jam", "price": "Ask us"}]}]}') as no_shop \gset
select pg_temp.page(:'owner', 'gone-shop', false, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}') as gone \gset
select pg_temp.page(:'owner', 'new-shop', true, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}') as new_shop \gset
insert into public.shop_stock_shown (portfolio_id, sold_out) values (:'new_shop', '{}');

select is(public.record_stock_shown_unknown(), 2, 'two older pages that sell get a row');
select results_eq(
  $$ select p.slug, shown.sold_out from public.shop_stock_shown shown join public.portfolios p on p.id = shown.portfolio_id order by p.slug $$,
  $$ values ('home-shop', '{?}'::text[]), ('inner-shop', '{?}'::text[]), ('new-shop', '{}'::text[]) $$,
  'products on home or on another page: not known yet; a page rendered since keeps its row; none for a page without products or taken down');
select is(public.record_stock_shown_unknown(), 0, 'run again, it adds nothing');

select tests.act_as_service();
select is_empty($$ select * from public.pages_showing_old_stock() $$, 'the sweep renders none of them while nothing they offer is sold out');
-- The cake on home-shop (stock 1) sold out before the projection: the page still offers it.
select tests.act_as_owner();
insert into public.shop_stock (portfolio_id, item_id, held) values (:'home', 'cake', 1);
update public.shop_stock_shown set shown_at = now() - interval '1 day' where portfolio_id = :'home';
select tests.act_as_service();
select results_eq($$ select slug from public.pages_showing_old_stock() $$, array['home-shop'],
  'one whose product sold out before is rendered by the sweep, though no stock change asks for it');
-- Thirty more such pages, of thirty owners: a sweep takes twenty of them, the oldest first, and home-shop is the oldest.
select tests.act_as_owner();
select pg_temp.page(tests.create_user('old-shop-' || n), 'old-shop-' || n, true, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}')
  from generate_series(1, 30) n;
select public.record_stock_shown_unknown();
insert into public.shop_stock (portfolio_id, item_id, held)
  select p.id, 'cake', 1 from public.portfolios p where p.slug like 'old-shop-%';
select tests.act_as_service();
select is((select count(*)::integer from public.pages_showing_old_stock()), 20, 'a sweep renders twenty older pages at most');
select ok('home-shop' in (select slug from public.pages_showing_old_stock()), 'the oldest first');
select results_eq($$ select slug from public.pages_showing_old_stock((select id from public.portfolios where slug = 'home-shop')) $$,
  array['home-shop'],
  'after a stock change of the page, it is rendered');
select is_empty($$ select * from public.pages_showing_old_stock((select id from public.portfolios where slug = 'no-shop')) $$,
  'a page without products has no row, and is not');
select public.record_stock_shown(:'home', (select data from public.published_pages where portfolio_id = :'home'), public.shop_stock_held(:'home'));
select is_empty($$ select * from public.pages_showing_old_stock((select id from public.portfolios where slug = 'home-shop')) $$,
  'once rendered, it shows what it shows, as any page');
select ok('home-shop' not in (select slug from public.pages_showing_old_stock()), 'and the sweep does not list it again');

select throws_ok($$ select public.record_stock_shown_unknown() $$, '42501', null, 'the functions cannot run the backfill');
select tests.act_as(:'owner');
select throws_ok($$ select public.record_stock_shown_unknown() $$, '42501', null, 'nor can an owner');

select * from finish();
rollback;
