-- A payment owed back whose refund was not made (Razorpay refused it, answered failed, or the seller
-- was not connected) waited for its event to come again. The sweep now retries it
-- (shopOrderPayments.ts retryOwedRefunds): owed_refunds_to_retry hands each such payment to one
-- caller, as record_shop_order_payment does, by the same claim (refund_claimed_at, under the row's
-- lock): a delivery of the event or the buyer's return meanwhile answers 'refund_underway', and a
-- claim of theirs keeps the sweep off it. Each payment is retried at most every 15 minutes
-- (refund_retried_at), and only while its seller is connected with the account it was paid on: a
-- seller who disconnected is left alone until they connect again, and the next sweep refunds it.
-- Its outcome is recorded by the same shop_order_payment_refunded / _refund_at_razorpay as before.

alter table public.shop_order_returned_payments add column refund_retried_at timestamptz;

-- How long the sweep waits between two tries of the same refund: the one place this lives.
create function public.owed_refund_retry_interval() returns interval
language sql immutable set search_path = '' as $$ select interval '15 minutes' $$;

-- Claims up to `batch` payments owed back (no refund made, or Razorpay's failed) that nobody is
-- refunding now and that were not retried in the last interval, of sellers connected with the
-- account the payment was taken on; each with its owner to refund it as.
create function public.owed_refunds_to_retry(batch integer default 50)
returns table (payment_id text, owner_id uuid)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with due as (
    select r.payment_id, o.owner_id
      from public.shop_order_returned_payments r
      join public.shop_orders o on o.id = r.order_id
      join public.seller_accounts s on s.owner_id = o.owner_id and s.razorpay_account_id = o.razorpay_account_id
     where (r.refund_status is null or r.refund_status = 'failed')
       and (r.refund_claimed_at is null or r.refund_claimed_at <= now() - interval '2 minutes')
       and (r.refund_retried_at is null or r.refund_retried_at <= now() - public.owed_refund_retry_interval())
     order by r.created_at
     limit batch
       for update of r skip locked
  )
  update public.shop_order_returned_payments r set refund_claimed_at = now(), refund_retried_at = now()
    from due where r.payment_id = due.payment_id
  returning r.payment_id, due.owner_id;
end;
$$;

revoke all on function public.owed_refunds_to_retry(integer), public.owed_refund_retry_interval() from public, anon, authenticated;
grant execute on function public.owed_refunds_to_retry(integer), public.owed_refund_retry_interval() to service_role;
