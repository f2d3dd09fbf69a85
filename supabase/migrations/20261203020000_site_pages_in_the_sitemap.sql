-- A published portfolio is a site: its home page and the pages in its data's `pages`
-- (templates/src/model/site.ts), each at /p/<slug>/<page>/. The sitemap lists every public page of
-- every published site, from the version that was published (published_pages.data), not from the
-- row's newer unpublished edits. A page behind the password (`protected`) is never listed.
-- The row's limits grow the same way: at most 20 pages besides home (LIMITS.pages in schema.ts).
create function public.published_site_pages()
returns table (slug text, page text, updated_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select pp.slug, page ->> 'slug', pp.published_at
    from public.published_pages pp
    join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
    cross join lateral jsonb_array_elements(case when jsonb_typeof(pp.data -> 'pages') = 'array' then pp.data -> 'pages' else '[]' end) page
   where jsonb_typeof(page -> 'slug') = 'string'
     and (page -> 'protected') is distinct from 'true'::jsonb;
$$;

revoke all on function public.published_site_pages() from public, anon, authenticated;
grant execute on function public.published_site_pages() to service_role;

-- The number of pages a row may hold besides its home page, beside portfolio_limits() (whose shape
-- other code reads): a save with more is refused in the editor's words.
create function public.site_page_limit() returns integer
language sql immutable set search_path = '' as $$
  select 20;
$$;

create function public.portfolios_guard_pages() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  page_count integer := public.json_list_length(new.data -> 'pages');
begin
  if page_count > public.site_page_limit() then
    raise exception using errcode = '23514',
      message = format('A site holds at most %s pages besides its home page (this one has %s)', public.site_page_limit(), page_count);
  end if;
  return new;
end;
$$;

create trigger portfolios_guard_pages
  before insert or update of data on public.portfolios
  for each row execute function public.portfolios_guard_pages();

revoke all on function public.site_page_limit(), public.portfolios_guard_pages() from public, anon, authenticated;
