-- Deleting an account (the account function, through Auth's admin API) deletes the user's row in
-- auth.users; everything of theirs must go with it: every reference to auth.users cascades, and a
-- user with one of everything leaves nothing behind. The mailed deletion codes are the function's
-- alone (service role, no policy).
begin;
select plan(9);

select policies_are('public', 'account_deletion_codes', array[]::name[]);
select is_empty(
  $$ select c.conrelid::regclass::text || ' (' || c.conname || ')' from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'auth.users'::regclass and c.confdeltype <> 'c'
        and c.connamespace = 'public'::regnamespace $$,
  'every table of the project that names a user deletes its rows with the user');

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.act_as_service();
insert into public.account_deletion_codes (user_id, code_hash, expires_at) values (:'alice', 'hash', now() + interval '10 minutes');
select tests.act_as(:'alice');
select throws_ok('select * from public.account_deletion_codes', '42501', null, 'a user cannot read a deletion code, not even hers');
select throws_ok(format($$ update public.account_deletion_codes set attempts = 0 where user_id = %L $$, :'alice'), '42501', null,
  'nor reset its tries');

-- One of everything for alice, and for bob.
select tests.act_as_owner();
select tests.grant_plan(:'alice', 'basic');
select tests.grant_plan(:'bob', 'basic');
select tests.grant_template(:'alice', '2');
select tests.grant_subscription(:'alice', 'pro') as alices_sub \gset
insert into public.subscription_charges (subscription_id, user_id, plan_id, razorpay_payment_id, amount, currency, paid_at)
values (:'alices_sub', :'alice', 'pro', 'pay_deleted00001', 1999, 'USD', now());
insert into public.portfolios (owner_id, template_id, slug, published) values (:'alice', 'generator', 'alice-gone', true),
  (:'bob', 'generator', 'bob-stays', true);
select id as alices_page from public.portfolios where slug = 'alice-gone' \gset
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'alices_page', :'alice', 'alice-gone', 'generator', 1, '{}', true, false, false);
insert into public.subscribers (portfolio_id, email) values (:'alices_page', 'fan@example.com');
insert into public.custom_domains (domain, portfolio_id, owner_id, verified_at) values ('alice.example', :'alices_page', :'alice', now());
insert into public.portfolio_posts (portfolio_id, owner_id, slug, title) values (:'alices_page', :'alice', 'hello', 'Hello');
insert into public.blog_renders (portfolio_id, rendered_at, slug) values (:'alices_page', now(), 'alice-gone');
select public.claim_free_domain_year(:'alice', 'alice.com', 'registration', now());
insert into public.registered_domains (domain, owner_id, status, registered_at, expires_at) values ('alice.com', :'alice', 'active', now(), now() + interval '1 year');
select tests.add_factor(:'alice');
insert into public.mfa_recovery_codes (user_id, code_hash) values (:'alice', 'hash');
insert into public.mfa_recovery_attempts (user_id) values (:'alice');
insert into public.seller_accounts (owner_id, razorpay_account_id, public_token, access_token_enc, refresh_token_enc, expires_at, mode)
values (:'alice', 'acc_AliceAccount01', 'rzp_test_oauth_Alice', 'v1.aXY.YQ', 'v1.aXY.cg', now(), 'test');
insert into public.seller_oauth_states (state_hash, owner_id, expires_at) values (repeat('a', 64), :'alice', now());

create function pg_temp.rows_of(for_user uuid, page uuid) returns table (what text, rows int) language sql as $$
  select 'profiles', count(*)::int from public.profiles where id = for_user
  union all select 'portfolios', count(*)::int from public.portfolios where owner_id = for_user
  union all select 'published_pages', count(*)::int from public.published_pages where owner_id = for_user
  union all select 'subscribers', count(*)::int from public.subscribers where portfolio_id = page
  union all select 'portfolio_posts', count(*)::int from public.portfolio_posts where owner_id = for_user
  union all select 'blog_renders', count(*)::int from public.blog_renders where portfolio_id = page
  union all select 'purchases', count(*)::int from public.purchases where user_id = for_user
  union all select 'subscriptions', count(*)::int from public.subscriptions where user_id = for_user
  union all select 'subscription_charges', count(*)::int from public.subscription_charges where user_id = for_user
  union all select 'custom_domains', count(*)::int from public.custom_domains where owner_id = for_user
  union all select 'registered_domains', count(*)::int from public.registered_domains where owner_id = for_user
  union all select 'free_domain_years', count(*)::int from public.free_domain_years where owner_id = for_user
  union all select 'account_deletion_codes', count(*)::int from public.account_deletion_codes where user_id = for_user
  union all select 'mfa_recovery_codes', count(*)::int from public.mfa_recovery_codes where user_id = for_user
  union all select 'mfa_recovery_attempts', count(*)::int from public.mfa_recovery_attempts where user_id = for_user
  union all select 'seller_accounts', count(*)::int from public.seller_accounts where owner_id = for_user
  union all select 'seller_oauth_states', count(*)::int from public.seller_oauth_states where owner_id = for_user
  union all select 'auth.mfa_factors', count(*)::int from auth.mfa_factors where user_id = for_user;
$$;
select is_empty(format($$ select what from pg_temp.rows_of(%L, %L) where rows = 0 $$, :'alice', :'alices_page'),
  'alice holds one of everything (so the test below could fail)');

delete from auth.users where id = :'alice';
select is_empty(format($$ select what || ': ' || rows from pg_temp.rows_of(%L, %L) where rows > 0 $$, :'alice', :'alices_page'),
  'deleting her user leaves no row of hers in any table');
select results_eq($$ select count(*)::int from public.portfolios where slug = 'bob-stays' $$, array[1], 'bob keeps his page');
select results_eq(format($$ select count(*)::int from public.purchases where user_id = %L $$, :'bob'), array[1], 'and his plan');
select isnt_empty($$ select 1 from public.profiles $$, 'and his profile');

select * from finish();
rollback;
