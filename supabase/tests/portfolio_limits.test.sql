-- The portfolio model's limits kept by the database (portfolio_limits(), the same numbers as
-- templates/src/model/schema.ts LIMITS): per row, sections, items, social links and characters of
-- JSON as the editor counts them; per account, all drafts together at most 10 MB. Through REST and
-- save_portfolio alike (issue 45 #12).
begin;
select plan(17);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset

-- Measures: JSON.stringify's length, not jsonb's spaced text.
select is(public.compact_json_size('{"a": [1, {"b": "x, y: z"}], "c": {}, "d": []}'),
  row(length('{"a":[1,{"b":"x, y: z"}],"c":{},"d":[]}'), length('{"a":[1,{"b":"x, y: z"}],"c":{},"d":[]}'))::record,
  'a value''s size is as JSON.stringify writes it');
select is((public.compact_json_size('{"name": "Zoë"}')).bytes, 15, 'in UTF-8 bytes too');

-- A portfolio of n sections of m items each, and one whose text is `chars` long as JSON.
create function pg_temp.sections(n integer, m integer) returns jsonb language sql as $$
  select jsonb_build_object('schemaVersion', 2, 'profile', '{}'::jsonb, 'socials', '[]'::jsonb, 'sections',
    coalesce((select jsonb_agg(jsonb_build_object('id', 's' || s, 'kind', 'projects', 'title', '', 'items',
      coalesce((select jsonb_agg(jsonb_build_object('id', 'i' || i, 'name', 'x')) from generate_series(1, m) i), '[]'::jsonb)))
      from generate_series(1, n) s), '[]'::jsonb));
$$;
create function pg_temp.of_length(chars integer, letter text default 'a') returns jsonb language sql as $$
  select jsonb_build_object('schemaVersion', 2, 'profile', jsonb_build_object('about',
    repeat(letter, chars - (public.compact_json_size('{"schemaVersion": 2, "profile": {"about": ""}}')).characters)));
$$;

select tests.act_as(:'alice');
select lives_ok(format($$ insert into public.portfolios (template_id, title, data) values ('generator', 'full', %L) $$, pg_temp.sections(2, 100)),
  'two sections of 100 items: the most a portfolio holds');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.sections(21, 0)),
  '23514', 'A portfolio holds at most 20 sections (this one has 21)', 'a 21st section is refused');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.sections(1, 101)),
  '23514', 'A section holds at most 100 items (one here has 101)', 'a 101st item in a section is refused');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.sections(3, 67)),
  '23514', 'A portfolio holds at most 200 items in all (this one has 201)', 'a 201st item in all is refused');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$,
    jsonb_build_object('schemaVersion', 2, 'socials', (select jsonb_agg(jsonb_build_object('id', 'n' || n)) from generate_series(1, 21) n))),
  '23514', 'A portfolio holds at most 20 social links', 'a 21st social link is refused');
select lives_ok(format($$ insert into public.portfolios (template_id, title, data) values ('generator', 'long', %L) $$, pg_temp.of_length(500000)),
  '500,000 characters of JSON are kept');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.of_length(500001)),
  '23514', 'A portfolio holds at most 500,000 characters in all (this one has 500,001)', 'one more is refused');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.of_length(900000)),
  '23514', null, 'so is a draft of 900 kB, as REST took before');

-- save_portfolio, the editor's save, keeps them too.
select id as full from public.portfolios where title = 'full' \gset
select throws_ok(format($$ select public.save_portfolio(%L, 1, %L) $$, :'full', pg_temp.sections(100, 50)),
  '23514', 'A portfolio holds at most 20 sections (this one has 100)', 'save_portfolio refuses 100 sections of 50 items');
select throws_ok(format($$ update public.portfolios set data = %L where id = %L $$, pg_temp.sections(1, 101), :'full'),
  '23514', null, 'and so does an update through REST');
select results_eq(format($$ select jsonb_array_length(data -> 'sections') from public.portfolios where id = %L $$, :'full'), array[2],
  'the portfolio stays as it was');

-- Per account: 10 MB of drafts in all. 400,000 two-byte letters are 800 kB: twelve fit, the thirteenth does not.
select tests.act_as(:'bob');
select lives_ok(format($$ insert into public.portfolios (template_id, data) select 'generator', %L from generate_series(1, 12) $$,
  pg_temp.of_length(400000, 'é')), 'twelve drafts of 800 kB are kept');
select throws_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.of_length(400000, 'é')),
  '23514', 'Your portfolios hold at most 10 MB in all; this save would bring them to 10.4 MB', 'a thirteenth would pass 10 MB and is refused');
select lives_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.of_length(200000)),
  'a smaller one still fits');
select tests.act_as(:'alice');
select lives_ok(format($$ insert into public.portfolios (template_id, data) values ('generator', %L) $$, pg_temp.of_length(400000, 'é')),
  'another account''s drafts do not count');

select * from finish();
rollback;
