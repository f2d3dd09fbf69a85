-- Who may publish what, and at which address. Owners never write `published`, `slug` or the lease
-- (portfolios_guard_page_columns) nor delete a published row (portfolios_guard_delete); the publish
-- function does it with the service role in steps that hold a lease on the row's page
-- (begin_page_change, claim_page, unpublish_page, end_page_change), publishing only the row version it
-- authorised (PT409 otherwise) under may_publish at that moment. Addresses are held only while
-- published; slug_reserved keeps the listed words, the product's name and staff words. The sweep's
-- questions (pages_past_their_plan, domains_to_serve), the customized look (portfolios_guard_look).
begin;
select plan(54);

select policies_are('public', 'reserved_slugs', array['reserved slugs: anyone reads']);
select policies_are('public', 'published_pages', array[]::name[]);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.create_user('pat') as pat \gset
insert into public.portfolios (owner_id, template_id, title) values
  (:'alice', '1', 'paid template'), (:'alice', 'generator', 'free'), (:'bob', '1', 'bob''s'), (:'pat', '2', 'pat''s');
select id as paid from public.portfolios where title = 'paid template' \gset
select id as free from public.portfolios where title = 'free' \gset
select id as bobs from public.portfolios where title = 'bob''s' \gset
select id as pats from public.portfolios where title = 'pat''s' \gset
select tests.grant_template(:'bob', '1');
select tests.grant_plan(:'pat', 'pro');

