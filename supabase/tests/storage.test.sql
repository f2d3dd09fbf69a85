-- Storage (policies on storage.objects, Supabase's table): pictures and resumes under the owner's
-- <user id>/<portfolio id>/ folder, private even once published (the page's copies live in `sites`);
-- the `sites` bucket written by the publish function alone; each owner's space kept by
-- enforce_storage_quota, published copies whose originals are gone counted too (storage_use).
begin;
select plan(24);

select policies_are('storage', 'objects', array[
  'portfolio-images: owner uploads', 'portfolio-images: owner updates', 'portfolio-images: owner deletes',
  'portfolio-images: owner reads', 'resumes: owner reads', 'resumes: owner uploads', 'resumes: owner updates',
  'resumes: owner deletes', 'private files: a second factor first to read them',
  'private files: a second factor first to remove them']);
select has_trigger('storage', 'objects', 'enforce_storage_quota', 'the quota is kept by a trigger on storage.objects');
-- Hosted Storage refuses SQL deletes unless asked (its protect_delete trigger): asked, RLS decides.
select set_config('storage.allow_delete_query', 'true', true);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
insert into public.portfolios (owner_id, template_id, title) values (:'alice', 'generator', 'hers');
select id as page from public.portfolios where title = 'hers' \gset

create temp table paths as select
  format('%s/%s/photo.png', :'alice', :'page') as photo,
  format('%s/%s/cv.pdf', :'alice', :'page') as cv;
grant select on paths to public;

select tests.act_as(:'alice');
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata) select 'portfolio-images', photo, '{"size": 1000}' from paths $$,
  'alice uploads a picture to her folder');
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata) select 'resumes', cv, '{"size": 2000}' from paths $$,
  'and a resume');
select throws_ok(format($$ insert into storage.objects (bucket_id, name) values ('portfolio-images', '%s/x/evil.png') $$, :'bob'), '42501', null,
  'not into bob''s folder');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('sites', 'alice-page/index.html') $$, '42501', null,
  'nor into the published sites bucket');
select results_eq($$ select bytes, files from public.storage_usage $$, $$ values (3000::bigint, 2) $$, 'her storage use counts both');

select tests.act_as(:'bob');
select is_empty('select * from storage.objects', 'bob sees none of alice''s files while the portfolio is a draft');
select lives_ok($$ delete from storage.objects $$, 'his delete runs ...');
select lives_ok($$ update storage.objects set name = 'mine.png' $$, '... and his rename ...');
select tests.act_as_anon();
select is_empty('select * from storage.objects', 'a visitor sees none either');
select tests.act_as_owner();
select results_eq('select count(*)::int from storage.objects', array[2], '... and neither changed a thing');

update public.portfolios set slug = 'alice-page', published = true where id = :'page';
select tests.act_as_anon();
select is_empty('select * from storage.objects', 'once published, the originals stay private: visitors get the page''s copies (issue 20 #4)');
select tests.act_as(:'bob');
select lives_ok($$ update storage.objects set metadata = '{"size": 1}' $$, 'readable, not writable: bob''s update runs ...');
select tests.act_as_owner();
select results_eq($$ select sum((metadata ->> 'size')::int)::int from storage.objects $$, array[3000], '... and changes no file');

-- The quota: 50 MB without a plan, more with one; only growth is refused.
select tests.act_as(:'alice');
select throws_ok(format($$ insert into storage.objects (bucket_id, name, metadata) values ('portfolio-images', '%s/%s/big.png', '{"size": 52428000}') $$,
  :'alice', :'page'), 'P0413', null, 'a file that would pass the 50 MB of no plan is refused');
select lives_ok(format($$ insert into storage.objects (bucket_id, name, metadata) values ('portfolio-images', '%s/%s/fits.png', '{"size": 52000000}') $$,
  :'alice', :'page'), 'one that fits is stored');
select tests.act_as_owner();
select tests.grant_plan(:'alice', 'basic');
select tests.act_as(:'alice');
select lives_ok($$ update storage.objects set metadata = '{"size": 60000000}' where name like '%fits.png' $$,
  'with a plan the same file may grow past 50 MB');
select tests.act_as_owner();
update public.purchases set expires_at = now() - interval '1 day' where user_id = :'alice';
select tests.act_as(:'alice');
select lives_ok($$ update storage.objects set metadata = '{"size": 100}' where name like '%fits.png' $$,
  'over the quota once the plan ended, a file may still shrink');
select throws_ok($$ update storage.objects set metadata = '{"size": 60000000}' where name like '%fits.png' $$, 'P0413', null,
  'but not grow again');

-- Published copies: free while their original is kept, counted once it is gone (issue 20 #6).
select tests.act_as_owner();
update public.purchases set expires_at = now() + interval '30 days' where user_id = :'alice';
delete from storage.objects where name like '%fits.png';
insert into storage.objects (bucket_id, name, metadata) values
  ('sites', 'alice-page/files/portfolio-images/photo.png', '{"size": 1000}'),
  ('sites', 'alice-page/files/resumes/cv.pdf', '{"size": 2000}');
select tests.act_as(:'alice');
select results_eq($$ select bytes, files from public.storage_usage $$, $$ values (3000::bigint, 2) $$,
  'a copy of a file she keeps costs nothing more');
select lives_ok($$ delete from storage.objects where bucket_id = 'portfolio-images' $$, 'she deletes the picture the page shows ...');
select results_eq($$ select bytes, files from public.storage_usage $$, $$ values (3000::bigint, 2) $$,
  '... and her use stays: the page''s copy counts now');
select tests.act_as_owner();
update public.purchases set expires_at = now() - interval '1 day' where user_id = :'alice';
select tests.act_as(:'alice');
select throws_ok(format($$ insert into storage.objects (bucket_id, name, metadata) values ('portfolio-images', '%s/%s/again.png', '{"size": 52426000}') $$,
  :'alice', :'page'), 'P0413', null, 'so publishing, deleting and uploading again cannot pass the quota');

select * from finish();
rollback;
