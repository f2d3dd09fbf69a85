-- Storage space per plan, kept by the database at upload: the pictures and resumes under a user's
-- folder, in both buckets, may not grow past what their plan grants (50 MB without a plan).
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase (a trigger on storage.objects).

-- What a plan grants, in bytes (null: no plan): the one place these numbers live. Naming a plan
-- reveals nothing about anyone, so every role may ask.
create function public.plan_storage_bytes(plan text) returns bigint
language sql immutable set search_path = '' as $$
  select (case plan
            when 'premium' then 2147483648
            when 'pro' then 1073741824
            when 'basic' then 524288000
            else 52428800
          end)::bigint;
$$;

-- The entitlements view reads the quota from there (same columns as before).
create or replace view public.entitlements with (security_invoker = true) as
select auth.uid() as user_id,
       public.current_plan() as plan,
       (select max(p.expires_at) from public.purchases p
         where p.user_id = auth.uid() and p.item_type = 'plan' and p.status = 'paid' and p.expires_at > now()) as plan_expires_at,
       coalesce((select array_agg(distinct p.item_id order by p.item_id) from public.purchases p
                  where p.user_id = auth.uid() and p.item_type = 'template' and p.status = 'paid'), '{}'::text[]) as templates,
       public.current_plan() is not null as remove_branding,
       public.plan_storage_bytes(public.current_plan()) as storage_quota_bytes
having auth.uid() is not null;

-- Before a file is stored or replaced: refused when it would take its owner's folder past the quota.
-- Only growth is refused, so a user over their quota (a plan ended) can still remove or shrink files.
-- The owner's files are counted under a lock, so two uploads at once cannot both slip under it.
create function public.enforce_storage_quota() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  folder text := (storage.foldername(new.name))[1];
  folder_owner uuid;
  new_size bigint := coalesce((new.metadata ->> 'size')::bigint, 0);
  old_size bigint;
  others bigint;
  quota bigint;
begin
  if new.bucket_id not in ('portfolio-images', 'resumes') then
    return new;
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
  select coalesce(sum((o.metadata ->> 'size')::bigint), 0) into others
    from storage.objects o
   where o.bucket_id in ('portfolio-images', 'resumes')
     and (storage.foldername(o.name))[1] = folder
     and not (o.bucket_id = new.bucket_id and o.name = new.name);
  quota := public.plan_storage_bytes(public.active_plan(folder_owner));
  if others + new_size > quota then
    raise exception 'Storage quota exceeded: this file would bring your files to % of the % your plan includes',
        pg_size_pretty(others + new_size), pg_size_pretty(quota)
      using errcode = 'P0413', hint = 'Remove files you no longer use, or choose a plan with more storage.';
  end if;
  return new;
end;
$$;

revoke all on function public.enforce_storage_quota() from public, anon, authenticated;

create trigger enforce_storage_quota
  before insert or update of metadata, name, bucket_id on storage.objects
  for each row execute function public.enforce_storage_quota();
