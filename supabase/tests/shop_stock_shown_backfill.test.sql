-- Pages published before the stock projection get a row saying "not known yet" ('{?}'), so the next
-- stock change of such a page renders it again, while the sweep leaves it be (issue 48;
-- 20261206020000_stock_shown_for_older_pages.sql).
begin;
select plan(9);

select tests.create_user('owner') as owner \gset
create function pg_temp.page(page_slug text, shown boolean, snapshot jsonb) returns uuid
language plpgsql as $$
declare
  new_page uuid;
  owner uuid := (select u.id from auth.users u order by u.created_at desc limit 1);
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
select pg_temp.page('home-shop', true, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}') as home \gset
select pg_temp.page('inner-shop', true, '{"sections": [{"kind": "about"}], "pages": [{"id": "p", "slug": "shop", "sections": [{"kind": "products", "items": [{"id": "pie", "sale": {"price": 20000, "stock": null, "options": []}}]}]}]}') as inner_shop \gset
select pg_temp.page('no-shop', true, '{"sections": [{"kind": "products", "items": [{"id": "jam", "price": "Ask us"}]}]}') as no_shop \gset
select pg_temp.page('gone-shop', false, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}') as gone \gset
select pg_temp.page('new-shop', true, '{"sections": [{"kind": "products", "items": [{"id": "cake", "sale": {"price": 45000, "stock": 1, "options": []}}]}]}') as new_shop \gset
insert into public.shop_stock_shown (portfolio_id, sold_out) values (:'new_shop', '{}');

select is(public.record_stock_shown_unknown(), 2, 'two older pages that sell get a row');
select results_eq(
  $$ select p.slug, shown.sold_out from public.shop_stock_shown shown join public.portfolios p on p.id = shown.portfolio_id order by p.slug $$,
  $$ values ('home-shop', '{?}'::text[]), ('inner-shop', '{?}'::text[]), ('new-shop', '{}'::text[]) $$,
  'products on home or on another page: not known yet; a page rendered since keeps its row; none for a page without products or taken down');
select is(public.record_stock_shown_unknown(), 0, 'run again, it adds nothing');

select tests.act_as_service();
select is_empty($$ select * from public.pages_showing_old_stock() $$, 'the sweep renders none of them: nothing changed on them');
select results_eq($$ select slug from public.pages_showing_old_stock((select id from public.portfolios where slug = 'home-shop')) $$,
  array['home-shop'],
  'after a stock change of the page, it is rendered');
select is_empty($$ select * from public.pages_showing_old_stock((select id from public.portfolios where slug = 'no-shop')) $$,
  'a page without products has no row, and is not');
select public.record_stock_shown(:'home', (select data from public.published_pages where portfolio_id = :'home'), public.shop_stock_held(:'home'));
select is_empty($$ select * from public.pages_showing_old_stock((select id from public.portfolios where slug = 'home-shop')) $$,
  'once rendered, it shows what it shows, as any page');

select throws_ok($$ select public.record_stock_shown_unknown() $$, '42501', null, 'the functions cannot run the backfill');
select tests.act_as(:'owner');
select throws_ok($$ select public.record_stock_shown_unknown() $$, '42501', null, 'nor can an owner');

select * from finish();
rollback;
