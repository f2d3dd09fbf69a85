-- Views of published pages, counted without cookies, without IP addresses and without page script:
-- the site's server counts each page it serves (scripts/lib/pageViews.mjs; a CDN in production, see
-- docs/DEPLOY.md) by calling count_page_view with the page's address and the host of the site that
-- linked to it. Only day totals are kept: views per page and day, and views per page, day and
-- referring host. Nothing identifies a visitor, so three visits are three views whoever made them.
-- The page's owner reads their own counts; nobody writes the tables but count_page_view.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.page_view_days (
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  day date not null,
  views integer not null default 0 check (views >= 0),
  primary key (portfolio_id, day)
);

create table public.page_view_referrers (
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  day date not null,
  -- The linking site's host name, lowercase (browsers send only the origin to another site).
  referrer text not null,
  views integer not null default 0 check (views >= 0),
  primary key (portfolio_id, day, referrer),
  constraint page_view_referrers_host check (
    length(referrer) <= 253 and referrer ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$'
  )
);

alter table public.page_view_days enable row level security;
alter table public.page_view_referrers enable row level security;

create policy "page views: the page's owner reads them" on public.page_view_days
  for select to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

create policy "page referrers: the page's owner reads them" on public.page_view_referrers
  for select to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

revoke all on public.page_view_days, public.page_view_referrers from public, anon, authenticated;
grant select on public.page_view_days, public.page_view_referrers to authenticated;
grant all on public.page_view_days, public.page_view_referrers to service_role;

-- How many referring hosts a page keeps per day; views from further ones count, their hosts do not
-- (so nobody can grow a page's rows without end by inventing referrers).
create function public.page_referrers_per_day() returns integer
language sql immutable set search_path = '' as $$ select 50 $$;

-- One view of the published page at `page_slug`, linked from `referrer_host` (null: typed, a
-- bookmark, or a site that sends no referrer). Anything else is no view: an unknown or unpublished
-- address, a referrer that is not a host name (counted as a view without it). Security definer:
-- callers (the site's server, with the anon key) write nothing else and read nothing back. A caller
-- can add no more than a visitor can by opening the page.
create function public.count_page_view(page_slug text, referrer_host text default null) returns void
language plpgsql security definer set search_path = '' as $$
declare
  page uuid;
  today date := (now() at time zone 'utc')::date;
  host text := lower(nullif(trim(referrer_host), ''));
begin
  select p.id into page from public.portfolios p where p.slug = page_slug and p.published;
  if page is null then
    return;
  end if;
  insert into public.page_view_days as d (portfolio_id, day, views) values (page, today, 1)
    on conflict (portfolio_id, day) do update set views = d.views + 1;
  if host is null or length(host) > 253 or host !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$' then
    return;
  end if;
  if exists (select 1 from public.page_view_referrers r where r.portfolio_id = page and r.day = today and r.referrer = host)
     or (select count(*) from public.page_view_referrers r where r.portfolio_id = page and r.day = today)
        < public.page_referrers_per_day() then
    insert into public.page_view_referrers as r (portfolio_id, day, referrer, views) values (page, today, host, 1)
      on conflict (portfolio_id, day, referrer) do update set views = r.views + 1;
  end if;
end;
$$;

revoke all on function public.count_page_view(text, text) from public;
grant execute on function public.count_page_view(text, text) to anon, authenticated, service_role;

-- The sites that sent a page the most views since a day, for its owner's chart (row-level security
-- applies: another user's page answers nothing).
create function public.top_page_referrers(page uuid, since date, how_many integer default 5)
returns table (referrer text, views bigint)
language sql stable set search_path = '' as $$
  select r.referrer, sum(r.views)::bigint as views
    from public.page_view_referrers r
   where r.portfolio_id = page and r.day >= since
   group by r.referrer
   order by views desc, r.referrer
   limit least(greatest(how_many, 1), 20);
$$;

revoke all on function public.top_page_referrers(uuid, date, integer) from public, anon;
grant execute on function public.top_page_referrers(uuid, date, integer) to authenticated, service_role;
