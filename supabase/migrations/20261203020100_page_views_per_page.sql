-- A site of several pages (templates/src/model/site.ts) counts its views per page too: the site's
-- server names the page it answered ('' for home, 'projects' for /p/<slug>/projects/, and paths
-- under the blog such as 'blog/first-post'), and the owner sees a page's views beside the site's.
-- The day's total (page_view_days) stays what it was, so the charts of today read the same.
-- At most page_view_pages_per_day() pages a site a day get a row (views of further ones still count
-- in the total), so a visitor inventing addresses cannot grow the table.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.page_view_pages (
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  day date not null,
  page text not null check (length(page) <= 200 and page ~ '^([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$'),
  views integer not null default 0 check (views >= 0),
  primary key (portfolio_id, day, page)
);

alter table public.page_view_pages enable row level security;

create policy "page views per page: the page's owner reads them" on public.page_view_pages
  for select to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

revoke all on public.page_view_pages from public, anon, authenticated;
grant select on public.page_view_pages to authenticated;
grant all on public.page_view_pages to service_role;

create function public.page_view_pages_per_day() returns integer
language sql immutable set search_path = '' as $$ select 600 $$;

drop function public.count_page_view(text, text, text);

-- One view of the published site at `page_slug`, of its page `page_path`, by `client`, linked from
-- `referrer_host`; as before (20261201010200_page_views_from_the_site_server.sql), and counted per page.
create function public.count_page_view(page_slug text, client text, referrer_host text default null, page_path text default '')
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  site_id uuid;
  today date := (now() at time zone 'utc')::date;
  host text := lower(nullif(trim(referrer_host), ''));
  path text := coalesce(page_path, '');
  seen integer;
begin
  select p.id into site_id from public.portfolios p where p.slug = page_slug and p.published;
  if site_id is null then
    return false;
  end if;
  delete from public.page_view_clients c where c.day < today - 1;
  insert into public.page_view_clients as c (portfolio_id, day, client_key, views) values (site_id, today, client, 1)
    on conflict (portfolio_id, day, client_key) do update set views = c.views + 1
    returning c.views into seen;
  if seen > public.page_views_per_client_per_day() then
    return false;
  end if;
  insert into public.page_view_days as d (portfolio_id, day, views) values (site_id, today, 1)
    on conflict (portfolio_id, day) do update set views = d.views + 1;
  if length(path) <= 200 and path ~ '^([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$'
     and (exists (select 1 from public.page_view_pages v where v.portfolio_id = site_id and v.day = today and v.page = path)
          or (select count(*) from public.page_view_pages v where v.portfolio_id = site_id and v.day = today)
             < public.page_view_pages_per_day()) then
    insert into public.page_view_pages as v (portfolio_id, day, page, views) values (site_id, today, path, 1)
      on conflict (portfolio_id, day, page) do update set views = v.views + 1;
  end if;
  if host is null or length(host) > 253 or host !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$' then
    return true;
  end if;
  if exists (select 1 from public.page_view_referrers r where r.portfolio_id = site_id and r.day = today and r.referrer = host)
     or (select count(*) from public.page_view_referrers r where r.portfolio_id = site_id and r.day = today)
        < public.page_referrers_per_day() then
    insert into public.page_view_referrers as r (portfolio_id, day, referrer, views) values (site_id, today, host, 1)
      on conflict (portfolio_id, day, referrer) do update set views = r.views + 1;
  end if;
  return true;
end;
$$;

revoke all on function public.count_page_view(text, text, text, text) from public, anon, authenticated;
grant execute on function public.count_page_view(text, text, text, text) to service_role;
