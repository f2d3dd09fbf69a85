-- Views per page of a site (page_view_pages): the site's server names the page it answered; the
-- day's total stays the site's; a path that is no page address gets no row but still counts; the
-- owner alone reads them, nobody writes them.
begin;
select plan(7);

select policies_are('public', 'page_view_pages', array['page views per page: the page''s owner reads them']);

select tests.create_user('owner') as owner \gset
select tests.create_user('other') as other \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values (:'owner', 'generator', 'site', 'ada-site', true);
select id as site from public.portfolios where slug = 'ada-site' \gset

select tests.act_as_service();
select public.count_page_view('ada-site', md5('1'), null);
select public.count_page_view('ada-site', md5('2'), null, 'projects');
select public.count_page_view('ada-site', md5('3'), null, 'projects');
select public.count_page_view('ada-site', md5('4'), null, 'blog/first-post');
select public.count_page_view('ada-site', md5('5'), null, '../admin');

select tests.act_as(:'owner');
select results_eq($$ select views from public.page_view_days $$, array[5], 'every view counts in the site''s day');
select results_eq($$ select page, views from public.page_view_pages order by page $$,
  $$ values (''::text, 1), ('blog/first-post'::text, 1), ('projects'::text, 2) $$,
  'and per page: home, a page, a post (a path that is no address gets no row)');
select throws_ok(format($$ insert into public.page_view_pages (portfolio_id, day, page, views) values (%L, current_date, 'x', 9) $$, :'site'),
  '42501', null, 'the owner writes none of them');

select tests.act_as(:'other');
select is_empty('select 1 from public.page_view_pages', 'another user reads none');
select tests.act_as_anon();
select throws_ok('select * from public.page_view_pages', '42501', null, 'nor does a visitor');
select tests.act_as(:'other');
select throws_ok($$ select public.count_page_view('ada-site', md5('9'), null, 'projects') $$, '42501', null,
  'nor may a user count a view');

select * from finish();
rollback;
