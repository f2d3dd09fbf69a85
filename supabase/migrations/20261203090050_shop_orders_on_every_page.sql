-- Products on any page of a site can be ordered (issue 49 gave sites pages besides home: the
-- snapshot's `pages[].sections`): reserve_shop_order finds a product, and its stock, in the home
-- page's sections and then in every page's, as the orders function prices it (_shared/shopOrders.ts).
-- Only the product lookup changes; its grants stay as they were.
create or replace function public.reserve_shop_order(
  page uuid, page_slug text, priced_version integer, buyer jsonb, lines jsonb,
  delivery text, address jsonb, currency text, shipping_amount integer, hold_for interval default interval '30 minutes'
) returns table (order_id uuid, order_number text, total_amount integer, owner_id uuid, expires_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  snap record;
  wanted record;
  stock_count integer;
  left_over integer;
  made uuid;
  number text;
  items_total integer;
begin
  select pp.owner_id, pp.version, pp.data into snap
    from public.published_pages pp
   where pp.portfolio_id = page and pp.slug = page_slug
     for share;
  if not found then
    raise exception using errcode = 'P0002', message = 'There is no published page here';
  end if;
  if snap.version <> priced_version then
    raise exception using errcode = 'SO409', message = 'The page changed while the order was priced';
  end if;
  if jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
    raise exception using errcode = '22023', message = 'An order has at least one line';
  end if;
  if exists (select 1 from jsonb_to_recordset(lines) as l (quantity integer) where l.quantity is null or l.quantity < 1) then
    raise exception using errcode = '22023', message = 'Every line has a quantity of at least 1';
  end if;

  for wanted in
    select l.item, l.option, sum(l.quantity)::integer as quantity
      from jsonb_to_recordset(lines) as l (item text, option text, quantity integer)
     group by l.item, l.option
     order by l.item, l.option
  loop
    -- The product's (or option's) stock on the published page; SO404 when the page has no such product.
    select (case when coalesce(wanted.option, '') = '' then it.item -> 'sale' ->> 'stock' else opt.o ->> 'stock' end)::integer
      into stock_count
      from (
        select home.section from jsonb_array_elements(
          case when jsonb_typeof(snap.data -> 'sections') = 'array' then snap.data -> 'sections' else '[]'::jsonb end) as home (section)
        union all
        select inner_page.section
          from jsonb_array_elements(
            case when jsonb_typeof(snap.data -> 'pages') = 'array' then snap.data -> 'pages' else '[]'::jsonb end) as site_page (page)
          cross join jsonb_array_elements(
            case when jsonb_typeof(site_page.page -> 'sections') = 'array' then site_page.page -> 'sections' else '[]'::jsonb end)
            as inner_page (section)
      ) as s (section)
      cross join jsonb_array_elements(s.section -> 'items') as it (item)
      left join lateral (
        select os.o from jsonb_array_elements(coalesce(it.item -> 'sale' -> 'options', '[]'::jsonb)) as os (o)
         where os.o ->> 'id' = wanted.option
      ) opt on true
     where s.section ->> 'kind' = 'products' and it.item ->> 'id' = wanted.item and jsonb_typeof(it.item -> 'sale') = 'object'
       and (opt.o is not null
            or (coalesce(wanted.option, '') = '' and jsonb_array_length(coalesce(it.item -> 'sale' -> 'options', '[]'::jsonb)) = 0))
     limit 1;
    if not found then
      raise exception using errcode = 'SO404', message = 'The page sells no such product', detail = wanted.item;
    end if;
    if stock_count is not null then
      insert into public.shop_stock as st (portfolio_id, item_id, option_id) values (page, wanted.item, coalesce(wanted.option, ''))
        on conflict do nothing;
      update public.shop_stock st set held = st.held + wanted.quantity
       where st.portfolio_id = page and st.item_id = wanted.item and st.option_id = coalesce(wanted.option, '')
         and st.held + wanted.quantity <= stock_count;
      if not found then
        select greatest(0, stock_count - st.held) into left_over from public.shop_stock st
         where st.portfolio_id = page and st.item_id = wanted.item and st.option_id = coalesce(wanted.option, '');
        raise exception using errcode = 'SO410', message = 'Not that many are left',
          detail = wanted.item || '/' || coalesce(wanted.option, ''), hint = left_over::text;
      end if;
    end if;
  end loop;

  select sum(l.quantity * l."unitAmount")::integer into items_total
    from jsonb_to_recordset(lines) as l (quantity integer, "unitAmount" integer);
  number := 'FF-' || upper(substr(md5(gen_random_uuid()::text), 1, 10));
  insert into public.shop_orders as so
    (order_number, portfolio_id, owner_id, page_slug, page_version, buyer_name, buyer_email, buyer_phone,
     delivery, shipping_address, currency, items_amount, shipping_amount, total_amount, expires_at)
  values (number, page, snap.owner_id, page_slug, snap.version, buyer ->> 'name', buyer ->> 'email', buyer ->> 'phone',
          delivery, address, currency, items_total, shipping_amount, items_total + shipping_amount, now() + hold_for)
  returning so.id into made;
  insert into public.shop_order_items (order_id, line, item_id, option_id, name, option_name, unit_amount, quantity, line_amount)
  select made, l.n::integer, l.line ->> 'item', coalesce(l.line ->> 'option', ''), l.line ->> 'name', l.line ->> 'optionName',
         (l.line ->> 'unitAmount')::integer, (l.line ->> 'quantity')::integer,
         (l.line ->> 'unitAmount')::integer * (l.line ->> 'quantity')::integer
    from jsonb_array_elements(lines) with ordinality as l (line, n);

  return query select so.id, so.order_number, so.total_amount, so.owner_id, so.expires_at from public.shop_orders so where so.id = made;
end;
$$;
