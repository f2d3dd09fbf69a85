-- What a password alone (an aal1 session of a user with a verified factor) may not do besides what
-- two_factor.test.sql shows: read, mark or remove page messages, delete a portfolio, read or remove
-- a picture or resume. With the code (aal2), or without a factor, all of it works as before.
begin;
select plan(14);

select set_config('storage.allow_delete_query', 'true', true);
select tests.create_user('alice') as alice \gset
select tests.create_user('carol') as carol \gset
select tests.add_factor(:'alice');
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'alice', 'generator', 'page', 'alice-page', true), (:'alice', 'generator', 'draft', null, false),
  (:'carol', 'generator', 'carols', null, false);
select id as page from public.portfolios where slug = 'alice-page' \gset
select id as draft from public.portfolios where title = 'draft' \gset
select id as carols from public.portfolios where title = 'carols' \gset
insert into public.page_messages (portfolio_id, sender_name, sender_email, message) values (:'page', 'Zoë', 'zoe@example.com', 'hi');
insert into storage.objects (bucket_id, name, metadata) values
  ('resumes', format('%s/%s/cv.pdf', :'alice', :'draft'), '{"size": 10}'),
  ('portfolio-images', format('%s/%s/me.png', :'alice', :'draft'), '{"size": 10}');

select tests.act_as_at(:'alice', 'aal1');
select is_empty('select * from public.page_messages', 'aal1: visitors'' messages are not read');
select results_eq($$ with marked as (update public.page_messages set read_at = now() returning 1) select count(*)::int from marked $$,
  array[0], 'nor marked read');
select results_eq($$ with gone as (delete from public.page_messages returning 1) select count(*)::int from gone $$,
  array[0], 'nor removed');
select results_eq(format($$ with gone as (delete from public.portfolios where id = %L returning 1) select count(*)::int from gone $$, :'draft'),
  array[0], 'a draft is not deleted');
select is_empty('select * from storage.objects', 'her pictures and resumes are not read (nor signed)');
select results_eq($$ with gone as (delete from storage.objects returning 1) select count(*)::int from gone $$,
  array[0], 'nor removed');
select results_eq('select title from public.portfolios order by title', array['draft', 'page'],
  'she still reads her portfolios (the code step comes first in the app anyway)');

select tests.act_as_at(:'alice', 'aal2');
select results_eq('select sender_name from public.page_messages', array['Zoë'], 'aal2: her messages');
select results_eq($$ with marked as (update public.page_messages set read_at = now() returning 1) select count(*)::int from marked $$,
  array[1], 'marked read');
select results_eq('select count(*)::int from storage.objects', array[2], 'her files');
select results_eq($$ with gone as (delete from storage.objects where bucket_id = 'resumes' returning 1) select count(*)::int from gone $$,
  array[1], 'removed');
select results_eq(format($$ with gone as (delete from public.portfolios where id = %L returning 1) select count(*)::int from gone $$, :'draft'),
  array[1], 'and her draft deleted');
select results_eq($$ with gone as (delete from public.page_messages returning 1) select count(*)::int from gone $$,
  array[1], 'and a message removed');

select tests.act_as(:'carol');
select results_eq(format($$ with gone as (delete from public.portfolios where id = %L returning 1) select count(*)::int from gone $$, :'carols'),
  array[1], 'without a factor, the password is enough as before');

select * from finish();
rollback;
