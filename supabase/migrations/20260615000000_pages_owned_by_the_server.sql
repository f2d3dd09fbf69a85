-- A published page is a projection of one portfolio row, owned by the server: only the publish
-- function (service role) writes `published`, `slug` and the page-change lease, authorises and
-- publishes exactly one row version, and keeps a snapshot of what it rendered so a sweep can render
-- the page again when the plan it used lapses. Addresses are held only while published; a longer
-- reserved list and a pattern keep the product's name and staff words free of squatters. Rows and
-- files are no longer readable by anyone through a published row (pages are static files now);
-- published copies count in the owner's storage; an account keeps at most 20 portfolios; sign-ups
-- are confirmed by mail before the owner sees them; the functions' rate limits are kept here.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- ─── no public reads through a published row ──────────────────────────────────────────────
-- Pages are static copies in the `sites` bucket; the row (drafts, owner id) and the originals stay private.
drop policy "portfolios: anyone reads published" on public.portfolios;
drop policy "portfolio files: anyone reads a published portfolio's files" on storage.objects;

-- ─── the page columns and the lease ────────────────────────────────────────────────────────
-- page_change_token/page_change_until: the publish function's lease on the row's page while it
-- publishes, unpublishes, deletes or re-renders it (one change at a time; a lease outlives the
-- function's 150 s wall clock, so a crashed call frees it by itself).
alter table public.portfolios
  add column page_change_token uuid,
  add column page_change_until timestamptz;

-- An address is held only while published.
update public.portfolios set slug = null where not published and slug is not null;
alter table public.portfolios
  add constraint portfolios_slug_only_while_published check (published or slug is null);

-- Only the service role (the publish function) and the database's own functions write these columns.
-- SQLSTATE 42501: PostgREST answers 403.
create function public.portfolios_guard_page_columns() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.published or new.slug is not null or new.page_change_token is not null or new.page_change_until is not null then
      raise exception using errcode = '42501', message = 'A portfolio is published through the publish function',
        hint = 'Create it unpublished, then publish it.';
    end if;
  elsif (new.published, new.slug, new.page_change_token, new.page_change_until)
        is distinct from (old.published, old.slug, old.page_change_token, old.page_change_until) then
    raise exception using errcode = '42501', message = 'A portfolio is published and unpublished through the publish function',
      hint = 'Use Publish or Unpublish.';
  end if;
  return new;
end;
$$;

create trigger portfolios_guard_page_columns
  before insert or update on public.portfolios
  for each row execute function public.portfolios_guard_page_columns();

-- A published portfolio is deleted through the publish function, which takes its page down first.
-- (Deleting a user cascades as Auth's own role: the account function removes the pages before.)
create function public.portfolios_guard_delete() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if old.published and current_user in ('anon', 'authenticated') then
    raise exception using errcode = '42501', message = 'A published portfolio is deleted through the publish function',
      hint = 'Unpublish it first, or delete it from My portfolios.';
  end if;
  return old;
end;
$$;

create trigger portfolios_guard_delete
  before delete on public.portfolios
  for each row execute function public.portfolios_guard_delete();

revoke all on function public.portfolios_guard_page_columns() from public, anon, authenticated;
revoke all on function public.portfolios_guard_delete() from public, anon, authenticated;

-- ─── portfolios per account ────────────────────────────────────────────────────────────────
-- The one place the number lives. 20 rows of at most 500 kB each: 10 MB of drafts at most.
create function public.max_portfolios_per_user() returns integer
language sql immutable set search_path = '' as $$
  select 20;
$$;

-- Counted under a per-owner lock, so parallel inserts cannot pass it together. P0001: 400.
create function public.portfolios_cap() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('portfolios of ' || new.owner_id::text, 0));
  if (select count(*) from public.portfolios p where p.owner_id = new.owner_id) >= public.max_portfolios_per_user() then
    raise exception using errcode = 'P0001',
      message = format('An account keeps at most %s portfolios', public.max_portfolios_per_user()),
      hint = 'Delete a portfolio you no longer need, then start a new one.';
  end if;
  return new;
end;
$$;

revoke all on function public.portfolios_cap() from public, anon, authenticated;

create trigger portfolios_cap
  before insert on public.portfolios
  for each row execute function public.portfolios_cap();

-- ─── reserved addresses ────────────────────────────────────────────────────────────────────
-- More of the site's own words, mail and staff words; anyone may still read the list.
insert into public.reserved_slugs (slug) values
  ('abuse'), ('about'), ('accessibility'), ('accessibility-statement'), ('assets'), ('billing'), ('callback'), ('cdn'),
  ('checkout'), ('customer-care'), ('customer-service'), ('dashboard'), ('docs'), ('domains'), ('editor'), ('files'),
  ('forgot-password'), ('help-center'), ('helpdesk'), ('hostmaster'), ('info'), ('invoice'), ('invoices'), ('legal'),
  ('localhost'), ('media'), ('moderator'), ('news'), ('noreply'), ('no-reply'), ('null'), ('official'), ('owner'),
  ('password'), ('payment'), ('payments'), ('postmaster'), ('press'), ('privacy'), ('privacy-policy'), ('publish'),
  ('receipts'), ('reset'), ('safety'), ('sales'), ('security'), ('staff'), ('status'), ('subscribe'), ('team'),
  ('template1'), ('template2'), ('terms'), ('terms-of-use'), ('trust'), ('undefined'), ('unsubscribe'), ('verify'),
  ('webmaster')
on conflict (slug) do nothing;

-- An address as it reads: look-alike digits as letters (f0li0forge), i and l alike, no dashes,
-- doubled letters once. Two addresses with one skeleton read as one name.
create function public.slug_skeleton(candidate text) returns text
language sql immutable set search_path = '' as $$
  select regexp_replace(
           regexp_replace(translate(lower(coalesce(candidate, '')), '01345789i', 'oleastbgl'), '[^a-z]', '', 'g'),
           '(.)\1+', '\1', 'g');
$$;

-- Reserved: a listed word; anything that reads as the product's name (folioforge, my-f0li0-forge,
-- folioforge-support); or a staff word alone or as a team (admin, supp0rt, billing-team, the-security-desk).
create function public.slug_reserved(candidate text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.reserved_slugs r where r.slug = candidate)
      or public.slug_skeleton(candidate) like '%' || public.slug_skeleton('folioforge') || '%'
      or public.slug_skeleton(candidate) ~ (
           '^(the)?(' || public.slug_skeleton('official') || ')?('
           || (select string_agg(public.slug_skeleton(word), '|')
                 from unnest(array['admin', 'administrator', 'sysadmin', 'root', 'staff', 'support', 'help', 'helpdesk',
                                   'security', 'abuse', 'billing', 'moderator', 'postmaster', 'hostmaster', 'webmaster',
                                   'noreply', 'safety', 'trust', 'official', 'customer-care', 'customer-service']) as word)
           || ')(team|desk|staf|center|centre|dept|hq)?$');
