-- Closing a shop at once (issue 48): unpublishing a page, deleting its portfolio, deleting the account,
-- or a plan that lapsed. close_shop, called from each of those places, cancels the pending orders and
-- gives their stock back; a payment that still arrives for one of them finds it no longer pending, and
-- record_shop_order_payment hands it to the late-payment refund (20261203080000_shop_order_payments.sql).
-- Paid orders are left as they are: the owner still owes those buyers their goods or a refund.

-- Cancels `shop_owner`'s pending orders (only those of portfolio `page`, when given), their stock back;
-- the number cancelled. A pending order is changed once (the UPDATE re-checks a row another call
-- changed first), so stock is never given back twice, whoever closes or expires it at the same time.
create function public.close_shop(shop_owner uuid, page uuid default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  ended uuid[];
begin
  with closed as (
    update public.shop_orders o set status = 'cancelled', updated_at = now()
     where o.owner_id = shop_owner and o.status = 'pending' and (page is null or o.portfolio_id = page)
    returning o.id)
  select coalesce(array_agg(id), '{}') into ended from closed;
  perform public.shop_stock_give_back(ended);
  return coalesce(array_length(ended, 1), 0);
end;
$$;

-- Owners with pending orders whose plan lapsed: no plan now, though they held one (a subscription, or
-- a paid plan pass). The sweep closes their shops.
create function public.shops_past_their_plan() returns table (owner_id uuid)
language sql stable security definer set search_path = '' as $$
  select distinct o.owner_id
    from public.shop_orders o
   where o.status = 'pending'
     and public.active_plan(o.owner_id) is null
     and (exists (select 1 from public.subscriptions s where s.user_id = o.owner_id)
          or exists (select 1 from public.purchases p
                      where p.user_id = o.owner_id and p.item_type = 'plan' and p.status = 'paid'));
$$;

revoke all on function public.close_shop(uuid, uuid), public.shops_past_their_plan() from public, anon, authenticated;
grant execute on function public.close_shop(uuid, uuid), public.shops_past_their_plan() to service_role;
