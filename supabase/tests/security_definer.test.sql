-- Every function that runs with its owner's rights, listed: a new one must be added here with its
-- tests (in the file of its table). Each pins its search_path, so no caller's schema can stand in for
-- public or auth, and none is callable by more roles than meant.
begin;
select plan(5);

select is(
  array(select p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prosecdef order by 1),
  array['active_plan', 'collects_subscribers', 'current_plan', 'enforce_storage_quota', 'handle_new_user', 'may_publish',
        'portfolios_guard_look', 'portfolios_guard_publish', 'slug_available', 'username_available'],
  'the security-definer functions are these, each tested beside its table');
select is_empty(
  $$ select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef and not coalesce(p.proconfig @> array['search_path=""'], false) $$,
  'every one of them runs with an empty search_path');
select is_empty(
  $$ select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef and p.prorettype = 'trigger'::regtype
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute')) $$,
  'no trigger function among them is callable through the API');
select ok(not has_function_privilege('anon', 'public.active_plan(uuid)', 'execute')
      and not has_function_privilege('authenticated', 'public.may_publish(uuid, text)', 'execute')
      and has_function_privilege('service_role', 'public.may_publish(uuid, text)', 'execute'),
  'what anyone is entitled to is asked by the service role only');
select ok(has_function_privilege('anon', 'public.username_available(text)', 'execute')
      and has_function_privilege('anon', 'public.slug_available(text, uuid)', 'execute')
      and has_function_privilege('anon', 'public.collects_subscribers(uuid)', 'execute')
      and not has_function_privilege('anon', 'public.current_plan()', 'execute'),
  'visitors ask only the yes/no questions');

select * from finish();
rollback;
