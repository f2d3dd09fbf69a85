-- Row-level security is on for every table the API can reach: the project's own, and Storage's.
begin;
select plan(2);
select is_empty(
  $$ select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'no table in public is without row-level security');
select ok((select bool_and(relrowsecurity) from pg_class where oid in ('storage.objects'::regclass, 'storage.buckets'::regclass)),
  'storage.objects and storage.buckets have row-level security');
select * from finish();
rollback;
