-- A page that sells says "Sold out" when a product's last one is taken and offers it again when
-- stock comes back (an order expired, was cancelled or refunded): issue 48. The page is static, so
-- the publish function renders it again whenever what it shows as sold out is no longer what is.
-- Every render that sells records what it showed (record_stock_shown); pages_showing_old_stock
-- lists the published pages where that differs from the stock orders hold now. The orders and shop
-- functions ask right after they change stock (page_shows_old_stock), and the sweep renders what
-- they missed (a render skipped while the page was being published, a function that crashed).

create table public.shop_stock_shown (
  portfolio_id uuid primary key references public.portfolios (id) on delete cascade,
  -- `<item>/<option>` ('' for a product without options), sorted: what the page showed sold out.
  sold_out text[] not null,
  shown_at timestamptz not null default now()
);
alter table public.shop_stock_shown enable row level security;
revoke all on public.shop_stock_shown from public, anon, authenticated;
grant all on public.shop_stock_shown to service_role;

-- The sold-out keys of a site snapshot (home's sections and every page's, as reserve_shop_order
-- reads them) given the units orders hold (`{"<item>/<option>": n}`): a product without options by
-- its own stock count, a product with options by each option's. Unlimited stock (null) never sells out.
create function public.snapshot_sold_out(data jsonb, held jsonb) returns text[]
language sql immutable set search_path = '' as $$
  with sections as (
    select home.section from jsonb_array_elements(
      case when jsonb_typeof(data -> 'sections') = 'array' then data -> 'sections' else '[]'::jsonb end) as home (section)
    union all
    select inner_page.section
      from jsonb_array_elements(case when jsonb_typeof(data -> 'pages') = 'array' then data -> 'pages' else '[]'::jsonb end)
           as site_page (page)
      cross join jsonb_array_elements(
        case when jsonb_typeof(site_page.page -> 'sections') = 'array' then site_page.page -> 'sections' else '[]'::jsonb end)
        as inner_page (section)
  ), sale_items as (
    select it.item, coalesce(it.item -> 'sale' -> 'options', '[]'::jsonb) as options
      from sections s
      cross join jsonb_array_elements(case when jsonb_typeof(s.section -> 'items') = 'array' then s.section -> 'items' else '[]'::jsonb end)
           as it (item)
     where s.section ->> 'kind' = 'products' and jsonb_typeof(it.item -> 'sale') = 'object'
  ), counted as (
    select (i.item ->> 'id') || '/' as key, (i.item -> 'sale' ->> 'stock')::integer as stock
      from sale_items i
     where jsonb_array_length(i.options) = 0 and jsonb_typeof(i.item -> 'sale' -> 'stock') = 'number'
    union
    select (i.item ->> 'id') || '/' || (o.option ->> 'id'), (o.option ->> 'stock')::integer
      from sale_items i cross join jsonb_array_elements(i.options) as o (option)
     where jsonb_typeof(o.option -> 'stock') = 'number'
  )
  select coalesce(array_agg(distinct c.key order by c.key), '{}')
    from counted c
   where c.stock - coalesce((held ->> c.key)::integer, 0) <= 0;
$$;

-- The units pending and paid orders hold of a portfolio's products now, keyed as above.
create function public.shop_stock_held(page uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_object_agg(st.item_id || '/' || st.option_id, st.held), '{}'::jsonb)
    from public.shop_stock st where st.portfolio_id = page;
$$;

-- What a render showed: the site it rendered (`data`) with the units held it read. A render that
-- does not sell (held null) shows nothing sold out and forgets the record.
create function public.record_stock_shown(page uuid, data jsonb, held jsonb) returns void
language sql security definer set search_path = '' as $$
  delete from public.shop_stock_shown where held is null and portfolio_id = page;
  insert into public.shop_stock_shown as shown (portfolio_id, sold_out)
  select page, public.snapshot_sold_out(data, held) where held is not null
  on conflict (portfolio_id) do update set sold_out = excluded.sold_out, shown_at = now();
$$;

-- Published pages that show other products sold out than the stock held now makes, with what the
-- page was rendered with (as pages_past_their_plan answers: the sweep renders each again).
create function public.pages_showing_old_stock(only_page uuid default null)
returns table (portfolio_id uuid, owner_id uuid, slug text, template_id text, data jsonb, look jsonb,
               badge boolean, customized_look boolean, subscribe_form boolean)
language sql stable security definer set search_path = '' as $$
  select pp.portfolio_id, pp.owner_id, pp.slug, pp.template_id, pp.data, pp.look, pp.badge, pp.customized_look, pp.subscribe_form
    from public.shop_stock_shown shown
    join public.published_pages pp on pp.portfolio_id = shown.portfolio_id
    join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
   where (only_page is null or shown.portfolio_id = only_page)
     and shown.sold_out is distinct from public.snapshot_sold_out(pp.data, public.shop_stock_held(pp.portfolio_id));
$$;

revoke all on function public.snapshot_sold_out(jsonb, jsonb), public.shop_stock_held(uuid),
  public.record_stock_shown(uuid, jsonb, jsonb), public.pages_showing_old_stock(uuid)
  from public, anon, authenticated;
grant execute on function public.snapshot_sold_out(jsonb, jsonb), public.shop_stock_held(uuid),
  public.record_stock_shown(uuid, jsonb, jsonb), public.pages_showing_old_stock(uuid)
  to service_role;
