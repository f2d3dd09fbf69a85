-- A site's blog posts: the owner alone reads and writes them; another user and a visitor read and
-- write nothing, published or not; the limits are the model's; blogs_due is the sweep's alone.
begin;
select plan(25);

select policies_are('public', 'portfolio_posts', array[
  'posts: the owner reads them', 'posts: the owner writes them', 'posts: the owner changes them', 'posts: the owner removes them']);
select policies_are('public', 'blog_renders', array[]::name[]);

select tests.create_user('ada') as ada \gset
select tests.create_user('mallory') as mallory \gset
insert into public.portfolios (owner_id, template_id, title, slug, published) values
  (:'ada', 'generator', 'ada', 'ada-site', true), (:'mallory', 'generator', 'mallory', 'mallory-site', true);
select id as site from public.portfolios where slug = 'ada-site' \gset
select id as mallorys from public.portfolios where slug = 'mallory-site' \gset

select tests.act_as(:'ada');
insert into public.portfolio_posts (portfolio_id, slug, title, body, tags, status, publish_at) values
  (:'site', 'first-loaf', 'पहली रोटी 🍞', '<p>Flour, water, salt.</p>', '{Bread,Rye}', 'published', now() - interval '1 day'),
  (:'site', 'draft', 'Not yet', '', '{}', 'draft', null);
select results_eq($$ select count(*)::int from public.portfolio_posts $$, array[2], 'the owner writes and reads her posts');
select results_eq(format($$ select owner_id from public.portfolio_posts where slug = 'draft' $$), array[:'ada'::uuid], 'each is hers');
update public.portfolio_posts set title = 'Still not yet' where slug = 'draft';
select results_eq($$ select version from public.portfolio_posts where slug = 'draft' $$, array[2], 'a change is a new version');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title) values (%L, 'mine-now', 'x') $$, :'mallorys'),
  '42501', null, 'she cannot write a post into another user''s portfolio');
select throws_ok(format($$ update public.portfolio_posts set portfolio_id = %L where slug = 'draft' $$, :'mallorys'),
  '42501', null, 'nor move one there');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title) values (%L, 'first-loaf', 'again') $$, :'site'),
  '23505', null, 'two posts of a site cannot share an address');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title) values (%L, 'tag', 'x') $$, :'site'),
  '23514', null, 'a post cannot take an address the blog uses itself');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title, tags) values (%L, 'tags', 'x', '{1,2,3,4,5,6,7,8,9,10,11}') $$, :'site'),
  '23514', null, 'nor more than 10 tags');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title, status) values (%L, 'undated', 'x', 'published') $$, :'site'),
  '23514', null, 'a published post needs its date');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title, body) values (%L, 'long', 'x', repeat('a', 100001)) $$, :'site'),
  '23514', null, 'a body past 100,000 characters is refused');

select tests.act_as(:'mallory');
select is_empty($$ select id from public.portfolio_posts $$, 'another user reads none of them, published or draft');
update public.portfolio_posts set title = 'pwned';
delete from public.portfolio_posts;
select tests.act_as(:'mallory');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, owner_id, slug, title) values (%L, %L, 'forged', 'x') $$, :'site', :'ada'),
  '42501', null, 'nor writes one in her name');

select tests.act_as_anon();
select throws_ok($$ select id from public.portfolio_posts $$, '42501', null, 'a visitor may not even ask');
select throws_ok($$ select * from public.blogs_due() $$, '42501', null, 'nor ask which blogs are due');
select throws_ok($$ select * from public.live_post_addresses() $$, '42501', null, 'nor list the live posts');

select tests.act_as_owner();
select results_eq($$ select count(*)::int from public.portfolio_posts where title in ('Still not yet', 'पहली रोटी 🍞') $$, array[2],
  'what another user tried changed nothing');

-- The sweep's question: a scheduled post that came due since the blog's last render.
insert into public.blog_renders (portfolio_id, rendered_at, slug) values (:'site', now() - interval '1 hour', 'ada-site');
select tests.act_as_service();
select is_empty($$ select slug from public.blogs_due() $$, 'nothing is due while every live post was rendered');
select tests.act_as(:'ada');
insert into public.portfolio_posts (portfolio_id, slug, title, status, publish_at) values (:'site', 'later', 'Later', 'published', now() + interval '1 hour');
select tests.act_as_service();
select is_empty($$ select slug from public.blogs_due() $$, 'a post scheduled ahead is not due yet');
select results_eq($$ select slug from public.blogs_due(now() + interval '2 hours') $$, array['ada-site'], 'and is once its time has come');
update public.blog_renders set pending = true;
select results_eq($$ select slug from public.blogs_due() $$, array['ada-site'], 'a blog left pending is due at once');
select results_eq($$ select site_slug || '/' || post_slug from public.live_post_addresses() $$, array['ada-site/first-loaf'],
  'the sitemap lists the live post only: no draft, nothing scheduled');

-- 500 posts a site.
select tests.act_as_owner();
insert into public.portfolio_posts (portfolio_id, owner_id, slug, title)
  select :'site', :'ada', 'post-' || n, 'Post ' || n from generate_series(1, 497) as n;
select tests.act_as(:'ada');
select throws_ok(format($$ insert into public.portfolio_posts (portfolio_id, slug, title) values (%L, 'one-too-many', 'x') $$, :'site'),
  '23514', 'A blog holds at most 500 posts (this one has 500)', 'the 501st post is refused with the limit');

select tests.act_as_owner();
delete from public.portfolios where id = :'site';
select is_empty(format($$ select id from public.portfolio_posts where portfolio_id = %L $$, :'site'), 'the posts go with their portfolio');

select * from finish();
rollback;
