-- A site's blog (issue 49): posts are rows of their own, beside the portfolio they belong to, since a
-- blog of hundreds of posts would outgrow the portfolio's row. The owner alone reads and writes them
-- (row-level security); the published blog is a projection the publish function renders from the
-- live ones (status 'published', publish_at come), and nobody else reads a row, published or not.
-- The limits are templates/src/model/posts.ts POST_LIMITS (posts.test.ts compares them):
-- 500 posts a site, title 120, address 80, excerpt 300, body 100,000 characters, 10 tags of 40.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create function public.post_limits()
returns table (posts integer, title integer, slug integer, excerpt integer, body integer, tags integer, tag_length integer)
language sql immutable set search_path = '' as $$
  select 500, 120, 80, 300, 100000, 10, 40;
$$;

-- True when every tag is 1–40 characters of text without control characters (a check cannot hold a subquery).
create function public.post_tags_valid(tags text[]) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(array_length(tags, 1), 0) <= 10
     and not exists (select 1 from unnest(tags) as tag where tag is null or length(tag) not between 1 and 40 or tag ~ '[\x01-\x1f\x7f-\x9f]');
$$;

create table public.portfolio_posts (
  id uuid primary key default gen_random_uuid(),
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  slug text not null,
  title text not null,
  excerpt text not null default '',
  body text not null default '',
  cover text not null default '',
  tags text[] not null default '{}',
  status text not null default 'draft',
  publish_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint portfolio_posts_slug check (
    length(slug) <= 80 and slug ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' and slug not in ('page', 'tag', 'feed', 'feed.xml', 'files', 'index')
  ),
  constraint portfolio_posts_title check (length(title) between 1 and 120 and title !~ '[\x01-\x1f\x7f-\x9f]'),
  constraint portfolio_posts_excerpt check (length(excerpt) <= 300 and excerpt !~ '[\x01-\x1f\x7f-\x9f]'),
  constraint portfolio_posts_body check (length(body) <= 100000),
  constraint portfolio_posts_cover check (length(cover) <= 1000),
  constraint portfolio_posts_tags check (public.post_tags_valid(tags)),
  constraint portfolio_posts_status check (status in ('draft', 'published')),
  constraint portfolio_posts_dated check (status = 'draft' or publish_at is not null),
  constraint portfolio_posts_address unique (portfolio_id, slug)
);

create index portfolio_posts_by_owner on public.portfolio_posts (owner_id);
create index portfolio_posts_live on public.portfolio_posts (portfolio_id, publish_at desc) where status = 'published';

-- A post belongs to its portfolio's owner, 500 a site at most (counted under the portfolio's lock, so
-- parallel inserts cannot pass it together); each change is a new version at a new time.
create function public.portfolio_posts_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  portfolio_owner uuid;
  existing integer;
begin
  if tg_op = 'UPDATE' then
    if new.id <> old.id or new.portfolio_id <> old.portfolio_id or new.owner_id <> old.owner_id or new.created_at <> old.created_at then
      raise exception using errcode = '42501', message = 'A post stays in its portfolio';
    end if;
    new.version := old.version + 1;
    new.updated_at := now();
    return new;
  end if;
  select p.owner_id into portfolio_owner from public.portfolios p where p.id = new.portfolio_id for update;
  if portfolio_owner is distinct from new.owner_id then
    raise exception using errcode = '42501', message = 'Posts belong to the portfolio''s owner';
  end if;
  select count(*) into existing from public.portfolio_posts where portfolio_id = new.portfolio_id;
  if existing >= (select posts from public.post_limits()) then
    raise exception using errcode = '23514',
      message = format('A blog holds at most %s posts (this one has %s)', (select posts from public.post_limits()), existing);
  end if;
  new.version := 1;
  new.created_at := now();
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function public.portfolio_posts_guard() from public, anon, authenticated;

create trigger portfolio_posts_guard before insert or update on public.portfolio_posts
  for each row execute function public.portfolio_posts_guard();

alter table public.portfolio_posts enable row level security;

create policy "posts: the owner reads them" on public.portfolio_posts
  for select to authenticated using (owner_id = auth.uid());
create policy "posts: the owner writes them" on public.portfolio_posts
  for insert to authenticated
  with check (owner_id = auth.uid() and exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));
create policy "posts: the owner changes them" on public.portfolio_posts
  for update to authenticated using (owner_id = auth.uid()) with check (owner_id = auth.uid());
create policy "posts: the owner removes them" on public.portfolio_posts
  for delete to authenticated using (owner_id = auth.uid());

revoke all on public.portfolio_posts from public, anon, authenticated;
grant select, insert, delete on public.portfolio_posts to authenticated;
grant update (slug, title, excerpt, body, cover, tags, status, publish_at) on public.portfolio_posts to authenticated;
grant all on public.portfolio_posts to service_role;

-- What the publish function last wrote of a site's blog: when, at which address, and each file's
-- hash (so publishing one post writes only the files that changed) with the files of each post.
-- The sweep renders again a blog whose scheduled post came due since. The function's alone (no policy).
create table public.blog_renders (
  portfolio_id uuid primary key references public.portfolios (id) on delete cascade,
  rendered_at timestamptz not null,
  slug text not null,
  files jsonb not null default '{}',
  post_files jsonb not null default '{}',
  -- Live posts were left for later (one call's time ran out): the sweep goes on with them.
  pending boolean not null default false
);
alter table public.blog_renders enable row level security;
revoke all on public.blog_renders from public, anon, authenticated;
grant all on public.blog_renders to service_role;

-- The published portfolios with a post that went live (its publish_at passed) after their blog was
-- last rendered, up to `until`, or with posts left pending: what the sweep publishes. The service role's alone.
create function public.blogs_due(until timestamptz default now())
returns table (portfolio_id uuid, slug text)
language sql stable security definer set search_path = '' as $$
  select p.id, p.slug
    from public.portfolios p
    left join public.blog_renders r on r.portfolio_id = p.id
   where p.published and p.slug is not null
     and (coalesce(r.pending, false)
          or exists (select 1 from public.portfolio_posts post
                      where post.portfolio_id = p.id and post.status = 'published'
                        and post.publish_at <= until and post.publish_at > coalesce(r.rendered_at, '-infinity'::timestamptz)));
$$;
revoke all on function public.blogs_due(timestamptz) from public, anon, authenticated;
grant execute on function public.blogs_due(timestamptz) to service_role;

-- The addresses of every live post of every published site, for /p/sitemap.xml. The service role's alone.
create function public.live_post_addresses(until timestamptz default now())
returns table (site_slug text, post_slug text, updated_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select p.slug, post.slug, greatest(post.updated_at, post.publish_at)
    from public.portfolio_posts post
    join public.portfolios p on p.id = post.portfolio_id
   where p.published and p.slug is not null and post.status = 'published' and post.publish_at <= until
   order by p.slug, post.publish_at desc;
$$;
revoke all on function public.live_post_addresses(timestamptz) from public, anon, authenticated;
grant execute on function public.live_post_addresses(timestamptz) to service_role;

-- The blog's Atom feed, <slug>/feed.xml, is stored with its own type (publish function only, as the rest).
update storage.buckets
set allowed_mime_types = array_append(allowed_mime_types, 'application/atom+xml')
where id = 'sites' and not ('application/atom+xml' = any (allowed_mime_types));
