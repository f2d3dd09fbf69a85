-- A published page carries files of its own besides the owner's uploads (issue 22): the sample
-- pictures it shows (SVG), its look's web fonts (WOFF2), its monogram icon (SVG) and share card
-- (PNG), and the site keeps its list of published pages as _site/sitemap.xml. Only the publish
-- function writes here, and only files it made or bundled: no visitor's or owner's SVG is stored.
update storage.buckets
set allowed_mime_types = array[
  'text/html', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/octet-stream',
  'image/svg+xml', 'font/woff2', 'application/xml'
]
where id = 'sites';

-- Those files are FolioForge's, not the owner's: a user's space counts only the published copies of
-- their own uploads (sites/<slug>/files/<bucket>/<name>) whose original is gone, as before.
create or replace function public.storage_use(for_user uuid) returns table (bytes bigint, files integer)
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
         and (storage.foldername(o.name))[3] in ('portfolio-images', 'resumes')
         and not exists (
           select 1 from storage.objects original
            where original.bucket_id = (storage.foldername(o.name))[3]
              and original.name = for_user::text || '/' || p.id::text || '/' || storage.filename(o.name))
    ) counted;
$$;
