-- The owner's /account shows, on an order, a payment that came after it closed and whether it is
-- refunded (issue 48). shop_order_returned_payments stays closed to every user (RLS on, no grant):
-- my_late_payments answers the caller's own orders' only, what the order's detail says of them
-- (no payment or refund ids), behind the second factor as the orders themselves are.
create function public.my_late_payments()
returns table (order_id uuid, amount integer, currency text, refund_status text, created_at timestamptz, refunded_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select r.order_id, r.amount, r.currency, r.refund_status, r.created_at, r.refunded_at
    from public.shop_order_returned_payments r
    join public.shop_orders o on o.id = r.order_id
   where o.owner_id = auth.uid() and public.mfa_satisfied()
   order by r.created_at;
$$;

revoke all on function public.my_late_payments() from public, anon, authenticated;
grant execute on function public.my_late_payments() to authenticated, service_role;