$$;

-- The rule itself (as before, with the pattern): reserved words, and publishing only what may be.
create or replace function public.portfolios_guard_publish() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.slug is not null and (tg_op = 'INSERT' or new.slug is distinct from old.slug) and public.slug_reserved(new.slug) then
    raise exception using errcode = '23514', message = format('The address %s is reserved', new.slug),
      hint = 'Choose another address.';
  end if;
  if new.published
     and (tg_op = 'INSERT' or not old.published or new.template_id <> old.template_id or new.owner_id <> old.owner_id)
     and not public.may_publish(new.owner_id, new.template_id) then
    raise exception using errcode = '42501',
      message = 'Publishing this template needs a purchase or a plan',
      hint = 'Buy the template, or choose a plan that covers every template.';
  end if;
  return new;
end;
$$;

create or replace function public.slug_available(candidate text, for_portfolio uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select candidate ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'
     and not public.slug_reserved(candidate)
     and not exists (select 1 from public.portfolios p
                      where p.slug = candidate and (for_portfolio is null or p.id <> for_portfolio));
$$;

revoke all on function public.slug_skeleton(text) from public, anon, authenticated;
revoke all on function public.slug_reserved(text) from public, anon, authenticated;
grant execute on function public.slug_skeleton(text), public.slug_reserved(text) to service_role;

-- ─── what was published: the snapshot ─────────────────────────────────────────────────────
-- The row version the function rendered and what the owner's plan added to it, so the sweep can
-- render that same version again (badge back, look off, no sign-up form) when the plan lapses.
-- The function's alone: no policy.
create table public.published_pages (
  portfolio_id uuid primary key references public.portfolios (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  slug text not null unique,
  template_id text not null,
  version integer not null,
  data jsonb not null,
  look jsonb not null default '{}'::jsonb,
  -- What the page carries: the badge (no plan), the customized look (Pro, Premium), the sign-up form (any plan).
  badge boolean not null,
  customized_look boolean not null,
  subscribe_form boolean not null,
  published_at timestamptz not null default now(),
  rendered_at timestamptz not null default now()
);
alter table public.published_pages enable row level security;
revoke all on public.published_pages from public, anon, authenticated;
grant all on public.published_pages to service_role;

-- ─── the publish function's steps (service role only) ─────────────────────────────────────
-- Takes the lease on a row's page for its owner: the row as it is now, with the token that the
-- later steps must name. PT404: not the owner's (or gone); PT409: another change is under way.
create function public.begin_page_change(portfolio uuid, for_user uuid) returns setof public.portfolios
language plpgsql security definer set search_path = '' as $$
begin
  return query
    update public.portfolios p
       set page_change_token = gen_random_uuid(), page_change_until = now() + interval '3 minutes'
     where p.id = portfolio and p.owner_id = for_user and (p.page_change_until is null or p.page_change_until < now())
    returning p.*;
  if found then
    return;
  end if;
  if exists (select 1 from public.portfolios p where p.id = portfolio and p.owner_id = for_user) then
    raise exception using errcode = 'PT409', message = 'Another change to this page is under way',
      hint = 'Wait a moment and try again.';
  end if;
  raise exception using errcode = 'PT404', message = 'Portfolio not found';
end;
$$;

-- The lease, checked (and the row locked) by every step that follows.
create function public.held_page(portfolio uuid, token uuid) returns public.portfolios
language plpgsql security definer set search_path = '' as $$
declare
  r public.portfolios;
begin
  select * into r from public.portfolios p where p.id = portfolio for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Portfolio not found', hint = 'It may have been deleted.';
  end if;
  if r.page_change_token is distinct from token or r.page_change_until < now() then
    raise exception using errcode = 'PT409', message = 'Another change to this page is under way',
      hint = 'Wait a moment and try again.';
  end if;
  return r;
end;
$$;

-- Publishes the row at `new_slug` if it is still the version and template the function authorised
-- and rendered, and its owner may publish that template now; records the snapshot. Returns the
-- address the row held before (null if none): the function takes that page down.
create function public.claim_page(
  portfolio uuid, token uuid, expected_version integer, expected_template text, new_slug text,
  page_look jsonb, shows_badge boolean, shows_look boolean, shows_form boolean
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  r public.portfolios := public.held_page(portfolio, token);
begin
  if r.version <> expected_version or r.template_id <> expected_template then
    raise exception using errcode = 'PT409', message = 'The portfolio changed while it was being published',
      hint = 'Publish again to publish the newest version.';
  end if;
  if not public.may_publish(r.owner_id, r.template_id) then
    raise exception using errcode = '42501', message = 'Publishing this template needs a purchase or a plan',
      hint = 'Buy the template, or choose a plan that covers every template.';
  end if;
  update public.portfolios p set slug = new_slug, published = true where p.id = portfolio;
  insert into public.published_pages as pp
    (portfolio_id, owner_id, slug, template_id, version, data, look, badge, customized_look, subscribe_form)
  values (portfolio, r.owner_id, new_slug, r.template_id, r.version, r.data, coalesce(page_look, '{}'::jsonb),
          shows_badge, shows_look, shows_form)
  on conflict (portfolio_id) do update set
    slug = excluded.slug, template_id = excluded.template_id, version = excluded.version, data = excluded.data,
    look = excluded.look, badge = excluded.badge, customized_look = excluded.customized_look,
    subscribe_form = excluded.subscribe_form, published_at = now(), rendered_at = now();
  return r.slug;
end;
$$;

-- Takes the row's page off: unpublished, its address free. Returns the address it held.
create function public.unpublish_page(portfolio uuid, token uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  r public.portfolios := public.held_page(portfolio, token);
begin
  update public.portfolios p set published = false, slug = null where p.id = portfolio;
  delete from public.published_pages pp where pp.portfolio_id = portfolio;
  return r.slug;
end;
$$;

-- The sweep rendered the page again with what the owner holds now.
create function public.record_page_render(portfolio uuid, token uuid, shows_badge boolean, shows_look boolean, shows_form boolean)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.held_page(portfolio, token);
  update public.published_pages pp
     set badge = shows_badge, customized_look = shows_look, subscribe_form = shows_form, rendered_at = now()
   where pp.portfolio_id = portfolio;
end;
$$;

-- Ends the lease (a no-op when it is no longer this token's).
create function public.end_page_change(portfolio uuid, token uuid) returns void
language sql security definer set search_path = '' as $$
  update public.portfolios p set page_change_token = null, page_change_until = null
   where p.id = portfolio and p.page_change_token = token;
$$;

-- ─── what the sweep applies ───────────────────────────────────────────────────────────────
-- Published pages rendered with what their owner no longer holds: the badge removed, the look, the
-- sign-up form. The sweep renders each again from its snapshot.
create function public.pages_past_their_plan()
returns table (portfolio_id uuid, owner_id uuid, slug text, template_id text, data jsonb, look jsonb,
               badge boolean, customized_look boolean, subscribe_form boolean)
language sql stable security definer set search_path = '' as $$
  select pp.portfolio_id, pp.owner_id, pp.slug, pp.template_id, pp.data, pp.look,
         held.plan is null, pp.customized_look and public.plan_customizes_look(held.plan), pp.subscribe_form and held.plan is not null
    from public.published_pages pp
    join public.portfolios p on p.id = pp.portfolio_id and p.published and p.slug = pp.slug
    cross join lateral (select public.active_plan(pp.owner_id) as plan) held
   where (not pp.badge and held.plan is null)
      or (pp.customized_look and not public.plan_customizes_look(held.plan))
      or (pp.subscribe_form and held.plan is null);
$$;

-- The custom domains the site should answer, with the portfolio each shows: proven, the page
-- published, and its owner holding a plan (custom domains are a plan feature).
create function public.domains_to_serve() returns table (domain text, portfolio_id uuid)
language sql stable security definer set search_path = '' as $$
  select d.domain, d.portfolio_id
    from public.custom_domains d
    join public.portfolios p on p.id = d.portfolio_id and p.published
   where d.verified_at is not null and public.active_plan(d.owner_id) is not null;
$$;

revoke all on function public.begin_page_change(uuid, uuid), public.held_page(uuid, uuid),
  public.claim_page(uuid, uuid, integer, text, text, jsonb, boolean, boolean, boolean), public.unpublish_page(uuid, uuid),
  public.record_page_render(uuid, uuid, boolean, boolean, boolean), public.end_page_change(uuid, uuid),
  public.pages_past_their_plan(), public.domains_to_serve()
  from public, anon, authenticated;
grant execute on function public.begin_page_change(uuid, uuid), public.held_page(uuid, uuid),
  public.claim_page(uuid, uuid, integer, text, text, jsonb, boolean, boolean, boolean), public.unpublish_page(uuid, uuid),
  public.record_page_render(uuid, uuid, boolean, boolean, boolean), public.end_page_change(uuid, uuid),
  public.pages_past_their_plan(), public.domains_to_serve()
  to service_role;

-- ─── storage: published copies count ───────────────────────────────────────────────────────
-- A user's space: their pictures and resumes, plus each published copy (sites/<slug>/files/<bucket>/<name>)
-- of a page of theirs whose original is gone: deleting the originals of a published page frees nothing.
create function public.storage_use(for_user uuid) returns table (bytes bigint, files integer)
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(size), 0)::bigint, count(*)::integer
    from (
      select coalesce((o.metadata ->> 'size')::bigint, 0) as size
        from storage.objects o
       where o.bucket_id in ('portfolio-images', 'resumes') and (storage.foldername(o.name))[1] = for_user::text
      union all
      select coalesce((o.metadata ->> 'size')::bigint, 0)
        from public.portfolios p
        join storage.objects o on o.bucket_id = 'sites' and o.name like p.slug || '/files/%'
       where p.owner_id = for_user and p.published
         and not exists (
           select 1 from storage.objects original
            where original.bucket_id = (storage.foldername(o.name))[3]
              and original.name = for_user::text || '/' || p.id::text || '/' || storage.filename(o.name))
    ) counted;
$$;

-- The caller's own.
create function public.current_storage_use() returns table (bytes bigint, files integer)
language sql stable security definer set search_path = '' as $$
  select u.bytes, u.files from public.storage_use(auth.uid()) u where auth.uid() is not null;
$$;

revoke all on function public.storage_use(uuid) from public, anon, authenticated;
grant execute on function public.storage_use(uuid) to service_role;
revoke all on function public.current_storage_use() from public, anon;
grant execute on function public.current_storage_use() to authenticated, service_role;

create or replace view public.storage_usage with (security_invoker = true) as
select auth.uid() as user_id, u.bytes, u.files from public.current_storage_use() u;

create or replace function public.enforce_storage_quota() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  folder text := (storage.foldername(new.name))[1];
  folder_owner uuid;
  new_size bigint := coalesce((new.metadata ->> 'size')::bigint, 0);
  old_size bigint;
  used bigint;
  quota bigint;
begin
  if new.bucket_id not in ('portfolio-images', 'resumes') then
    return new; -- published copies (sites) are made of originals already counted
  end if;
  if folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return new; -- not a user's folder: the buckets' policies refuse it
  end if;
  folder_owner := folder::uuid;
  perform pg_advisory_xact_lock(hashtextextended('storage quota ' || folder, 0));
  select coalesce((o.metadata ->> 'size')::bigint, 0) into old_size
    from storage.objects o where o.bucket_id = new.bucket_id and o.name = new.name;
  old_size := coalesce(old_size, 0);
  if new_size <= old_size then
    return new;
  end if;
  select u.bytes into used from public.storage_use(folder_owner) u;
  quota := public.plan_storage_bytes(public.active_plan(folder_owner));
  if used - old_size + new_size > quota then
    raise exception 'Storage quota exceeded: this file would bring your files to % of the % your plan includes',
        pg_size_pretty(used - old_size + new_size), pg_size_pretty(quota)
      using errcode = 'P0413', hint = 'Remove files you no longer use, or choose a plan with more storage.';
  end if;
  return new;
end;
$$;

-- ─── sign-ups: confirmed by mail first ─────────────────────────────────────────────────────
-- The subscribe function (service role) keeps a pending entry and mails its address a link; the
-- owner sees an address only once confirmed. Entries from before were taken without it: kept.
alter table public.subscribers
  add column confirmed_at timestamptz,
  add column confirmation_hash text,
  add column confirmation_sent_at timestamptz;
update public.subscribers set confirmed_at = created_at where confirmed_at is null;
create unique index subscribers_confirmation on public.subscribers (confirmation_hash) where confirmation_hash is not null;

drop policy "subscribers: anyone signs up on a page that collects" on public.subscribers;
revoke insert on public.subscribers from anon, authenticated;
-- Whether a page takes sign-ups is the function's question now; asked by anyone it told who pays.
revoke execute on function public.collects_subscribers(uuid) from anon, authenticated;

drop policy "subscribers: the page's owner reads them" on public.subscribers;
create policy "subscribers: the page's owner reads the confirmed ones" on public.subscribers
  for select to authenticated
  using (confirmed_at is not null and exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));
drop policy "subscribers: the page's owner removes them" on public.subscribers;
create policy "subscribers: the page's owner removes the confirmed ones" on public.subscribers
  for delete to authenticated
  using (confirmed_at is not null and exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

-- ─── rate limits of the public functions (contact, subscribe) ─────────────────────────────
-- One row per accepted request per key (a hashed client address, a page, a sender); the functions'
-- alone. take_rate_limit answers whether one more fits in the window, and records it if so.
create table public.rate_limit_hits (
  key text not null,
  hit_at timestamptz not null default now()
);
create index rate_limit_hits_by_key on public.rate_limit_hits (key, hit_at);
alter table public.rate_limit_hits enable row level security;
revoke all on public.rate_limit_hits from public, anon, authenticated;
grant all on public.rate_limit_hits to service_role;

-- Answers 0 when one more request fits in the window (and records it), else the seconds until one will.
create function public.take_rate_limit(bucket text, max_hits integer, per_seconds integer) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('rate limit ' || bucket, 0));
  delete from public.rate_limit_hits h where h.key = bucket and h.hit_at <= now() - make_interval(secs => per_seconds);
  if (select count(*) from public.rate_limit_hits h where h.key = bucket) >= max_hits then
    select min(h.hit_at) into oldest from public.rate_limit_hits h where h.key = bucket;
    return greatest(1, ceil(extract(epoch from oldest + make_interval(secs => per_seconds) - now())))::integer;
  end if;
  insert into public.rate_limit_hits (key) values (bucket);
  return 0;
end;
$$;

-- What the sweep clears in the database: old rate-limit records and sign-ups never confirmed.
create function public.sweep_database(pending_for interval default interval '48 hours') returns void
language sql security definer set search_path = '' as $$
  delete from public.rate_limit_hits where hit_at < now() - interval '1 day';
  delete from public.subscribers where confirmed_at is null and created_at < now() - pending_for;
$$;

revoke all on function public.take_rate_limit(text, integer, integer), public.sweep_database(interval) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, integer, integer), public.sweep_database(interval) to service_role;
