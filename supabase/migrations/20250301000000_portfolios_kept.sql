-- Portfolios kept in the account: saves that never silently overwrite newer work, several portfolios
-- per user and template, each portfolio's files under <user id>/<portfolio id>/ in private buckets, and
-- each user's storage use. Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- ─── portfolios: limits and listing ─────────────────────────────────────────────────────────
alter table public.portfolios
  add constraint portfolios_data_is_object check (jsonb_typeof(data) = 'object'),
  -- HTML of a dozen long fields fits easily; a runaway client cannot fill the database.
  add constraint portfolios_data_size check (octet_length(data::text) <= 512000),
  add constraint portfolios_title_length check (title is null or char_length(title) <= 120);

-- My portfolios lists a user's rows newest first.
create index portfolios_owner_updated_idx on public.portfolios (owner_id, updated_at desc);

-- ─── versioned saves ────────────────────────────────────────────────────────────────────────
-- Every change of `data` must name the version it was made from by setting version = old + 1, so a
-- stale tab or a second device cannot overwrite newer work through any path (the RPC below or a plain
-- PATCH). Renaming or publishing (data unchanged) keeps the version, so an open editor is not told
-- "a newer version exists" because the title changed. SQLSTATE PT409: PostgREST answers HTTP 409.
create function public.portfolios_guard_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.version = old.version + 1 then
    return new;
  end if;
  if new.version = old.version and new.data is not distinct from old.data then
    return new;
  end if;
  raise exception using
    errcode = 'PT409',
    message = 'A newer version of this portfolio was saved elsewhere',
    detail = format('The portfolio is at version %s; this change was made from another version.', old.version),
    hint = 'Load the newer version, or keep this copy as a new portfolio.';
end;
$$;

create trigger portfolios_guard_version
  before update on public.portfolios
  for each row execute function public.portfolios_guard_version();

-- The editor's save: accepted only against the version the database holds. Runs as the caller, so
-- row-level security decides whose rows it can reach. Returns the saved row (one element).
create function public.save_portfolio(portfolio_id uuid, expected_version integer, new_data jsonb)
returns setof public.portfolios
language plpgsql security invoker set search_path = '' as $$
declare
  current_version integer;
begin
  return query
    update public.portfolios p
       set data = new_data, version = expected_version + 1
     where p.id = portfolio_id and p.owner_id = auth.uid() and p.version = expected_version
    returning p.*;
  if found then
    return;
  end if;
  select p.version into current_version from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid();
  if current_version is null then
    raise exception using errcode = 'PT404', message = 'Portfolio not found', hint = 'It may have been deleted.';
  end if;
  raise exception using
    errcode = 'PT409',
    message = 'A newer version of this portfolio was saved elsewhere',
    detail = format('The portfolio is at version %s; this save was made from version %s.', current_version, expected_version),
    hint = 'Load the newer version, or keep this copy as a new portfolio.';
end;
$$;

revoke all on function public.save_portfolio(uuid, integer, jsonb) from public, anon;
grant execute on function public.save_portfolio(uuid, integer, jsonb) to authenticated, service_role;
revoke all on function public.portfolios_guard_version() from public, anon, authenticated;

-- ─── storage: private files, readable by their owner or through a published portfolio ──────
-- Pictures of drafts are nobody else's business: the bucket becomes private and previews use
-- short-lived signed URLs. A published portfolio's files (its folder's second segment is its id)
-- can be read, and signed, by anyone, for the public page.
update storage.buckets set public = false where id = 'portfolio-images';

drop policy "portfolio-images: public read" on storage.objects;

create policy "portfolio-images: owner reads" on storage.objects
  for select to authenticated
  using (bucket_id = 'portfolio-images' and (storage.foldername(name))[1] = auth.uid()::text);

create policy "portfolio files: anyone reads a published portfolio's files" on storage.objects
  for select to anon, authenticated
  using (
    bucket_id in ('portfolio-images', 'resumes')
    and exists (
      select 1 from public.portfolios p
       where p.published
         and p.id::text = (storage.foldername(name))[2]
         and p.owner_id::text = (storage.foldername(name))[1]
    )
  );

-- ─── storage use per user (the plans' storage space) ───────────────────────────────────────
-- One row for the signed-in caller: bytes and files in both buckets under their folder.
create view public.storage_usage with (security_invoker = true) as
select auth.uid() as user_id,
       coalesce(sum((o.metadata ->> 'size')::bigint), 0)::bigint as bytes,
       count(o.id)::integer as files
  from storage.objects o
 where o.bucket_id in ('portfolio-images', 'resumes')
   and (storage.foldername(o.name))[1] = auth.uid()::text
having auth.uid() is not null;

revoke all on public.storage_usage from public, anon;
grant select on public.storage_usage to authenticated, service_role;
