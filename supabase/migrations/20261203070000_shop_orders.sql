-- Orders from a published page (issue 48): a visitor buys the owner's products, paid into the owner's
-- own Razorpay account. The orders function prices an order from the page's published snapshot
-- (published_pages.data, never the form), then reserve_shop_order holds its stock and records it in
-- one statement's transaction; the order is created on the owner's Razorpay account and the buyer sent
-- to its checkout. Unpaid orders expire at expires_at and give their stock back (expire_shop_orders,
-- run by the sweep). The owner reads their own orders; nobody writes them through the API.

-- ─── the orders ──────────────────────────────────────────────────────────────────────────────
create table public.shop_orders (
  id uuid primary key default gen_random_uuid(),
  -- What the buyer and the owner call it, and the Razorpay order's receipt.
  order_number text not null unique check (order_number ~ '^FF-[0-9A-Z]{10}$'),
  -- Kept when the portfolio goes (the owner's records); removed with the owner's account.
  portfolio_id uuid references public.portfolios (id) on delete set null,
  owner_id uuid not null references auth.users (id) on delete cascade,
  page_slug text not null,
  -- The published version the order was priced from.
  page_version integer not null,
  buyer_name text not null check (char_length(buyer_name) between 1 and 120),
  buyer_email text not null check (char_length(buyer_email) <= 254 and buyer_email ~ '^[^@\s]+@[^@\s]+$'),
  buyer_phone text not null check (buyer_phone ~ '^\+?[0-9]{6,15}$'),
  delivery text not null check (delivery in ('pickup', 'ship')),
  -- Where to ship (line1, line2, city, state, postalCode, country); null for pickup.
  shipping_address jsonb check (shipping_address is null or jsonb_typeof(shipping_address) = 'object'),
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'expired', 'cancelled', 'refunded', 'partially_refunded')),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- Minor units of the currency.
  items_amount integer not null check (items_amount >= 0),
  shipping_amount integer not null default 0 check (shipping_amount >= 0),
  total_amount integer not null check (total_amount = items_amount + shipping_amount),
  razorpay_order_id text unique check (razorpay_order_id ~ '^order_[A-Za-z0-9]{14}$'),
  razorpay_account_id text check (razorpay_account_id ~ '^acc_[A-Za-z0-9]{14}$'),
  expires_at timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((delivery = 'ship') = (shipping_address is not null))
);
create index shop_orders_owner_idx on public.shop_orders (owner_id, created_at desc);
create index shop_orders_pending_idx on public.shop_orders (expires_at) where status = 'pending';

create table public.shop_order_items (
  order_id uuid not null references public.shop_orders (id) on delete cascade,
  line integer not null check (line between 1 and 100),
  -- The product item's and the option's ids in the snapshot ('' without an option).
  item_id text not null,
  option_id text not null default '',
  name text not null,
  option_name text,
  unit_amount integer not null check (unit_amount >= 0),
  quantity integer not null check (quantity between 1 and 1000),
  line_amount integer not null check (line_amount = unit_amount * quantity),
  primary key (order_id, line)
);

-- ─── stock held ──────────────────────────────────────────────────────────────────────────────
-- Per product (option_id '') or option with a stock count on the published page: the units that
-- pending and paid orders hold. A reservation may hold at most the page's stock count. Products of
-- unlimited stock have no row.
create table public.shop_stock (
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  item_id text not null,
  option_id text not null default '',
  held integer not null default 0 check (held >= 0),
  primary key (portfolio_id, item_id, option_id)
);

alter table public.shop_orders enable row level security;
alter table public.shop_order_items enable row level security;
alter table public.shop_stock enable row level security;
revoke all on public.shop_orders, public.shop_order_items, public.shop_stock from public, anon, authenticated;
grant all on public.shop_orders, public.shop_order_items, public.shop_stock to service_role;
grant select on public.shop_orders, public.shop_order_items to authenticated;

