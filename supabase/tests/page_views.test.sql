-- Views of published pages: count_page_view (anyone, as a visit) adds one view and the referring
-- host; the page's owner alone reads the counts; nobody writes the tables directly.
begin;
select plan(14);

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

select tests.act_as_anon();
select public.count_page_view('ada-page', null);
select public.count_page_view('ada-page', 'News.Example.com');
select public.count_page_view('ada-page', 'news.example.com');
select public.count_page_view('ada-page', 'not a host/<script>');
select public.count_page_view('draft-page', 'news.example.com');
select public.count_page_view('no-such-page', null);
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

select tests.act_as(:'other');
select public.count_page_view('ada-page', 'evil.example.com');
select is_empty('select 1 from public.page_view_days where portfolio_id <> ''' || :'others' || '''',
  'another user reads none of the page''s counts (calling count_page_view is a visit, no more)');
select is_empty($$ select * from public.top_page_referrers('$$ || :'page' || $$', current_date - 29) $$,
  'nor its referrers');
select throws_ok(format($$ update public.page_view_days set views = 0 where portfolio_id = %L $$, :'page'), '42501', null,
  'nor changes them');
select throws_ok(format($$ delete from public.page_view_referrers where portfolio_id = %L $$, :'page'), '42501', null,
  'nor removes them');

-- Past the hosts kept per page and day, views count without their host.
select tests.act_as_anon();
select public.count_page_view('ada-page', format('site%s.example.com', n)) from generate_series(1, 60) n;
select tests.act_as(:'owner');
select is((select count(*)::int from public.page_view_referrers where portfolio_id = :'page'), public.page_referrers_per_day(),
  'a page keeps at most page_referrers_per_day() referring hosts a day');
select is((select views from public.page_view_days where portfolio_id = :'page'), 65, 'and every view is counted');

select * from finish();
rollback;
