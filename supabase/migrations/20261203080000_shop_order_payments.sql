-- A shop order gets paid (issue 48). Razorpay's signed webhook (payment.captured, order.paid) on the
-- seller's connected account is the source of truth, and the buyer's return from checkout, once its
-- signature is checked and the payment read back from Razorpay, records the same fact the same way:
-- record_shop_order_payment, one locked row, decides what a captured payment means for its order.
--   - a pending order is paid, once; its stock stays held for good (expiry only ends pending orders);
--   - the same payment again (a late, repeated or replayed event, or the callback after the webhook)
--     changes nothing;
--   - a payment on another account, for another amount, or for an order nobody here made, changes nothing;
--   - a payment for an order that is no longer pending (expired, cancelled, or paid by another payment)
--     is kept here as owed back; the function refunds it through Razorpay and marks it refunded, once.

alter table public.shop_orders
  add column razorpay_payment_id text unique check (razorpay_payment_id ~ '^pay_[A-Za-z0-9]{14}$');
alter table public.shop_orders
  add constraint shop_orders_paid_has_payment check (status not in ('paid', 'refunded', 'partially_refunded')
    or (razorpay_payment_id is not null and paid_at is not null));

-- Captured payments that did not pay their order, and so are given back.
create table public.shop_order_returned_payments (
  payment_id text primary key check (payment_id ~ '^pay_[A-Za-z0-9]{14}$'),
  order_id uuid not null references public.shop_orders (id) on delete cascade,
  amount integer not null check (amount >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- What the order was when the payment came.
  order_status text not null,
  -- When a call last took on the refund: another delivery meanwhile does not refund it a second time.
  refund_claimed_at timestamptz,
  refund_id text check (refund_id ~ '^rfnd_[A-Za-z0-9]{14}$'),
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  check ((refund_id is null) = (refunded_at is null))
);
alter table public.shop_order_returned_payments enable row level security;
revoke all on public.shop_order_returned_payments from public, anon, authenticated;
grant all on public.shop_order_returned_payments to service_role;

-- What a captured payment means for its order. outcome:
--   'paid'             the order was pending and is paid now (mail the receipt)
--   'already_paid'     this payment had paid it before
--   'refund'           the order was not pending: refund this payment, then call shop_order_payment_refunded
--   'already_refunded' this payment was refunded before
--   'refund_underway'  another call is refunding this payment (it took it on in the last 2 minutes)
--   'unknown'          no shop order has this Razorpay order id
--   'foreign'          the order is on another Razorpay account than the event's
--   'mismatch'         the amount or currency is not the order's
create function public.record_shop_order_payment(
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
  select * into returned from public.shop_order_returned_payments r where r.payment_id = payment;
  if found then
    if returned.refund_id is not null then
      return query select 'already_refunded'::text, o.id, o.order_number, o.owner_id;
    elsif returned.refund_claimed_at > now() - interval '2 minutes' then
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

-- The refund Razorpay made for a payment owed back (no refund: it could not be made now, so the
-- next delivery of the event tries again). False when it was not owed or already marked.
create function public.shop_order_payment_refunded(payment text, refund text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.shop_order_returned_payments r
     set refund_id = refund, refunded_at = case when refund is null then null else now() end,
         refund_claimed_at = case when refund is null then null else r.refund_claimed_at end
   where r.payment_id = payment and r.refund_id is null;
  return found;
end;
$$;

revoke all on function public.record_shop_order_payment(text, text, text, integer, text),
  public.shop_order_payment_refunded(text, text) from public, anon, authenticated;
grant execute on function public.record_shop_order_payment(text, text, text, integer, text),
  public.shop_order_payment_refunded(text, text) to service_role;
