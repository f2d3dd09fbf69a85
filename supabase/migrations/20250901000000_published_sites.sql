-- Published pages as static files: the publish function writes <slug>/index.html and <slug>/files/*
-- to a public bucket, and the site (or a CDN in front of Storage) serves /p/<slug> from it with no
-- database query per visit. Only the function writes here (service role); no policy lets users in.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'sites', 'sites', true, 10485760,
  array['text/html', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/octet-stream']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;
