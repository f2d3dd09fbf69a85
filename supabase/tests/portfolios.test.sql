-- portfolios: the owner's rows, never anyone else's, published or not (pages are static copies);
-- every change of `data` names the version it was made from (portfolios_guard_version,
-- save_portfolio), updated_at kept by a trigger; at most 20 rows per account (portfolios_cap).
begin;
select plan(32);

select policies_are('public', 'portfolios', array[
  'portfolios: owner reads', 'portfolios: owner inserts', 'portfolios: owner updates', 'portfolios: owner deletes',
  'portfolios: a second factor first to delete one']);
select triggers_are('public', 'portfolios', array[
  'portfolios_touch_updated_at', 'portfolios_guard_version', 'portfolios_guard_publish', 'portfolios_guard_look',
  'portfolios_guard_page_columns', 'portfolios_guard_delete', 'portfolios_cap', 'portfolios_guard_size',
  'portfolios_guard_held_address', 'portfolios_hold_freed_address', 'portfolios_guard_pages']);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset

-- Inserting: owner_id defaults to the caller; nobody writes rows for someone else.
select tests.act_as(:'alice');
select lives_ok($$ insert into public.portfolios (template_id, title, data) values ('generator', 'Draft', '{"name": "Alice"}') $$,
  'a signed-in user creates a portfolio');
select is((select owner_id from public.portfolios where title = 'Draft'), :'alice'::uuid, 'it is hers without saying so');
select throws_ok(format($$ insert into public.portfolios (owner_id, template_id) values (%L, 'generator') $$, :'bob'), '42501', null,
  'a row for another user is refused');
select throws_ok($$ insert into public.portfolios (template_id) values ('../1') $$, '23514', null, 'a template id of the wrong form is refused');
select id as draft from public.portfolios where title = 'Draft' \gset

-- Reading and changing: the owner alone, published or not.
select tests.act_as(:'bob');
select is_empty('select * from public.portfolios', 'bob does not see alice''s draft');
select lives_ok(format($$ update public.portfolios set title = 'mine now' where id = %L $$, :'draft'), 'bob''s update runs ...');
select lives_ok(format($$ delete from public.portfolios where id = %L $$, :'draft'), '... and his delete ...');
select tests.act_as_owner();
select results_eq(format('select title from public.portfolios where id = %L', :'draft'), array['Draft'], '... and neither touched her row');
update public.portfolios set slug = 'alice-page', published = true where id = :'draft';
select tests.act_as_anon();
select is_empty('select title, data from public.portfolios', 'a visitor reads no row, not even a published one (issue 20 #4)');
select throws_ok($$ insert into public.portfolios (template_id) values ('generator') $$, '42501', null, 'and writes none');
select throws_ok(format($$ select public.save_portfolio(%L, 1, '{}') $$, :'draft'), '42501', null, 'nor saves one');
select throws_ok('select * from public.storage_usage', '42501', null, 'nor reads any storage use');
select tests.act_as(:'bob');
select is_empty('select owner_id from public.portfolios', 'nor does bob: no drafts, no owner ids');
select lives_ok(format($$ update public.portfolios set title = 'defaced' where id = %L $$, :'draft'), 'bob''s update runs ...');
select tests.act_as_owner();
select results_eq(format('select title from public.portfolios where id = %L', :'draft'), array['Draft'], '... and changes nothing');

-- Versions (portfolios_guard_version, save_portfolio): a stale save never overwrites newer work.
select tests.act_as(:'alice');
select results_eq(format($$ select version from public.save_portfolio(%L, 1, '{"name": "Alice 2"}') $$, :'draft'), array[2],
  'a save from the current version is taken and counts up');
select throws_ok(format($$ select public.save_portfolio(%L, 1, '{"name": "stale tab"}') $$, :'draft'), 'PT409', null,
  'a save from an older version is refused');
select throws_ok(format($$ update public.portfolios set data = '{"name": "sneaky"}' where id = %L $$, :'draft'), 'PT409', null,
  'so is a plain update of data that keeps the version');
select tests.act_as(:'bob');
select throws_ok(format($$ select public.save_portfolio(%L, 2, '{"name": "bob"}') $$, :'draft'), 'PT404', null,
  'another user''s portfolio is not found by save_portfolio (it runs as the caller)');
select tests.act_as_owner();

-- touch_updated_at: renaming moves updated_at (the list sorts by it) and keeps the version.
update public.portfolios set updated_at = now() - interval '1 day' where id = :'draft';
select tests.act_as(:'alice');
update public.portfolios set title = 'Renamed' where id = :'draft';
select tests.act_as_owner();
select ok((select updated_at > now() - interval '1 minute' and version = 2 from public.portfolios where id = :'draft'),
  'a rename stamps updated_at and keeps the version');

-- The portfolio model (20260620000000_portfolio_sections.sql): a save may move the portfolio to
-- another template; a new row starts as an empty model; the upgrade of old rows is the migration's alone.
select tests.act_as(:'alice');
select results_eq(
  format($$ select template_id from public.save_portfolio(%L, 2, '{"schemaVersion": 2}', 'generator') $$, :'draft'),
  array['generator'], 'a save switches template with its content');
select results_eq(
  format($$ select template_id from public.save_portfolio(%L, 3, '{"schemaVersion": 2}') $$, :'draft'),
  array['generator'], 'and one that names none keeps it');
select lives_ok($$ insert into public.portfolios (template_id, title) values ('2', 'Empty') $$, 'a portfolio made without data');
select is((select data from public.portfolios where title = 'Empty'), '{"schemaVersion": 2, "profile": {}, "socials": [], "sections": []}'::jsonb,
  'starts as an empty portfolio in the model');
select throws_ok(format($$ select public.save_portfolio(%L, 1, '{"schemaVersion": 2}', '../1') $$,
  (select id from public.portfolios where title = 'Empty')), '23514', null, 'a save to a template id of the wrong form is refused');
select throws_ok($$ select public.portfolio_from_legacy('1', '{"name": "x"}') $$, '42501', null, 'users cannot run the migration''s upgrade');
select tests.act_as_owner();
-- At most 20 portfolios per account (max_portfolios_per_user), counted under a lock.
select tests.act_as(:'bob');
select lives_ok($$ insert into public.portfolios (template_id) select 'generator' from generate_series(1, 20) $$,
  'bob keeps 20 portfolios');
select throws_ok($$ insert into public.portfolios (template_id) values ('generator') $$, 'P0001',
  'An account keeps at most 20 portfolios', 'the 21st is refused');
select tests.act_as(:'alice');
select lives_ok($$ insert into public.portfolios (template_id) values ('generator') $$, 'his count is not hers');
select is(public.max_portfolios_per_user(), 20, 'the number lives in one place');

select * from finish();
rollback;
