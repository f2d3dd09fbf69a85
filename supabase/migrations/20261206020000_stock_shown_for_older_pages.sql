-- Pages published before 20261203150000_pages_follow_their_stock.sql have no shop_stock_shown row, so
-- no stock change ever renders them again: a product sold out since stays offered (issue 48). Each
-- published page with products gets one saying sold_out = '{?}': not known yet. Such a row is never
-- equal to what the stock makes (no key is '?': keys are `<item>/<option>`), but it is listed only when
-- asked for its page, that is after a stock change of it (the orders and shop functions ask): then
-- it is rendered, and the render records what it really shows. The sweep, which asks for every page,
-- passes it over: nothing has changed on it to render, and rendering every older shop at once would
-- be all the sweep did for a while.

-- The row a page published before the projection gets: '{?}' for each published page with a product
-- for sale (home's sections or its other pages', as snapshot_sold_out reads them) and no row yet.
-- Run by this migration; no client runs it.
create function public.record_stock_shown_unknown() returns integer
language sql set search_path = '' as $$
  with inserted as (
    insert into public.shop_stock_shown (portfolio_id, sold_out)
    select pp.portfolio_id, '{?}'
      from public.published_pages pp
      join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
     where not exists (select 1 from public.shop_stock_shown shown where shown.portfolio_id = pp.portfolio_id)
       and (jsonb_path_exists(pp.data, '$.sections[*] ? (@.kind == "products").items[*].sale ? (@.type() == "object")')
         or jsonb_path_exists(pp.data, '$.pages[*].sections[*] ? (@.kind == "products").items[*].sale ? (@.type() == "object")'))
    on conflict (portfolio_id) do nothing
    returning 1
  )
  select count(*)::integer from inserted;
$$;
revoke all on function public.record_stock_shown_unknown() from public, anon, authenticated, service_role;

select public.record_stock_shown_unknown();

-- As before, and a page whose row is '{?}' is listed only when asked for that page.
create or replace function public.pages_showing_old_stock(only_page uuid default null)
returns table (portfolio_id uuid, owner_id uuid, slug text, template_id text, data jsonb, look jsonb,
               badge boolean, customized_look boolean, subscribe_form boolean)
language sql stable security definer set search_path = '' as $$
  select pp.portfolio_id, pp.owner_id, pp.slug, pp.template_id, pp.data, pp.look, pp.badge, pp.customized_look, pp.subscribe_form
    from public.shop_stock_shown shown
    join public.published_pages pp on pp.portfolio_id = shown.portfolio_id
    join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
   where (only_page is null or shown.portfolio_id = only_page)
     and case when shown.sold_out = '{?}' then only_page is not null
              else shown.sold_out is distinct from public.snapshot_sold_out(pp.data, public.shop_stock_held(pp.portfolio_id)) end;
$$;
