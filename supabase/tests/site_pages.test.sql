-- A portfolio is a site of a home page and at most 20 more pages (templates/src/model/site.ts): the
-- database refuses a 21st through REST as the editor does, and the sitemap's list of every public
-- page of the published sites (published_site_pages) comes from the version that was published,
-- leaves out pages behind the password and is the service role's alone.
begin;
select plan(7);

select tests.create_user('alice') as alice \gset

create function pg_temp.site(pages integer, protected_page boolean default false) returns jsonb language sql as $$
  select jsonb_build_object('schemaVersion', 2, 'sections', '[]'::jsonb, 'pages',
    coalesce((select jsonb_agg(jsonb_build_object('id', 'pg' || n, 'slug', 'page-' || n, 'title', 'Page ' || n,
                                                  'inNavigation', true, 'sections', '[]'::jsonb)
                               || case when protected_page and n = 1 then '{"protected": true}'::jsonb else '{}'::jsonb end)
              from generate_series(1, pages) n), '[]'::jsonb));
$$;

select tests.act_as(:'alice');
select lives_ok(format($$ insert into public.portfolios (template_id, title, data) values ('generator', 'site', %L) $$, pg_temp.site(20)),
  'a home page and 20 more: the most a site holds');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.site(21)),
  '23514', 'A site holds at most 20 pages besides its home page (this one has 21)', 'a 21st page is refused');
select id as site from public.portfolios where title = 'site' \gset
select throws_ok(format($$ update public.portfolios set data = %L, version = version + 1 where id = %L $$, pg_temp.site(25), :'site'),
  '23514', null, 'so is an update through REST that adds them');
select throws_ok($$ select * from public.published_site_pages() $$, '42501', null, 'an owner cannot read the sitemap''s list');

-- Published with a page behind the password, then edited: the list is of what was published.
select tests.act_as_service();
select page_change_token as token from public.begin_page_change(:'site', :'alice') \gset
update public.portfolios set data = pg_temp.site(2, true), version = version + 1 where id = :'site';
select is(public.claim_page(:'site', :'token', (select version from public.portfolios where id = :'site'), 'generator', 'alice-site', '{}', true, false, false),
  null, 'the site is published');
select public.end_page_change(:'site', :'token');
update public.portfolios set data = pg_temp.site(3), version = version + 1 where id = :'site';
select results_eq($$ select slug, page from public.published_site_pages() where slug = 'alice-site' $$,
  $$ values ('alice-site'::text, 'page-2'::text) $$,
  'the sitemap lists the published public page, not the one behind the password nor a page added since');

select page_change_token as token2 from public.begin_page_change(:'site', :'alice') \gset
select public.unpublish_page(:'site', :'token2');
select is_empty($$ select 1 from public.published_site_pages() where slug = 'alice-site' $$, 'an unpublished site lists nothing');

select * from finish();
rollback;