create policy "shop orders: the owner reads their own" on public.shop_orders
  for select to authenticated using (owner_id = (select auth.uid()));
create policy "shop order items: the owner reads their orders' items" on public.shop_order_items
  for select to authenticated
  using (exists (select 1 from public.shop_orders o where o.id = order_id and o.owner_id = (select auth.uid())));
-- Buyers' names, addresses and phones: a password alone does not show them to an owner with a second factor.
create policy "shop orders: a second factor first" on public.shop_orders
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));
create policy "shop order items: a second factor first" on public.shop_order_items
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

-- ─── reserving ───────────────────────────────────────────────────────────────────────────────
-- Records a priced order and holds its stock, or refuses it whole. `lines` is what the function
-- priced: [{ item, option, name, optionName, quantity, unitAmount }]. The page must still be
-- published at that slug and version (SO409 otherwise: priced from another snapshot), every line a
-- product of it (SO404, detail: the item id). Stock is taken with one conditional UPDATE per
-- product or option, in a fixed order so two orders never wait on each other: the row lock makes a
-- racing buyer wait and re-check, so no more than the page's stock is ever held (SO410, detail:
-- item id and option id, hint: what is left).
create function public.reserve_shop_order(
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
      from jsonb_array_elements(snap.data -> 'sections') as s (section)
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

-- ─── giving stock back ───────────────────────────────────────────────────────────────────────
-- The units these orders held, given back (the orders' status is the caller's to change first).
-- Called by the functions below only, with their rights.
create function public.shop_stock_give_back(orders uuid[]) returns void
language sql set search_path = '' as $$
  update public.shop_stock st set held = greatest(0, st.held - given.quantity)
    from (select o.portfolio_id, i.item_id, i.option_id, sum(i.quantity)::integer as quantity
            from public.shop_orders o join public.shop_order_items i on i.order_id = o.id
           where o.id = any (orders) and o.portfolio_id is not null
           group by o.portfolio_id, i.item_id, i.option_id) given
   where st.portfolio_id = given.portfolio_id and st.item_id = given.item_id and st.option_id = given.option_id;
$$;

-- Unpaid orders past their time: expired, their stock back. A pending order is changed once (the
-- UPDATE re-checks the status of a row another call changed first), so stock is never given twice.
create function public.expire_shop_orders() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  ended uuid[];
begin
  with expired as (
    update public.shop_orders o set status = 'expired', updated_at = now()
     where o.status = 'pending' and o.expires_at <= now()
    returning o.id)
  select coalesce(array_agg(id), '{}') into ended from expired;
  perform public.shop_stock_give_back(ended);
  return coalesce(array_length(ended, 1), 0);
end;
$$;

-- An order that could not go on (Razorpay refused to create it): cancelled, its stock back. False
-- when it was no longer pending.
create function public.cancel_pending_shop_order(shop_order uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.shop_orders o set status = 'cancelled', updated_at = now() where o.id = shop_order and o.status = 'pending';
  if not found then
    return false;
  end if;
  perform public.shop_stock_give_back(array[shop_order]);
  return true;
end;
$$;

revoke all on function public.reserve_shop_order(uuid, text, integer, jsonb, jsonb, text, jsonb, text, integer, interval),
  public.shop_stock_give_back(uuid[]), public.expire_shop_orders(), public.cancel_pending_shop_order(uuid)
  from public, anon, authenticated;
grant execute on function public.reserve_shop_order(uuid, text, integer, jsonb, jsonb, text, jsonb, text, integer, interval),
  public.expire_shop_orders(), public.cancel_pending_shop_order(uuid) to service_role;

-- The sweep expires unpaid orders too.
create or replace function public.sweep_database(pending_for interval default interval '48 hours') returns void
language sql security definer set search_path = '' as $$
  delete from public.rate_limit_hits where hit_at < now() - interval '1 day';
  delete from public.subscribers where confirmed_at is null and created_at < now() - pending_for;
  delete from public.held_addresses where held_until < now();
  select public.expire_shop_orders();
$$;
