-- A page behind the site's password (issue 49): a published version asks for the password when the
-- site does or any of its pages does; then the site server's checks apply at its address, the sweep
-- keeps its private copies, and the sitemap still lists the site's public pages but not that page.
begin;
select plan(9);

select tests.create_user('owner') as owner \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'owner', 'generator', 'one page locked', 'page-locked', true), (:'owner', 'generator', 'open', 'all-open', true),
  (:'owner', 'generator', 'saved locked', 'saved-locked', true);
select id as locked from public.portfolios where slug = 'page-locked' \gset
select id as open from public.portfolios where slug = 'all-open' \gset
select id as saved from public.portfolios where slug = 'saved-locked' \gset
insert into public.published_pages (portfolio_id, owner_id, slug, template_id, version, data, badge, customized_look, subscribe_form)
values (:'locked', :'owner', 'page-locked', 'generator', 1,
        '{"pages": [{"id": "p1", "slug": "work", "protected": false}, {"id": "p2", "slug": "secret", "protected": true}]}', false, false, false),
       (:'open', :'owner', 'all-open', 'generator', 1, '{"pages": [{"id": "p1", "slug": "work"}]}', false, false, false),
       -- Published open; only the saved row (not yet published) asks for the password.
       (:'saved', :'owner', 'saved-locked', 'generator', 1, '{"pages": [{"id": "p1", "slug": "work"}]}', false, false, false);
update public.portfolios set data = '{"pages": [{"id": "p1", "slug": "work", "protected": true}]}', version = version + 1 where id = :'saved';
insert into public.site_passwords (portfolio_id, owner_id, hash, salt, iterations)
values (:'locked', :'owner', repeat('ab', 64), repeat('0f', 16), 210000),
       (:'open', :'owner', repeat('cd', 64), repeat('1e', 16), 210000),
       (:'saved', :'owner', repeat('ef', 64), repeat('2d', 16), 210000);

\set client aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa

select ok(public.asks_for_password('{"pages": [{"protected": true}]}'), 'a protected page asks for the password');
select ok(not public.asks_for_password('{"pages": [{"protected": "true"}], "site": {}}'), 'a string is not a yes');
select ok(not public.asks_for_password('{"pages": {"protected": true}}'), 'nor is a malformed list of pages');

select tests.act_as_service();
select is((select row(salt, retry_after)::text from public.site_password_salt('page-locked', :'client')),
  row(repeat('0f', 16), 0)::text, 'a site with one page behind the password asks for it at its address');
select isnt((select generation from public.check_site_password('page-locked', :'client', repeat('ab', 64))), null,
  'and the right password lets the visitor in');
select is((select count(*)::int from public.site_password_salt('saved-locked', :'client')), 0,
  'a page protected only in the saved row is behind nothing until it is published');
select is(array(select public.private_site_slugs()), array['page-locked'], 'the sweep keeps the private copies of that site alone');
select is(array(select public.protected_slugs()), array[]::text[], 'the site itself stays in the sitemap');
select is(array(select page from public.published_site_pages() where slug = 'page-locked'), array['work'],
  'without its protected page');

select * from finish();
rollback;
