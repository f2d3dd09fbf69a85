-- Page views are counted by the site's server alone, with its own credential (the service role key,
-- never shipped to a browser): count_page_view was granted to anon, so anyone could add hundreds of
-- views a second and plant referrers in an owner's chart. The server also names the client (its key
-- for the visitor's address and the day, never the address), and one client counts at most
-- page_views_per_client_per_day() views of a page a day; further visits are not views.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.page_view_clients (
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  day date not null,
  client_key text not null check (client_key ~ '^[0-9a-f]{32,64}$'),
  views integer not null default 0 check (views >= 0),
  primary key (portfolio_id, day, client_key)
);

alter table public.page_view_clients enable row level security;
revoke all on public.page_view_clients from public, anon, authenticated;
grant all on public.page_view_clients to service_role;

create function public.page_views_per_client_per_day() returns integer
language sql immutable set search_path = '' as $$ select 10 $$;

drop function public.count_page_view(text, text);

-- One view of the published page at `page_slug` by `client`, linked from `referrer_host` (null: typed,
-- a bookmark, or a site that sends no referrer). Answers whether it counted: not for an unknown or
-- unpublished address, nor past the client's views of the page today. A referrer that is not a host
-- name counts as a view without it. Security definer, for the service role only (the site's server).
create function public.count_page_view(page_slug text, client text, referrer_host text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  page uuid;
  today date := (now() at time zone 'utc')::date;
  host text := lower(nullif(trim(referrer_host), ''));
  seen integer;
begin
  select p.id into page from public.portfolios p where p.slug = page_slug and p.published;
  if page is null then
    return false;
  end if;
  delete from public.page_view_clients c where c.day < today - 1;
  insert into public.page_view_clients as c (portfolio_id, day, client_key, views) values (page, today, client, 1)
    on conflict (portfolio_id, day, client_key) do update set views = c.views + 1
    returning c.views into seen;
  if seen > public.page_views_per_client_per_day() then
    return false;
  end if;
  insert into public.page_view_days as d (portfolio_id, day, views) values (page, today, 1)
    on conflict (portfolio_id, day) do update set views = d.views + 1;
  if host is null or length(host) > 253 or host !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$' then
    return true;
  end if;
  if exists (select 1 from public.page_view_referrers r where r.portfolio_id = page and r.day = today and r.referrer = host)
     or (select count(*) from public.page_view_referrers r where r.portfolio_id = page and r.day = today)
        < public.page_referrers_per_day() then
    insert into public.page_view_referrers as r (portfolio_id, day, referrer, views) values (page, today, host, 1)
      on conflict (portfolio_id, day, referrer) do update set views = r.views + 1;
  end if;
  return true;
end;
$$;

revoke all on function public.count_page_view(text, text, text) from public, anon, authenticated;
grant execute on function public.count_page_view(text, text, text) to service_role;
