-- A payment that came after its order closed, and where its refund stands, are kept beside the order
-- (shop_order_returned_payments), which no client reads or hears: an owner's open /account, which
-- listens to shop_orders, showed the line about it only after a reload. When what the owner reads of
-- it changes (it came; its refund is under way, made or failed), its order is written with the values
-- it has, so that change is heard as the order's; nothing of the order itself changes, not even
-- updated_at (the timeline dates an expiry by it).
create function public.late_payment_touches_its_order() returns trigger
language plpgsql set search_path = '' as $$
begin
  update public.shop_orders o set updated_at = o.updated_at where o.id = new.order_id;
  return null;
end;
$$;

create trigger late_payment_touches_its_order
  after insert or update of refund_status, refunded_at on public.shop_order_returned_payments
  for each row execute function public.late_payment_touches_its_order();
