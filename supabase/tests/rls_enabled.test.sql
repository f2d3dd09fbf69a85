-- Row-level security is on for every table the API can reach (public, and Supabase's storage tables).
begin;
select plan(1);
select is_empty(
  $$ select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'storage') and c.relkind = 'r' and not c.relrowsecurity $$,
  'no table in public or storage is without row-level security');
select * from finish();
rollback;
