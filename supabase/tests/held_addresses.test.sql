-- A freed address (unpublished, moved, deleted, or its account deleted) is held for its former owner
-- for address_hold_days() (30): nobody else takes it meanwhile, they may take it back; the editor
-- learns until when (address_held_until), never who (issue 45 #11).
begin;
select plan(20);

select policies_are('public', 'held_addresses', array[]::name[]);
select is(public.address_hold_days(), 30, 'addresses are held for 30 days');

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
-- As the publish function leaves them (claim_page, unpublish_page write these columns as the owner role).
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'alice', 'generator', 'hers', 'alice-page', true), (:'alice', 'generator', 'her other', null, false),
  (:'bob', 'generator', 'his', null, false);
select id as hers from public.portfolios where title = 'hers' \gset
select id as her_other from public.portfolios where title = 'her other' \gset
select id as his from public.portfolios where title = 'his' \gset
select to_char((now() + interval '30 days') at time zone 'UTC', 'FMDD FMMonth YYYY') as until \gset

-- Unpublished: held for her.
update public.portfolios set published = false, slug = null where id = :'hers';
select throws_ok(format($$ update public.portfolios set slug = 'alice-page', published = true where id = %L $$, :'his'),
  '23514', format('The address alice-page is held for its former owner until %s', :'until'),
  'an address just unpublished is not another''s to take');
select tests.act_as(:'bob');
select is(public.slug_available('alice-page', :'his'), false, 'the editor shows it unavailable to others');
select is(public.address_held_until('alice-page')::date, (now() + interval '30 days')::date, 'and says until when');
select throws_ok('select * from public.held_addresses', '42501', null, 'but not who holds it');
select tests.act_as_anon();
select is(public.slug_available('alice-page'), false, 'nor is it available to a visitor');
select throws_ok($$ select public.address_held_until('alice-page') $$, '42501', null, 'who cannot ask until when');
select tests.act_as(:'alice');
select is(public.slug_available('alice-page', :'her_other'), true, 'its former owner may take it back');
select is(public.address_held_until('alice-page'), null, 'it is not held against her');

-- She takes it back with another portfolio: the hold ends there.
select tests.act_as_owner();
select lives_ok(format($$ update public.portfolios set slug = 'alice-page', published = true where id = %L $$, :'her_other'),
  'she publishes at it again');
select is_empty($$ select 1 from public.held_addresses where slug = 'alice-page' $$, 'and it is no longer held');

-- Moved: the old address is held.
update public.portfolios set slug = 'alice-moved' where id = :'her_other';
select throws_ok(format($$ update public.portfolios set slug = 'alice-page', published = true where id = %L $$, :'his'),
  '23514', null, 'an address moved away from is held');
-- Deleted (the publish function deletes as the service role).
select tests.act_as_service();
delete from public.portfolios where id = :'her_other';
select tests.act_as_owner();
select throws_ok(format($$ update public.portfolios set slug = 'alice-moved', published = true where id = %L $$, :'his'),
  '23514', null, 'so is the address of a deleted portfolio');
-- Her account deleted: nothing is freed before the hold is over.
delete from auth.users where id = :'alice';
select throws_ok(format($$ update public.portfolios set slug = 'alice-moved', published = true where id = %L $$, :'his'),
  '23514', null, 'deleting her account frees nothing early');
select throws_ok(format($$ update public.portfolios set slug = 'alice-page', published = true where id = %L $$, :'his'),
  '23514', null, 'none of her addresses');

-- Once the hold is over, the address is anyone's.
update public.held_addresses set held_until = now() - interval '1 minute' where slug = 'alice-moved';
select tests.act_as(:'bob');
select is(public.slug_available('alice-moved', :'his'), true, 'after 30 days the address is free');
select tests.act_as_owner();
select lives_ok(format($$ update public.portfolios set slug = 'alice-moved', published = true where id = %L $$, :'his'),
  'and anyone may take it');
update public.held_addresses set held_until = now() - interval '1 minute';
select tests.act_as_service();
select public.sweep_database();
select tests.act_as_owner();
select is_empty('select 1 from public.held_addresses', 'the sweep forgets holds that are over');
select throws_ok($$ select public.portfolios_guard_held_address() $$, null, null, 'the triggers are nobody''s to call');

select * from finish();
rollback;
