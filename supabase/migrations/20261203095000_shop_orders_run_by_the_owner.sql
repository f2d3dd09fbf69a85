-- The owner runs the shop from /account (issue 48): marks a paid order shipped or ready for pickup,
-- refunds it in full or in part through Razorpay on their own connected account, and sees new orders
-- without a reload. Only the shop function writes any of it, with the service role; the owner reads
-- their orders, items and refunds through the select policies (a second factor first, as for orders).
--
-- A refund is made in two steps around Razorpay's call, so neither a second press of Refund nor two
-- presses at once refunds twice, and no more than was paid is ever refunded:
--   claim_shop_order_refund   locks the order, prices the refund from its own rows (never from the
--                             browser), holds the refunded quantities and records it pending; the same
--                             request key again answers the same refund (the browser's one press)
--   (the function asks Razorpay to refund that amount, with the refund's id as X-Refund-Idempotency)
--   shop_order_refund_settled processed: the order's refunded amount and status, the stock back;
--                             failed: the quantities held are free to refund again

alter table public.shop_orders
  add column fulfilment text check (fulfilment in ('shipped', 'ready_for_pickup')),
  add column fulfilled_at timestamptz,
  -- What the owner tells the buyer with it (a tracking number, where to collect), plain text.
  add column fulfilment_note text check (char_length(fulfilment_note) <= 300),
  add column refunded_amount integer not null default 0 check (refunded_amount >= 0),
  add constraint shop_orders_fulfilled_when check ((fulfilment is null) = (fulfilled_at is null)),
  add constraint shop_orders_fulfilment_fits_delivery check (fulfilment is null or (fulfilment = 'shipped') = (delivery = 'ship')),
  add constraint shop_orders_refund_within_total check (refunded_amount <= total_amount);

alter table public.shop_order_items
  add column refunded_quantity integer not null default 0,
  add constraint shop_order_items_refund_within_quantity check (refunded_quantity between 0 and quantity);

create table public.shop_order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.shop_orders (id) on delete cascade,
  -- One press of Refund in the browser: the same key again is the same refund.
  request_key text not null check (request_key ~ '^[A-Za-z0-9_-]{10,64}$'),
  -- Minor units: the lines' unit amounts times the quantities refunded, plus shipping when refunded.
  amount integer not null check (amount > 0),
  -- [{line, quantity}] of shop_order_items.
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  shipping_amount integer not null default 0 check (shipping_amount >= 0),
  status text not null default 'pending' check (status in ('pending', 'processed', 'failed')),
  razorpay_refund_id text unique check (razorpay_refund_id ~ '^rfnd_[A-Za-z0-9]{14}$'),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (order_id, request_key),
  check ((status = 'processed') = (razorpay_refund_id is not null))
);
create index shop_order_refunds_order_idx on public.shop_order_refunds (order_id, created_at);

alter table public.shop_order_refunds enable row level security;
revoke all on public.shop_order_refunds from public, anon, authenticated;
grant all on public.shop_order_refunds to service_role;
grant select on public.shop_order_refunds to authenticated;
create policy "shop order refunds: the owner reads their orders' refunds" on public.shop_order_refunds
  for select to authenticated
  using (exists (select 1 from public.shop_orders o where o.id = order_id and o.owner_id = (select auth.uid())));
create policy "shop order refunds: a second factor first" on public.shop_order_refunds
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

-- ─── refunding ───────────────────────────────────────────────────────────────────────────────
-- `lines` null refunds everything not refunded yet, shipping included; otherwise [{line, quantity}],
-- with shipping only when `with_shipping`. Refusals: P0002 (not this owner's order), SR409 (not paid,
-- or another refund of it is under way), SR422 (a line or quantity it does not have, nothing left,
-- less than 100 minor units: Razorpay's least). `fresh` is false when request_key was seen before.
create function public.claim_shop_order_refund(
  shop_order uuid, owner uuid, request_key text, lines jsonb default null, with_shipping boolean default false
) returns table (refund_id uuid, amount integer, status text, fresh boolean)
language plpgsql security definer set search_path = '' as $$
declare
  o public.shop_orders%rowtype;
  seen public.shop_order_refunds%rowtype;
  wanted jsonb;
  shipping_left integer;
  shipping_back integer;
  items_back integer;
  bad text;
  made uuid;
begin
  select * into o from public.shop_orders so where so.id = shop_order and so.owner_id = owner for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'There is no such order';
  end if;
  select * into seen from public.shop_order_refunds r where r.order_id = o.id and r.request_key = claim_shop_order_refund.request_key;
  if found then
    return query select seen.id, seen.amount, seen.status, false;
    return;
  end if;
  if o.status not in ('paid', 'partially_refunded') then
    raise exception using errcode = 'SR409', message = 'Only a paid order can be refunded';
  end if;
  if exists (select 1 from public.shop_order_refunds r where r.order_id = o.id and r.status = 'pending') then
    raise exception using errcode = 'SR409', message = 'Another refund of this order is under way';
  end if;

  select o.shipping_amount - coalesce(sum(r.shipping_amount), 0)::integer into shipping_left
    from public.shop_order_refunds r where r.order_id = o.id and r.status <> 'failed';
  if lines is null then
    select coalesce(jsonb_agg(jsonb_build_object('line', i.line, 'quantity', i.quantity - i.refunded_quantity) order by i.line), '[]')
      into wanted from public.shop_order_items i where i.order_id = o.id and i.quantity > i.refunded_quantity;
    shipping_back := shipping_left;
  else
    if jsonb_typeof(lines) <> 'array' then
      raise exception using errcode = 'SR422', message = 'Choose what to refund';
    end if;
    -- Each line once, of this order, at most what is left of it.
    select l.line::text into bad
      from jsonb_to_recordset(lines) as l (line integer, quantity integer)
      left join public.shop_order_items i on i.order_id = o.id and i.line = l.line
     where i.line is null or l.quantity is null or l.quantity < 1 or l.quantity > i.quantity - i.refunded_quantity
        or (select count(*) from jsonb_to_recordset(lines) as d (line integer) where d.line = l.line) > 1
     limit 1;
    if bad is not null then
      raise exception using errcode = 'SR422', message = 'That is more than is left to refund of a line', detail = bad;
    end if;
    wanted := lines;
    shipping_back := case when with_shipping then shipping_left else 0 end;
  end if;

  select coalesce(sum(i.unit_amount * l.quantity), 0)::integer into items_back
    from jsonb_to_recordset(wanted) as l (line integer, quantity integer)
    join public.shop_order_items i on i.order_id = o.id and i.line = l.line;
  if items_back + shipping_back = 0 then
    raise exception using errcode = 'SR422', message = 'Nothing is left to refund';
  end if;
  if items_back + shipping_back < 100 then
    raise exception using errcode = 'SR422', message = 'A refund is at least 1.00';
  end if;
  -- Never more than was paid (the order's total, less what was refunded).
  if o.refunded_amount + items_back + shipping_back > o.total_amount then
    raise exception using errcode = 'SR422', message = 'That is more than is left of the payment';
  end if;

  insert into public.shop_order_refunds (order_id, request_key, amount, lines, shipping_amount)
  values (o.id, claim_shop_order_refund.request_key, items_back + shipping_back, wanted, shipping_back)
  returning id into made;
  update public.shop_order_items i set refunded_quantity = i.refunded_quantity + l.quantity
    from jsonb_to_recordset(wanted) as l (line integer, quantity integer)
   where i.order_id = o.id and i.line = l.line;
  return query select made, items_back + shipping_back, 'pending'::text, true;
end;
$$;

-- What Razorpay answered for a pending refund: its id (processed: the order's refunded amount and
-- status move, the refunded units go back to the page's stock) or none (failed: the quantities are
-- free to refund again). False when the refund was no longer pending (settled once).
create function public.shop_order_refund_settled(refund uuid, razorpay_refund text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  r public.shop_order_refunds%rowtype;
  o public.shop_orders%rowtype;
begin
  select * into r from public.shop_order_refunds sr where sr.id = refund for update;
  if not found or r.status <> 'pending' then
    return false;
  end if;
  select * into o from public.shop_orders so where so.id = r.order_id for update;
  if razorpay_refund is null then
    update public.shop_order_refunds sr set status = 'failed', settled_at = now() where sr.id = r.id;
    update public.shop_order_items i set refunded_quantity = i.refunded_quantity - l.quantity
      from jsonb_to_recordset(r.lines) as l (line integer, quantity integer)
     where i.order_id = r.order_id and i.line = l.line;
    return true;
  end if;
  update public.shop_order_refunds sr set status = 'processed', razorpay_refund_id = razorpay_refund, settled_at = now() where sr.id = r.id;
  update public.shop_orders so
     set refunded_amount = so.refunded_amount + r.amount,
         status = case when so.refunded_amount + r.amount = so.total_amount then 'refunded' else 'partially_refunded' end,
         updated_at = now()
   where so.id = r.order_id;
  if o.portfolio_id is not null then
    update public.shop_stock st set held = greatest(0, st.held - back.quantity)
      from (select i.item_id, i.option_id, sum(l.quantity)::integer as quantity
              from jsonb_to_recordset(r.lines) as l (line integer, quantity integer)
              join public.shop_order_items i on i.order_id = r.order_id and i.line = l.line
             group by i.item_id, i.option_id) back
     where st.portfolio_id = o.portfolio_id and st.item_id = back.item_id and st.option_id = back.option_id;
  end if;
  return true;
end;
$$;

revoke all on function public.claim_shop_order_refund(uuid, uuid, text, jsonb, boolean), public.shop_order_refund_settled(uuid, text)
  from public, anon, authenticated;
grant execute on function public.claim_shop_order_refund(uuid, uuid, text, jsonb, boolean), public.shop_order_refund_settled(uuid, text)
  to service_role;

-- New and changed orders reach /account without a reload (Postgres Changes, to the owner alone by the
-- select policies above).
alter publication supabase_realtime add table public.shop_orders;