-- Owners: the page columns are not theirs to write (issue 20 #1).
select tests.act_as(:'alice');
select throws_ok(format($$ update public.portfolios set slug = 'alice-free', published = true where id = %L $$, :'free'), '42501',
  'A portfolio is published and unpublished through the publish function', 'an owner cannot publish by writing the row');
select throws_ok(format($$ update public.portfolios set slug = 'alice-new' where id = %L $$, :'free'), '42501', null,
  'nor give it an address');
select throws_ok(format($$ update public.portfolios set page_change_token = gen_random_uuid() where id = %L $$, :'free'), '42501', null,
  'nor take the publish function''s lease');
select throws_ok($$ insert into public.portfolios (template_id, slug, published) values ('generator', 'sneak-in', true) $$, '42501', null,
  'nor insert a row already published');
select throws_ok($$ insert into public.portfolios (template_id, slug) values ('generator', 'sneak-in') $$, '42501', null,
  'nor one holding an address');

-- The function's steps, as the service role.
select tests.act_as_service();
select throws_ok(format($$ select * from public.begin_page_change(%L, %L) $$, :'paid', :'bob'), 'PT404', null,
  'a lease is taken only for the row''s owner');
select page_change_token as free_token from public.begin_page_change(:'free', :'alice') \gset
select throws_ok(format($$ select * from public.begin_page_change(%L, %L) $$, :'free', :'alice'), 'PT409',
  'Another change to this page is under way', 'one change of a page at a time: a second publish waits its turn');
select throws_ok(format($$ select public.claim_page(%L, gen_random_uuid(), 1, 'generator', 'alice-free', '{}', true, false, false) $$, :'free'),
  'PT409', null, 'a step without the lease''s token is refused');
select throws_ok(format($$ select public.claim_page(%L, %L, 2, 'generator', 'alice-free', '{}', true, false, false) $$, :'free', :'free_token'),
  'PT409', 'The portfolio changed while it was being published', 'a version other than the one authorised is not published');
select throws_ok(format($$ select public.claim_page(%L, %L, 1, '1', 'alice-free', '{}', true, false, false) $$, :'free', :'free_token'),
  'PT409', null, 'nor a template other than the one authorised (the publish/switch race, issue 20 #3)');
select is(public.claim_page(:'free', :'free_token', 1, 'generator', 'alice-free', '{}', true, false, false), null,
  'the authorised version publishes; it held no address before');
select results_eq(format($$ select slug, published from public.portfolios where id = %L $$, :'free'),
  $$ values ('alice-free'::text, true) $$, 'the row is published at its address');
select results_eq(format($$ select slug, version, badge from public.published_pages where portfolio_id = %L $$, :'free'),
  $$ values ('alice-free'::text, 1, true) $$, 'and what was rendered is kept');
select is(public.claim_page(:'free', :'free_token', 1, 'generator', 'alice-moved', '{}', true, false, false), 'alice-free',
  'moving it answers the address it held, for the function to take down');
select lives_ok(format($$ select public.end_page_change(%L, %L) $$, :'free', :'free_token'), 'the lease ends');

select page_change_token as paid_token from public.begin_page_change(:'paid', :'alice') \gset
select throws_ok(format($$ select public.claim_page(%L, %L, 1, '1', 'alice-paid', '{}', true, false, false) $$, :'paid', :'paid_token'),
  '42501', 'Publishing this template needs a purchase or a plan', 'a paid template nobody bought is not published');
select throws_ok(format($$ select public.claim_page(%L, %L, 1, '1', 'alice-moved', '{}', true, false, false) $$, :'paid', :'paid_token'),
  '42501', null, 'whatever the address');
select tests.act_as_owner();
select tests.grant_template(:'alice', '1');
select tests.act_as_service();
select throws_ok(format($$ select public.claim_page(%L, %L, 1, '1', 'alice-moved', '{}', true, false, false) $$, :'paid', :'paid_token'),
  '23505', null, 'an address another page holds is refused');
select throws_ok(format($$ select public.claim_page(%L, %L, 1, '1', 'admin', '{}', true, false, false) $$, :'paid', :'paid_token'),
  '23514', 'The address admin is reserved', 'a reserved word is refused as an address');
select is(public.claim_page(:'paid', :'paid_token', 1, '1', 'alice-paid', '{}', true, false, false), null, 'a bought template publishes');
select is(public.unpublish_page(:'paid', :'paid_token'), 'alice-paid', 'unpublishing answers the address to take down ...');
select results_eq(format($$ select slug, published from public.portfolios where id = %L $$, :'paid'),
  $$ values (null::text, false) $$, '... and the row holds none');
select is(public.slug_available('alice-paid'), false,
  'once its page is down, the address is held for its owner, not free to others (issue 45 #11; held_addresses.test.sql)');
select is_empty(format($$ select 1 from public.published_pages where portfolio_id = %L $$, :'paid'), 'no snapshot is left');
select lives_ok(format($$ select public.end_page_change(%L, %L) $$, :'paid', :'paid_token'), 'that lease ends too');

-- A published row: owners switch it only to a template they may publish, and delete it only through the function.
select tests.act_as(:'alice');
select throws_ok(format($$ update public.portfolios set template_id = '3' where id = %L $$, :'free'), '42501', null,
  'a published free row cannot become a paid template nobody bought');
select lives_ok(format($$ update public.portfolios set title = 'renamed' where id = %L $$, :'free'), 'it can be renamed');
select throws_ok(format($$ delete from public.portfolios where id = %L $$, :'free'), '42501',
  'A published portfolio is deleted through the publish function', 'a published row is not deleted behind its page''s back');
select lives_ok(format($$ delete from public.portfolios where id = %L $$, :'paid'), 'an unpublished one is');

-- A lapsed plan publishes nothing it paid for (issue 20 #5).
select tests.act_as_service();
select page_change_token as pat_token from public.begin_page_change(:'pats', :'pat') \gset
select is(public.claim_page(:'pats', :'pat_token', 1, '2', 'pat-page', '{"accent": "teal"}', false, true, true), null,
  'a plan covers every template, and its page shows the look and the sign-up form');
select is_empty('select * from public.pages_past_their_plan()', 'while the plan holds, nothing is past it');
select results_eq('select domain from public.domains_to_serve()', array[]::text[], 'no domain is proven yet');
insert into public.custom_domains (domain, portfolio_id, owner_id, verified_at) values ('pat.example', :'pats', :'pat', now());
select results_eq('select domain from public.domains_to_serve()', array['pat.example'], 'a proven domain of a published page is served');
select tests.act_as_owner();
update public.purchases set expires_at = now() - interval '1 day' where user_id = :'pat';
select tests.act_as_service();
select throws_ok(format($$ select public.claim_page(%L, %L, 1, '2', 'pat-page', '{}', true, false, false) $$, :'pats', :'pat_token'),
  '42501', null, 'once the plan ended, its paid template is not published again');
select results_eq('select slug, badge, customized_look, subscribe_form from public.pages_past_their_plan()',
  $$ values ('pat-page'::text, true, false, false) $$, 'the sweep is told to put the badge back, the look and the form off');
select is_empty('select * from public.domains_to_serve()', 'and to take the domain off the site');

-- The entitlement functions: the service role asks about anyone, a user only about themselves.
select tests.act_as(:'alice');
select throws_ok(format('select public.active_plan(%L)', :'pat'), '42501', null, 'a user cannot ask for another user''s plan');
select throws_ok(format($$ select public.may_publish(%L, '1') $$, :'pat'), '42501', null, 'nor whether another user may publish');
select throws_ok(format($$ select * from public.begin_page_change(%L, %L) $$, :'free', :'alice'), '42501', null,
  'nor take a lease herself');
select is(public.current_plan(), null, 'alice has no plan');
select tests.act_as_anon();
select throws_ok('select public.current_plan()', '42501', null, 'a visitor has no plan to ask about');

-- Addresses: anyone may ask whether one is free; reserved words, the product's name and staff words are not.
select is(public.slug_available('alice-moved'), false, 'a taken address is not available');
select is(public.slug_available('alice-moved', :'free'), true, 'except to the page that holds it');
select is(public.slug_available('home'), false, 'a reserved word is not available');
select is(
  array(select candidate from unnest(array['security', 'abuse', 'billing', 'postmaster', 'folioforge-support', 'f0li0forge',
                                           'my-folio-forge', 'fo1ioforge', 'adm1n', 'supp0rt', 'billing-team', 'the-security-desk',
                                           'official-support', 'webmaster']) candidate
         where public.slug_available(candidate)),
  array[]::text[], 'squatters get none of these (issue 20 #14)');
select is(
  array(select candidate from unnest(array['ada-lovelace', 'jane-security-consulting', 'support-group-cafe', 'forge-works', 'folio-42'])
          candidate where public.slug_available(candidate)),
  array['ada-lovelace', 'jane-security-consulting', 'support-group-cafe', 'forge-works', 'folio-42'],
  'while ordinary names that merely contain such a word stay free');
select is(
  array(select candidate from unnest(array['support-team', 'supportteam', 'trust-team', 'official-support-team', 'admin1',
                                           'password-reset', 'account-security', 'oauth', 'login-help', 'the-help-desk',
                                           'supp0rt-team-24', 'sign-in-help', 'billing-support', 'root-2024']) candidate
         where public.slug_available(candidate)),
  array[]::text[], 'nor staff look-alikes joined, numbered or led by a topic word (issue 45 #9)');
select is(
  array(select candidate from unnest(array['helena-designs', 'teamwork-studio', 'rooted-in-clay', 'trusty-tools', 'the-author',
                                           'admin-jobs-by-ada', 'support-local-bakers', 'account-ant', 'user-42-studio'])
          candidate where public.slug_available(candidate)),
  array['helena-designs', 'teamwork-studio', 'rooted-in-clay', 'trusty-tools', 'the-author', 'admin-jobs-by-ada',
        'support-local-bakers', 'account-ant', 'user-42-studio'],
  'and names that start with such words stay free');
select isnt_empty($$ select 1 from public.reserved_slugs where slug = 'admin' $$, 'visitors read the reserved words');

-- The look (Pro and Premium): set only under such a plan; taking it back is always allowed.
select tests.act_as(:'bob');
select throws_ok(format($$ update public.portfolios set look = '{"accent": "teal"}' where id = %L $$, :'bobs'), '42501',
  'A customized look needs the Pro or Premium plan', 'a look without Pro or Premium is refused');
select tests.act_as_owner();
update public.purchases set expires_at = now() + interval '30 days' where user_id = :'pat';
select tests.act_as(:'pat');
select lives_ok(format($$ update public.portfolios set look = '{"accent": "teal", "font": "serif"}' where id = %L $$, :'pats'),
  'Pro sets a look');
select throws_ok(format($$ update public.portfolios set look = '{"accent": "#ff0000"}' where id = %L $$, :'pats'), '23514', null,
  'only the named accents and fonts, never free CSS');

select * from finish();
rollback;
