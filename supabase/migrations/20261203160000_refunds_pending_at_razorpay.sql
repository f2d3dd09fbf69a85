-- A refund Razorpay answers `pending` is not a refund made (issue 48). POST /payments/:id/refund
-- answers a refund entity `pending` or `processed`; a pending one ends later in the account's webhook
-- `refund.processed` or `refund.failed`. So a refund of a shop order is settled by whichever comes:
--   shop_order_refund_settled     the function's own answer, `processed` (as before), or no refund made
--   shop_order_refund_at_razorpay the function's answer `pending`: the refund keeps Razorpay's id and
--                                 stays under way (no other refund of the order meanwhile)
--   shop_order_refund_event       the webhook: `refund.processed` settles it, `refund.failed` reopens it
--                                 (its quantities are refundable again); on the order's own account,
--                                 for its payment and the refund's amount, once (a replay answers 'already')
-- The stock comes back only when the refund is processed, not when it is claimed: until the money is
-- back the sale stands, and a refund Razorpay fails leaves the items the buyer's, so they must not have
-- been sold again meanwhile.
-- Events may come before the function's answer is stored: the webhook finds the refund by the id the
-- function sent in the refund's notes (`shop_refund`), records Razorpay's id itself, and the answer
-- that comes after finds the refund settled and changes nothing.

-- Pending with Razorpay's id: under way at Razorpay. Failed with it: Razorpay could not make it.
alter table public.shop_order_refunds
  drop constraint shop_order_refunds_check,
  add constraint shop_order_refunds_processed_at_razorpay check (status <> 'processed' or razorpay_refund_id is not null);

-- What Razorpay answered for a pending refund: its id (processed) or none (no refund made: failed, the
-- quantities free). A refund Razorpay has taken (its id recorded) is ended only by that id or by its
-- webhook: a later press that cannot reach Razorpay (disconnected, refused) does not fail it here.
create or replace function public.shop_order_refund_settled(refund uuid, razorpay_refund text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  r public.shop_order_refunds%rowtype;
  o public.shop_orders%rowtype;
begin
  select * into r from public.shop_order_refunds sr where sr.id = refund for update;
  if not found or r.status <> 'pending' then
    return false;
  end if;
  if r.razorpay_refund_id is not null and razorpay_refund is distinct from r.razorpay_refund_id then
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

-- Razorpay answered `pending`: the refund keeps Razorpay's id and stays under way. False when it was
-- settled meanwhile (the webhook came first) or already knows that id.
create function public.shop_order_refund_at_razorpay(refund uuid, razorpay_refund text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.shop_order_refunds sr set razorpay_refund_id = razorpay_refund
   where sr.id = refund and sr.status = 'pending' and sr.razorpay_refund_id is null;
  return found;
end;
$$;

-- refund.processed / refund.failed on `account` (the event's account_id, signed). Answers:
--   'processed' this call settled it (the caller mails the buyer and re-renders the page's stock)
--   'failed'    this call reopened it
--   'already'   it was settled before (a replay, or the function's answer came first)
--   'unknown'   no refund of a shop order (another app's, or a payment given back by shopOrderPayments)
--   'foreign'   the order is on another account
--   'mismatch'  not this order's payment, amount or Razorpay refund
create function public.shop_order_refund_event(
  account text, razorpay_refund text, payment text, refund_amount integer, shop_refund text, outcome text
) returns table (result text, refund_id uuid, order_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  r public.shop_order_refunds%rowtype;
  o public.shop_orders%rowtype;
begin
  if outcome not in ('processed', 'failed') then
    raise exception using errcode = '22023', message = 'outcome is processed or failed';
  end if;
  select * into r from public.shop_order_refunds sr where sr.razorpay_refund_id = razorpay_refund for update;
  if not found and shop_refund ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into r from public.shop_order_refunds sr where sr.id = shop_refund::uuid for update;
  end if;
  if r.id is null then
    return query select 'unknown'::text, null::uuid, null::uuid;
    return;
  end if;
  select * into o from public.shop_orders so where so.id = r.order_id;
  if o.razorpay_account_id is distinct from account then
    return query select 'foreign'::text, null::uuid, null::uuid;
    return;
  end if;
  if o.razorpay_payment_id is distinct from payment or r.amount <> refund_amount
     or (r.razorpay_refund_id is not null and r.razorpay_refund_id <> razorpay_refund) then
    return query select 'mismatch'::text, null::uuid, null::uuid;
    return;
  end if;
  if r.status <> 'pending' then
    return query select 'already'::text, r.id, r.order_id;
    return;
  end if;
  if outcome = 'processed' then
    perform public.shop_order_refund_settled(r.id, razorpay_refund);
  else
    -- Failed at Razorpay: it keeps Razorpay's id (the owner is told), and its quantities are free again.
    update public.shop_order_refunds sr set status = 'failed', razorpay_refund_id = razorpay_refund, settled_at = now() where sr.id = r.id;
    update public.shop_order_items i set refunded_quantity = i.refunded_quantity - l.quantity
      from jsonb_to_recordset(r.lines) as l (line integer, quantity integer)
     where i.order_id = r.order_id and i.line = l.line;
  end if;
  return query select outcome, r.id, r.order_id;
end;
$$;

revoke all on function public.shop_order_refund_at_razorpay(uuid, text), public.shop_order_refund_event(text, text, text, integer, text, text)
  from public, anon, authenticated;
grant execute on function public.shop_order_refund_at_razorpay(uuid, text), public.shop_order_refund_event(text, text, text, integer, text, text)
  to service_role;
