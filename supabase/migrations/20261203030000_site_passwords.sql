-- Pages behind a password (issue 49; Pro and Premium). The owner sets a site's password through the
-- publish function (action set-site-password), which keeps only a salted PBKDF2 hash of it here: no
-- user reads this table, not even its owner (RLS on, no policy). The site's server checks a visitor's
-- password with the service role: site_password_salt gives it the salt to hash what was typed with,
-- check_site_password compares and counts wrong tries in a row per site and client (five, then each
-- further try waits, doubling), beside take_rate_limit's budget per site across every client. The
-- files of a protected page are written to the private `protected-sites` bucket, which only the
-- service role reads; the public `sites` bucket keeps only its pointers.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.site_passwords (
  portfolio_id uuid primary key references public.portfolios (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  -- PBKDF2-HMAC-SHA512 of the password with `salt`, `iterations` rounds (hex).
  hash text not null check (hash ~ '^[0-9a-f]{128}$'),
  salt text not null check (salt ~ '^[0-9a-f]{32}$'),
  iterations integer not null check (iterations between 100000 and 10000000),
  -- Changes with every password: the site's cookies name it, so a new password lets nobody in on an old one.
  generation uuid not null default gen_random_uuid(),
  updated_at timestamptz not null default now()
);

alter table public.site_passwords enable row level security;
revoke all on public.site_passwords from public, anon, authenticated;
grant all on public.site_passwords to service_role;

-- Wrong tries in a row, per site and client (the site server's HMAC of the visitor's address and the day).
create table public.site_password_failures (
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  client text not null check (client ~ '^[0-9a-f]{32,64}$'),
  failures integer not null default 0 check (failures >= 0),
  last_failed_at timestamptz not null default now(),
  primary key (portfolio_id, client)
);

alter table public.site_password_failures enable row level security;
revoke all on public.site_password_failures from public, anon, authenticated;
grant all on public.site_password_failures to service_role;

-- Which plans put pages behind a password: the one place this lives.
create function public.plan_protects_pages(plan text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(plan in ('pro', 'premium'), false);
$$;

-- How many wrong tries in a row a client has before it is slowed down, and how long it then waits.
create function public.site_password_free_tries() returns integer
language sql immutable set search_path = '' as $$ select 5 $$;

-- The wait after `failures` wrong tries in a row: none for the first five, then 30 s, doubling, at most 15 minutes.
create function public.site_password_wait_seconds(failures integer) returns integer
language sql immutable set search_path = '' as $$
  select case when failures < public.site_password_free_tries() then 0
              else least(900, 30 * power(2, least(failures - public.site_password_free_tries(), 10)))::integer end;
$$;

-- The published portfolio at `page_slug` whose published version is behind its password, with that password.
create function public.protected_site_at(page_slug text)
returns table (portfolio_id uuid, hash text, salt text, iterations integer, generation uuid)
language sql stable security definer set search_path = '' as $$
  select p.id, s.hash, s.salt, s.iterations, s.generation
    from public.portfolios p
    join public.published_pages pp on pp.portfolio_id = p.id and pp.slug = p.slug
    join public.site_passwords s on s.portfolio_id = p.id
   where p.slug = page_slug and p.published and (pp.data -> 'site' ->> 'protected') = 'true';
$$;

-- Before a try: the salt and rounds to hash what the visitor typed with, or how long they must wait
-- (retry_after > 0; salt null). No row: no protected site at that address. Each try spends one of
-- the site's budget across all clients (60 in 10 minutes), so many clients together guess slowly too.
create function public.site_password_salt(page_slug text, client text)
returns table (salt text, iterations integer, retry_after integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  site record;
  waiting integer := 0;
  failed record;
begin
  select * into site from public.protected_site_at(page_slug);
  if site.portfolio_id is null then
    return;
  end if;
  select f.failures, f.last_failed_at into failed
    from public.site_password_failures f where f.portfolio_id = site.portfolio_id and f.client = site_password_salt.client;
  if failed.failures is not null then
    waiting := ceil(extract(epoch from failed.last_failed_at
                      + make_interval(secs => public.site_password_wait_seconds(failed.failures)) - now()))::integer;
  end if;
  if waiting <= 0 then
    waiting := public.take_rate_limit('site password ' || site.portfolio_id::text, 60, 600);
  end if;
  if waiting > 0 then
    return query select null::text, null::integer, waiting;
    return;
  end if;
  return query select site.salt, site.iterations, 0;
end;
$$;

-- A try: `candidate` is the hex PBKDF2 hash of what the visitor typed (site_password_salt's salt and
-- rounds). Right: the password's generation (the site's cookies name it) and the count starts again.
-- Wrong: null generation, and how long the client now waits before its next try.
create function public.check_site_password(page_slug text, client text, candidate text)
returns table (generation uuid, retry_after integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  site record;
  failed integer;
begin
  select * into site from public.protected_site_at(page_slug);
  if site.portfolio_id is null then
    return;
  end if;
  if candidate = site.hash then
    delete from public.site_password_failures f where f.portfolio_id = site.portfolio_id and f.client = check_site_password.client;
    return query select site.generation, 0;
    return;
  end if;
  insert into public.site_password_failures as f (portfolio_id, client, failures, last_failed_at)
    values (site.portfolio_id, check_site_password.client, 1, now())
    on conflict (portfolio_id, client) do update set failures = f.failures + 1, last_failed_at = now()
    returning f.failures into failed;
  return query select null::uuid, public.site_password_wait_seconds(failed);
end;
$$;

-- The addresses of published sites behind a password: left out of /p/sitemap.xml.
create function public.protected_slugs() returns setof text
language sql stable security definer set search_path = '' as $$
  select p.slug from public.portfolios p
    join public.published_pages pp on pp.portfolio_id = p.id and pp.slug = p.slug
   where p.published and (pp.data -> 'site' ->> 'protected') = 'true';
$$;

-- The address of the portfolio's page while its published version is behind its password, else null.
create function public.protected_site_at_portfolio(portfolio uuid) returns text
language sql stable set search_path = '' as $$
  select p.slug from public.portfolios p
    join public.published_pages pp on pp.portfolio_id = p.id and pp.slug = p.slug
   where p.id = portfolio and p.published and (pp.data -> 'site' ->> 'protected') = 'true';
$$;

revoke all on function public.protected_site_at(text), public.protected_site_at_portfolio(uuid), public.site_password_salt(text, text),
  public.check_site_password(text, text, text), public.protected_slugs()
  from public, anon, authenticated;
grant execute on function public.protected_site_at(text), public.protected_site_at_portfolio(uuid), public.site_password_salt(text, text),
  public.check_site_password(text, text, text), public.protected_slugs(), public.plan_protects_pages(text)
  to service_role;

-- Wrong tries older than a day are forgotten by the sweep, with the other rate-limit records.
create or replace function public.sweep_site_password_failures() returns void
language sql security definer set search_path = '' as $$
  delete from public.site_password_failures where last_failed_at < now() - interval '1 day';
$$;
revoke all on function public.sweep_site_password_failures() from public, anon, authenticated;
grant execute on function public.sweep_site_password_failures() to service_role;

-- The private bucket of protected pages: no policy lets anyone but the service role in.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'protected-sites', 'protected-sites', false, 10485760,
  array['text/html', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/octet-stream',
        'image/svg+xml', 'font/woff2', 'application/xml']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;
