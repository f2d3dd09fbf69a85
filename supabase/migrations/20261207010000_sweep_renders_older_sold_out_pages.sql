-- A page published before the stock projection ('{?}', 20261206020000_stock_shown_for_older_pages.sql)
-- whose products sold out before that migration was never rendered again: the sweep passed '{?}'
-- rows over and no later stock change came to ask for it, so it kept offering what is gone.
-- The sweep now also lists such pages, a few at a time so that it never spends a whole run on older
-- shops: those whose stock held now makes something sold out, oldest first. Their render records what
-- they show, so each is listed once. A '{?}' page with nothing sold out shows its stock as it is and
-- stays '{?}' until its next stock change.
create or replace function public.pages_showing_old_stock(only_page uuid default null)
returns table (portfolio_id uuid, owner_id uuid, slug text, template_id text, data jsonb, look jsonb,
               badge boolean, customized_look boolean, subscribe_form boolean)
language sql stable security definer set search_path = '' as $$
  select pp.portfolio_id, pp.owner_id, pp.slug, pp.template_id, pp.data, pp.look, pp.badge, pp.customized_look, pp.subscribe_form
    from public.shop_stock_shown shown
    join public.published_pages pp on pp.portfolio_id = shown.portfolio_id
    join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
   where (only_page is null or shown.portfolio_id = only_page)
     and case when shown.sold_out = '{?}' then only_page is not null
              else shown.sold_out is distinct from public.snapshot_sold_out(pp.data, public.shop_stock_held(pp.portfolio_id)) end
  union all
  (select pp.portfolio_id, pp.owner_id, pp.slug, pp.template_id, pp.data, pp.look, pp.badge, pp.customized_look, pp.subscribe_form
     from public.shop_stock_shown shown
     join public.published_pages pp on pp.portfolio_id = shown.portfolio_id
     join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
    where only_page is null and shown.sold_out = '{?}'
      and cardinality(public.snapshot_sold_out(pp.data, public.shop_stock_held(pp.portfolio_id))) > 0
    order by shown.shown_at, shown.portfolio_id
    limit 20);
$$;
