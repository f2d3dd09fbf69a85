-- A page behind the site's password, not only the whole site (issue 49; Pro and Premium). A published
-- version asks for the password when the site does (`site.protected`) or any of its pages does
-- (`pages[].protected`): then the password form, its checks and its wrong-try counts apply to the
-- site's address, and the private bucket holds that site's protected pages. The sitemap still leaves
-- out only whole sites (protected_slugs); a protected page is left out by published_site_pages.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- Whether a portfolio's values put the site, or any one of its pages, behind its password.
create function public.asks_for_password(data jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce((data -> 'site' ->> 'protected') = 'true', false)
      or (jsonb_typeof(data -> 'pages') = 'array'
          and exists (select 1 from jsonb_array_elements(data -> 'pages') page where (page -> 'protected') = 'true'::jsonb));
$$;

create or replace function public.protected_site_at(page_slug text)
returns table (portfolio_id uuid, hash text, salt text, iterations integer, generation uuid)
language sql stable security definer set search_path = '' as $$
  select p.id, s.hash, s.salt, s.iterations, s.generation
    from public.portfolios p
    join public.published_pages pp on pp.portfolio_id = p.id and pp.slug = p.slug
    join public.site_passwords s on s.portfolio_id = p.id
   where p.slug = page_slug and p.published and public.asks_for_password(pp.data);
$$;

create or replace function public.protected_site_at_portfolio(portfolio uuid) returns text
language sql stable set search_path = '' as $$
  select p.slug from public.portfolios p
    join public.published_pages pp on pp.portfolio_id = p.id and pp.slug = p.slug
   where p.id = portfolio and p.published and public.asks_for_password(pp.data);
$$;

-- The addresses whose published version keeps anything in the private bucket (what the sweep leaves there).
create function public.private_site_slugs() returns setof text
language sql stable security definer set search_path = '' as $$
  select p.slug from public.portfolios p
    join public.published_pages pp on pp.portfolio_id = p.id and pp.slug = p.slug
   where p.published and public.asks_for_password(pp.data);
$$;

revoke all on function public.private_site_slugs() from public, anon, authenticated;
grant execute on function public.private_site_slugs(), public.asks_for_password(jsonb) to service_role;
