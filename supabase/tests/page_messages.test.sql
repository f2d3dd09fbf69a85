-- Messages from a published page to its owner: only the page-message function writes them (through
-- leave_page_message, service role), with limits per sender and per page; the page's owner alone
-- reads, marks and removes them.
begin;
select plan(22);

select policies_are('public', 'page_messages', array[
  'page messages: the page''s owner reads them', 'page messages: the page''s owner marks them read',
  'page messages: the page''s owner removes them', 'page messages: a second factor first']);
select policies_are('public', 'page_message_senders', array[]::name[]);

select tests.create_user('owner') as owner \gset
select tests.create_user('other') as other \gset
-- As the publish function leaves them: an address only while published (a draft's was 'draft-page').
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'owner', 'generator', 'page', 'ada-page', true), (:'owner', 'generator', 'draft', null, false),
  (:'other', 'generator', 'others', 'other-page', true);
select id as page from public.portfolios where slug = 'ada-page' \gset
select id as draft from public.portfolios where title = 'draft' \gset
select id as others from public.portfolios where slug = 'other-page' \gset

\set alice aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
\set bob bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb

select tests.act_as_anon();
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, 'A', 'a@example.com', 'hi') $$, :'page', :'alice'),
  '42501', null, 'a visitor cannot leave a message past the function');
select throws_ok(format($$ insert into public.page_messages (portfolio_id, sender_name, sender_email, message) values (%L, 'A', 'a@example.com', 'hi') $$, :'page'),
  '42501', null, 'nor write one directly');
select tests.act_as(:'other');
select throws_ok(format($$ insert into public.page_messages (portfolio_id, sender_name, sender_email, message) values (%L, 'A', 'a@example.com', 'hi') $$, :'page'),
  '42501', null, 'nor can another user');

select tests.act_as_service();
select results_eq(format($$ select owner_email from public.leave_page_message(%L, 'ada-page', %L, 'Zoë 🎨', 'zoe@example.com', E'Hello,\r\n\tare you free?') $$, :'page', :'alice'),
  array['owner@example.test'], 'the function leaves a message and learns where to mail the owner');
select throws_ok(format($$ select public.leave_page_message(%L, 'draft-page', %L, 'A', 'a@example.com', 'hi') $$, :'draft', :'bob'),
  'P0002', null, 'an unpublished page takes no message');
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, 'A', 'a@example.com', 'hi') $$, :'others', :'bob'),
  'P0002', null, 'nor does a page named by another page''s address');
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, E'Bad\u001bname', 'a@example.com', 'hi') $$, :'page', :'bob'),
  '23514', null, 'a control character in the name is refused');
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, 'A', 'a@example.com', E'bell\u0007') $$, :'page', :'bob'),
  '23514', null, 'and in the message, but for line breaks and tabs');
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, 'A', E'a@exa\nmple.com', 'hi') $$, :'page', :'bob'),
  '23514', null, 'an address with a line break is refused');
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, 'A', 'a@example.com', '') $$, :'page', :'bob'),
  '23514', null, 'an empty message is refused');

-- Five from one sender within an hour, across pages; the sixth is refused.
select public.leave_page_message(:'page', 'ada-page', :'alice', 'Zoë', 'zoe@example.com', 'again ' || n) from generate_series(2, 5) n;
select throws_ok(format($$ select public.leave_page_message(%L, 'other-page', %L, 'Zoë', 'zoe@example.com', 'six') $$, :'others', :'alice'),
  'P0429', 'Too many messages from this sender', 'a sixth message from one sender within an hour is refused, on any page');
-- Even spread out: five sent forty minutes ago still count, so one sender holds at most a quarter of a page's hour.
update public.page_message_senders set sent_at = now() - interval '40 minutes' where client_key = :'alice';
select throws_ok(format($$ select public.leave_page_message(%L, 'other-page', %L, 'Zoë', 'zoe@example.com', 'six') $$, :'others', :'alice'),
  'P0429', 'Too many messages from this sender', 'and so is one sent forty minutes after the five');
update public.page_message_senders set sent_at = now() where client_key = :'alice';
-- Twenty for one page within an hour, from any number of senders.
select public.leave_page_message(:'page', 'ada-page', md5(n::text), 'Visitor', 'v@example.com', 'hello') from generate_series(1, 15) n;
select throws_ok(format($$ select public.leave_page_message(%L, 'ada-page', %L, 'Visitor', 'v@example.com', 'hello') $$, :'page', md5('new')),
  'P0429', 'Too many messages for this page', 'the twenty-first message for one page within an hour is refused');
select lives_ok(format($$ select public.leave_page_message(%L, 'other-page', %L, 'Visitor', 'v@example.com', 'hello') $$, :'others', md5('new')),
  'while other pages still take theirs');

select tests.act_as(:'other');
select results_eq('select count(*)::int from public.page_messages', array[1], 'another user reads only their own page''s messages');
select throws_ok(format($$ update public.page_messages set message = 'forged' where portfolio_id = %L $$, :'page'), '42501', null,
  'and changes no text');
select results_eq(format($$ with gone as (delete from public.page_messages where portfolio_id = %L returning 1) select count(*)::int from gone $$, :'page'),
  array[0], 'nor removes the owner''s');

select tests.act_as(:'owner');
select results_eq($$ select sender_name, message from public.page_messages order by created_at, message limit 1 $$,
  $$ values ('Zoë 🎨'::text, E'Hello,\r\n\tare you free?'::text) $$, 'the owner reads their messages as sent');
select results_eq(format($$ with marked as (update public.page_messages set read_at = now() where portfolio_id = %L returning 1) select count(*)::int from marked $$, :'page'),
  array[20], 'marks them read');
select throws_ok('select * from public.page_message_senders', '42501', null, 'and nobody but the function sees the senders'' keys');

select * from finish();
rollback;
