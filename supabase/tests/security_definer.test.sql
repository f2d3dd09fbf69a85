-- Every function that runs with its owner's rights, listed: a new one must be added here with its
-- tests (in the file of its table). Each pins its search_path, so no caller's schema can stand in for
-- public or auth, and none is callable by more roles than meant.
begin;
select plan(8);

select is(
  array(select p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prosecdef order by 1),
  array['active_plan', 'address_held_for_another', 'address_held_until', 'begin_page_change', 'blogs_due', 'cancel_pending_shop_order', 'check_site_password', 'claim_free_domain_year', 'claim_page', 'claim_shop_order_refund', 'close_shop', 'collects_subscribers',
        'count_page_view', 'create_mfa_recovery_codes', 'current_plan', 'current_plan_paid_through',
        'current_storage_use', 'discard_mfa_recovery_codes', 'domains_to_serve', 'end_page_change',
        'enforce_storage_quota', 'expire_shop_orders', 'free_domain_allowance', 'handle_new_user', 'held_page',
        'leave_page_message', 'live_post_addresses', 'may_publish', 'mfa_recovery_codes_left', 'mfa_satisfied', 'my_late_payments', 'my_seller_account',
        'owed_refunds_to_retry', 'pages_past_their_plan', 'pages_showing_old_stock', 'plan_paid_through', 'plans_held', 'portfolio_posts_guard', 'portfolios_cap',
        'portfolios_guard_held_address', 'portfolios_guard_look', 'portfolios_guard_pages', 'portfolios_guard_publish', 'portfolios_guard_size',
        'portfolios_hold_freed_address', 'private_site_slugs', 'protected_site_at', 'protected_slugs', 'published_site_pages', 'record_page_render', 'record_shop_order_payment', 'record_stock_shown',
        'redeem_mfa_recovery_code', 'reserve_shop_order', 'shop_order_payment_refund_at_razorpay', 'shop_order_payment_refunded', 'shop_order_refund_at_razorpay', 'shop_order_refund_event', 'shop_order_refund_settled', 'shop_stock_held', 'shops_past_their_plan', 'site_password_salt', 'slug_available', 'storage_use', 'sweep_database',
        'sweep_site_password_failures', 'take_rate_limit',
        'unpublish_page', 'username_available'],
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
select ok(not has_function_privilege('authenticated', 'public.plans_held(uuid)', 'execute')
      and not has_function_privilege('authenticated', 'public.plan_paid_through(uuid)', 'execute')
      and not has_function_privilege('authenticated', 'public.claim_free_domain_year(uuid, text, text, timestamptz)', 'execute')
      and has_function_privilege('service_role', 'public.claim_free_domain_year(uuid, text, text, timestamptz)', 'execute'),
  'so are the plans someone holds and the claim of a free domain-year');
select ok(bool_and(not has_function_privilege('anon', p.oid, 'execute') and has_function_privilege('authenticated', p.oid, 'execute'))
            filter (where p.proname in ('current_plan_paid_through', 'free_domain_allowance', 'mfa_satisfied', 'create_mfa_recovery_codes',
                                        'mfa_recovery_codes_left', 'discard_mfa_recovery_codes',
                                        'current_storage_use')),
  'the caller''s own answers (plan, free domain, second factor, recovery codes) are for signed-in users only')
  from pg_proc p where p.pronamespace = 'public'::regnamespace;
select ok(has_function_privilege('anon', 'public.username_available(text)', 'execute')
      and has_function_privilege('anon', 'public.slug_available(text, uuid)', 'execute')
      and not has_function_privilege('anon', 'public.collects_subscribers(uuid)', 'execute')
      and not has_function_privilege('anon', 'public.current_plan()', 'execute'),
  'visitors ask only the yes/no questions that reveal nobody''s plan');
select is(
  array(select p.proname::text from pg_proc p
         where p.pronamespace = 'public'::regnamespace
           and p.proname in ('begin_page_change', 'held_page', 'claim_page', 'unpublish_page', 'record_page_render', 'end_page_change',
                             'pages_past_their_plan', 'domains_to_serve', 'storage_use', 'take_rate_limit', 'sweep_database',
                             'collects_subscribers', 'slug_reserved', 'slug_skeleton', 'slug_letters',
                             'slug_words_pattern', 'staff_slug_pattern')
           and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute')
                or not has_function_privilege('service_role', p.oid, 'execute'))
         order by 1),
  array[]::text[], 'the publish, sweep and rate-limit steps are the service role''s alone');

select * from finish();
rollback;
