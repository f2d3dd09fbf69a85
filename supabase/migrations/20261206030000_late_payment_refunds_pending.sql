-- A payment that came for an order no longer pending is refunded in full (shopOrderPayments.ts), and
-- Razorpay may answer that refund `pending`, as it may an owner's (20261203160000): it is not given back
-- yet. So a payment owed back records where its refund stands (refund_status):
--   null        owed: no refund made yet (or a call is making one, refund_claimed_at)
--   'pending'   under way at Razorpay (refund_id): the account's webhook ends it
--   'processed' given back (refunded_at)
--   'failed'    Razorpay could not make it (refund_id is that refund's): owed again, the next delivery
--               of the payment's event (or the buyer's return) refunds it again
-- and the same three steps as an owner's refund settle it: shop_order_payment_refunded (the call's own
-- answer, processed or none made), shop_order_payment_refund_at_razorpay (its answer `pending`) and
-- shop_order_refund_event (refund.processed / refund.failed, found by the payment: on the order's own
-- account, for the whole payment, once; a replay answers 'already').

alter table public.shop_order_returned_payments
  add column refund_status text check (refund_status in ('pending', 'processed', 'failed'));
update public.shop_order_returned_payments set refund_status = 'processed' where refund_id is not null;
alter table public.shop_order_returned_payments
  drop constraint shop_order_returned_payments_check,
  add constraint shop_order_returned_payments_refund_known check ((refund_status is null) = (refund_id is null)),
  add constraint shop_order_returned_payments_refunded_when_processed
    check ((refunded_at is not null) = (refund_status is not distinct from 'processed'));

