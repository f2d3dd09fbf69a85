-- Who may publish what, and at which address: portfolios_guard_publish with may_publish/active_plan
-- (security definer, the service role's alone), current_plan for the caller, slug_available and the
-- reserved words, and the customized look only under Pro or Premium (portfolios_guard_look).
begin;
select plan(26);

select policies_are('public', 'reserved_slugs', array['reserved slugs: anyone reads']);

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

-- The trigger decides, whatever the client.
select tests.act_as(:'alice');
select throws_ok(format($$ update public.portfolios set slug = 'alice-paid', published = true where id = %L $$, :'paid'), '42501',
  'Publishing this template needs a purchase or a plan', 'a paid template nobody bought is not published');
select lives_ok(format($$ update public.portfolios set slug = 'alice-free', published = true where id = %L $$, :'free'),
  'the free generator publishes');
select throws_ok(format($$ update public.portfolios set template_id = '1' where id = %L $$, :'free'), '42501', null,
  'a published free row cannot become a paid template');
select throws_ok(format($$ update public.portfolios set slug = 'admin' where id = %L $$, :'free'), '23514',
  'The address admin is reserved', 'a reserved word is refused as an address');
select throws_ok($$ insert into public.portfolios (template_id, slug, published) values ('1', 'sneak-in', true) $$, '42501', null,
  'inserting a row already published is held to the same rule');
select tests.act_as(:'bob');
select lives_ok(format($$ update public.portfolios set slug = 'bob-page', published = true where id = %L $$, :'bobs'),
  'a bought template publishes');
select throws_ok(format($$ update public.portfolios set slug = 'alice-free' where id = %L $$, :'bobs'), '23505', null,
  'an address another page holds is refused');
select tests.act_as(:'pat');
select lives_ok(format($$ update public.portfolios set slug = 'pat-page', published = true where id = %L $$, :'pats'),
  'a plan covers every template');
select tests.act_as_owner();
update public.purchases set expires_at = now() - interval '1 day' where user_id = :'pat';
select tests.act_as(:'pat');
select lives_ok(format($$ update public.portfolios set title = 'still up' where id = %L $$, :'pats'),
  'a page published under a plan that has since ended can still be renamed ...');
select throws_ok(format($$ update public.portfolios set published = false where id = %L;
                         update public.portfolios set published = true where id = %L $$, :'pats', :'pats'), '42501', null,
  '... but not published again');
select tests.act_as_owner();
update public.purchases set expires_at = now() + interval '30 days' where user_id = :'pat';

-- The entitlement functions: the service role asks about anyone, a user only about themselves.
select tests.act_as(:'alice');
select throws_ok(format('select public.active_plan(%L)', :'pat'), '42501', null, 'a user cannot ask for another user''s plan');
select throws_ok(format($$ select public.may_publish(%L, '1') $$, :'pat'), '42501', null, 'nor whether another user may publish');
select is(public.current_plan(), null, 'alice has no plan');
select tests.act_as(:'pat');
select is(public.current_plan(), 'pro', 'pat''s own plan is hers to read');
select results_eq('select plan, remove_branding, customized_look, brand_kit from public.entitlements',
  $$ values ('pro'::text, true, true, false) $$, 'the entitlements view says what the plan grants');
select tests.act_as_anon();
select throws_ok('select public.current_plan()', '42501', null, 'a visitor has no plan to ask about');
select tests.act_as_service();
select is(public.active_plan(:'pat'), 'pro', 'the functions (service role) read anyone''s plan');
select is(public.may_publish(:'alice', '1'), false, 'and whether they may publish a template');

-- Addresses: anyone may ask whether one is free, and read the reserved words.
select tests.act_as_anon();
select is(public.slug_available('alice-free'), false, 'a taken address is not available');
select is(public.slug_available('alice-free', :'free'), true, 'except to the page that holds it');
select is(public.slug_available('home'), false, 'a reserved word is not available');
select isnt_empty($$ select 1 from public.reserved_slugs where slug = 'admin' $$, 'visitors read the reserved words');

-- The look (Pro and Premium): set only under such a plan; taking it back is always allowed.
select tests.act_as(:'bob');
select throws_ok(format($$ update public.portfolios set look = '{"accent": "teal"}' where id = %L $$, :'bobs'), '42501',
  'A customized look needs the Pro or Premium plan', 'a look without Pro or Premium is refused');
select tests.act_as(:'pat');
select lives_ok(format($$ update public.portfolios set look = '{"accent": "teal", "font": "serif"}' where id = %L $$, :'pats'),
  'Pro sets a look');
select throws_ok(format($$ update public.portfolios set look = '{"accent": "#ff0000"}' where id = %L $$, :'pats'), '23514', null,
  'only the named accents and fonts, never free CSS');

select * from finish();
rollback;
