-- Views of published pages: count_page_view (the site's server alone, as a visit) adds one view and
-- the referring host, at most page_views_per_client_per_day() a client; the page's owner alone reads
-- the counts; nobody writes the tables directly.
begin;
select plan(22);

select policies_are('public', 'page_view_days', array['page views: the page''s owner reads them']);
select policies_are('public', 'page_view_referrers', array['page referrers: the page''s owner reads them']);

select tests.create_user('owner') as owner \gset
select tests.create_user('other') as other \gset
-- As the publish function leaves them: an address only while published (a draft's was 'draft-page').
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'owner', 'generator', 'page', 'ada-page', true), (:'owner', 'generator', 'draft', null, false),
  (:'other', 'generator', 'others', 'other-page', true);
select id as page from public.portfolios where slug = 'ada-page' \gset
select id as draft from public.portfolios where title = 'draft' \gset
select id as others from public.portfolios where slug = 'other-page' \gset

\set client aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa

select tests.act_as_anon();
select throws_ok($$ select public.count_page_view('ada-page', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'phish-login.example') $$,
  '42501', null, 'a browser counts no view itself');
select tests.act_as(:'other');
select throws_ok($$ select public.count_page_view('ada-page', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'phish-login.example') $$,
  '42501', null, 'nor does a signed-in user');

select tests.act_as_service();
select public.count_page_view('ada-page', md5('1'), null);
select public.count_page_view('ada-page', md5('2'), 'News.Example.com');
select public.count_page_view('ada-page', md5('3'), 'news.example.com');
select public.count_page_view('ada-page', md5('4'), 'not a host/<script>');
select public.count_page_view('draft-page', md5('5'), 'news.example.com');
select public.count_page_view('no-such-page', md5('6'), null);
select tests.act_as_anon();
select throws_ok('select * from public.page_view_days', '42501', null, 'a visitor reads no counts');
select throws_ok(format($$ insert into public.page_view_days (portfolio_id, day, views) values (%L, current_date, 1000) $$, :'page'),
  '42501', null, 'nor writes them');

select tests.act_as(:'owner');
select results_eq($$ select views from public.page_view_days where portfolio_id = '$$ || :'page' || $$' $$, array[4],
  'four visits, whoever made them, are four views (a referrer that is no host still counts as a view)');
select results_eq($$ select referrer, views from public.page_view_referrers $$,
  $$ values ('news.example.com'::text, 2) $$, 'the linking host, lowercased, once per day');
select is_empty($$ select 1 from public.page_view_days where portfolio_id = '$$ || :'draft' || $$' $$,
  'an unpublished page counts nothing');
select results_eq($$ select * from public.top_page_referrers('$$ || :'page' || $$', current_date - 29) $$,
  $$ values ('news.example.com'::text, 2::bigint) $$, 'the owner''s top referrers');
select throws_ok(format($$ update public.page_view_days set views = 99 where portfolio_id = %L $$, :'page'), '42501', null,
  'the owner may not set her own figures either');

select tests.act_as(:'other');
select is_empty('select 1 from public.page_view_days where portfolio_id <> ''' || :'others' || '''',
  'another user reads none of the page''s counts');
select is_empty($$ select * from public.top_page_referrers('$$ || :'page' || $$', current_date - 29) $$,
  'nor its referrers');
select throws_ok(format($$ update public.page_view_days set views = 0 where portfolio_id = %L $$, :'page'), '42501', null,
  'nor changes them');
select throws_ok(format($$ delete from public.page_view_referrers where portfolio_id = %L $$, :'page'), '42501', null,
  'nor removes them');

-- Past the hosts kept per page and day, views count without their host.
select tests.act_as_service();
select public.count_page_view('ada-page', md5('site' || n), format('site%s.example.com', n)) from generate_series(1, 60) n;
select tests.act_as(:'owner');
select is((select count(*)::int from public.page_view_referrers where portfolio_id = :'page'), public.page_referrers_per_day(),
  'a page keeps at most page_referrers_per_day() referring hosts a day');
select is((select views from public.page_view_days where portfolio_id = :'page'), 64, 'and every view is counted');

-- One client: ten views of a page a day, then no more (nor referrers).
select tests.act_as_service();
select results_eq($$ select public.count_page_view('other-page', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'news.example.com') from generate_series(1, 10) $$,
  $$ select true from generate_series(1, 10) $$, 'a client''s first ten views of a page today count');
select is(public.count_page_view('other-page', :'client', 'phish-login.example'), false, 'the eleventh does not');
select is(public.count_page_view('ada-page', :'client', null), true, 'while the client''s views of another page still do');
select is((select views from public.page_view_days where portfolio_id = :'others'), 10, 'so 500 calls are ten views');
select is_empty($$ select 1 from public.page_view_referrers where referrer = 'phish-login.example' $$, 'and plant no referrer');

select * from finish();
rollback;