-- As before, but a refund under way at Razorpay is 'refund_underway' until its webhook, and one that
-- failed there is taken on again.
create or replace function public.record_shop_order_payment(
  razorpay_order text, account text, payment text, paid_amount integer, paid_currency text
) returns table (outcome text, order_id uuid, order_number text, owner_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  o public.shop_orders%rowtype;
  returned public.shop_order_returned_payments%rowtype;
begin
  -- The row lock makes a second delivery of the same event wait for the first and see what it did.
  select * into o from public.shop_orders so where so.razorpay_order_id = razorpay_order for update;
  if not found then
    return query select 'unknown'::text, null::uuid, null::text, null::uuid;
    return;
  end if;
  if o.razorpay_account_id is distinct from account then
    return query select 'foreign'::text, null::uuid, null::text, null::uuid;
    return;
  end if;
  if o.razorpay_payment_id = payment then
    return query select 'already_paid'::text, o.id, o.order_number, o.owner_id;
    return;
  end if;
  if paid_amount is distinct from o.total_amount or paid_currency is distinct from o.currency then
    return query select 'mismatch'::text, o.id, o.order_number, o.owner_id;
    return;
  end if;
  select * into returned from public.shop_order_returned_payments r where r.payment_id = payment for update;
  if found then
    if returned.refund_status = 'processed' then
      return query select 'already_refunded'::text, o.id, o.order_number, o.owner_id;
    elsif returned.refund_status = 'pending' or returned.refund_claimed_at > now() - interval '2 minutes' then
      return query select 'refund_underway'::text, o.id, o.order_number, o.owner_id;
    else
      update public.shop_order_returned_payments r set refund_claimed_at = now() where r.payment_id = payment;
      return query select 'refund'::text, o.id, o.order_number, o.owner_id;
    end if;
    return;
  end if;
  if o.status = 'pending' then
    -- Paid even a moment past expires_at: until the sweep ends it, its stock is still held.
    update public.shop_orders so set status = 'paid', razorpay_payment_id = payment, paid_at = now(), updated_at = now()
     where so.id = o.id;
    return query select 'paid'::text, o.id, o.order_number, o.owner_id;
    return;
  end if;
  insert into public.shop_order_returned_payments (payment_id, order_id, amount, currency, order_status, refund_claimed_at)
  values (payment, o.id, paid_amount, paid_currency, o.status, now());
  return query select 'refund'::text, o.id, o.order_number, o.owner_id;
end;
$$;

-- The refund Razorpay made (`processed`) for a payment owed back, or none (it could not be made now:
-- the claim is let go, so the next delivery of the event tries again). False when it was not owed.
create or replace function public.shop_order_payment_refunded(payment text, refund text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if refund is null then
    update public.shop_order_returned_payments r set refund_claimed_at = null
     where r.payment_id = payment and (r.refund_status is null or r.refund_status = 'failed');
  else
    update public.shop_order_returned_payments r set refund_id = refund, refund_status = 'processed', refunded_at = now()
     where r.payment_id = payment and (r.refund_status is null or r.refund_status = 'failed');
  end if;
  return found;
end;
$$;

-- Razorpay answered the refund of a payment owed back `pending`: under way with its id. False when its
-- webhook came first (it is processed, or failed with this id) or it was not owed.
create function public.shop_order_payment_refund_at_razorpay(payment text, refund text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.shop_order_returned_payments r set refund_id = refund, refund_status = 'pending'
   where r.payment_id = payment and (r.refund_status is null or (r.refund_status = 'failed' and r.refund_id <> refund));
  return found;
end;
$$;

-- As before for an owner's refund (found by Razorpay's id or the notes' shop_refund). A refund of a
-- payment owed back is found by its payment, answered with no refund_id (no buyer's mail, no stock:
-- its order held none) and the order's id:
--   'processed' / 'failed' this call settled it, or made it owed again
--   'already'   it was settled with this refund before
--   'foreign'   the order is on another account
--   'mismatch'  not the whole payment, or another refund than the one under way or made
create or replace function public.shop_order_refund_event(
  account text, razorpay_refund text, payment text, refund_amount integer, shop_refund text, outcome text
) returns table (result text, refund_id uuid, order_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  r public.shop_order_refunds%rowtype;
  o public.shop_orders%rowtype;
  returned public.shop_order_returned_payments%rowtype;
begin
  if outcome not in ('processed', 'failed') then
    raise exception using errcode = '22023', message = 'outcome is processed or failed';
  end if;
  select * into r from public.shop_order_refunds sr where sr.razorpay_refund_id = razorpay_refund for update;
  if not found and shop_refund ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into r from public.shop_order_refunds sr where sr.id = shop_refund::uuid for update;
  end if;
  if r.id is null then
    select * into returned from public.shop_order_returned_payments rp where rp.payment_id = payment for update;
    if not found then
      return query select 'unknown'::text, null::uuid, null::uuid;
      return;
    end if;
  end if;
  select * into o from public.shop_orders so where so.id = coalesce(r.order_id, returned.order_id);
  if o.razorpay_account_id is distinct from account then
    return query select 'foreign'::text, null::uuid, null::uuid;
    return;
  end if;
  if r.id is null then
    if returned.refund_id = razorpay_refund and returned.refund_status in ('processed', 'failed') then
      return query select 'already'::text, null::uuid, o.id;
      return;
    end if;
    if returned.amount <> refund_amount
       or (returned.refund_id is not null and returned.refund_id <> razorpay_refund and returned.refund_status <> 'failed') then
      return query select 'mismatch'::text, null::uuid, null::uuid;
      return;
    end if;
    -- Under way, or the event came before the call stored Razorpay's answer: settled with this refund.
    if outcome = 'processed' then
      update public.shop_order_returned_payments rp
         set refund_id = razorpay_refund, refund_status = 'processed', refunded_at = now()
       where rp.payment_id = payment;
    else
      update public.shop_order_returned_payments rp
         set refund_id = razorpay_refund, refund_status = 'failed', refund_claimed_at = null
       where rp.payment_id = payment;
    end if;
    return query select outcome, null::uuid, o.id;
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

revoke all on function public.shop_order_payment_refund_at_razorpay(text, text) from public, anon, authenticated;
grant execute on function public.shop_order_payment_refund_at_razorpay(text, text) to service_role;
