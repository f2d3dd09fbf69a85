-- Supabase Realtime's side of the schema: realtime.messages in the shape Realtime's migrations leave it
-- (local-cloud's bootstrap makes it; hosted Supabase has it), realtime.topic(), the tables the app's
-- Postgres Changes watch in the supabase_realtime publication, and the policies that let a user, and
-- only that user, receive and send on the private topic `user:<their id>`. Passes unchanged on hosted Supabase.
begin;
select plan(13);
set local search_path = public, extensions;

select set_eq(
  $$ select a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid)
       from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = 'realtime.messages'::regclass and a.attnum > 0 and not a.attisdropped $$,
  $$ values ('topic', 'text', true, null), ('extension', 'text', true, null), ('payload', 'jsonb', false, null),
            ('event', 'text', false, null), ('private', 'boolean', false, 'false'),
            ('updated_at', 'timestamp without time zone', true, 'now()'), ('inserted_at', 'timestamp without time zone', true, 'now()'),
            ('id', 'uuid', true, 'gen_random_uuid()'), ('binary_payload', 'bytea', false, null) $$,
  'realtime.messages has Realtime''s columns, types, nullability and defaults');
select col_is_pk('realtime', 'messages', array['id', 'inserted_at'], 'keyed by id and inserted_at, as Realtime partitions it');
select is((select relrowsecurity from pg_class where oid = 'realtime.messages'::regclass), true, 'realtime.messages has RLS on');

select set_config('realtime.topic', 'room-1', true);
select is(realtime.topic(), 'room-1', 'realtime.topic() is the topic Realtime sets');

select set_eq(
  $$ select schemaname || '.' || tablename from pg_publication_tables where pubname = 'supabase_realtime' $$,
  array['public.portfolios', 'public.page_messages', 'public.subscribers', 'public.page_view_days', 'public.purchases',
        'public.shop_orders'],
  'the supabase_realtime publication holds the tables the app watches');

-- Realtime Authorization as Realtime asks it: with the topic set, can the caller select / insert a message?
select tests.create_user('rt_owner') as owner \gset
select tests.create_user('rt_other') as other \gset
insert into realtime.messages (topic, extension, private) values ('user:' || :'owner', 'broadcast', true), ('user:' || :'owner', 'presence', true);

select set_config('realtime.topic', 'user:' || :'owner', true);
select tests.act_as(:'owner');
select is((select count(*)::int from realtime.messages where topic = 'user:' || :'owner'), 2, 'a user receives broadcast and presence on their own topic');
select lives_ok(format($$ insert into realtime.messages (topic, extension, private) values ('user:%s', 'broadcast', true) $$, :'owner'),
  'and sends on it');

select tests.act_as(:'other');
select is((select count(*)::int from realtime.messages), 0, 'another user receives nothing on it');
select throws_ok(format($$ insert into realtime.messages (topic, extension, private) values ('user:%s', 'broadcast', true) $$, :'owner'),
  '42501', null, 'nor sends on it');

select tests.act_as_anon();
select is((select count(*)::int from realtime.messages), 0, 'anon receives nothing on it');
select throws_ok(format($$ insert into realtime.messages (topic, extension, private) values ('user:%s', 'presence', true) $$, :'owner'),
  '42501', null, 'nor sends on it');

-- A topic that only looks like the user's is another topic.
select tests.act_as_owner();
select set_config('realtime.topic', 'user:' || :'owner' || ':admin', true);
insert into realtime.messages (topic, extension, private) values ('user:' || :'owner' || ':admin', 'broadcast', true);
select tests.act_as(:'owner');
select is((select count(*)::int from realtime.messages), 0, 'a topic merely starting with user:<id> is not the user''s');
select throws_ok(format($$ insert into realtime.messages (topic, extension, private) values ('user:%s:admin', 'broadcast', true) $$, :'owner'),
  '42501', null, 'nor may they send on it');

select * from finish();
rollback;
