-- The migration's upgrade of product prices is the database's own: no client runs it (what it makes
-- of saved rows is local-cloud/test/productAmounts.test.ts's, on both backends).
begin;
select plan(2);

select tests.create_user('alice') as alice \gset
select tests.act_as(:'alice');
select throws_ok($$ select public.inr_amount_from_text('₹450') $$, '42501', null, 'users cannot run the reading of a typed price');
select throws_ok($$ select public.portfolio_with_product_amounts('{"schemaVersion": 2}') $$, '42501', null,
  'users cannot run the upgrade of a portfolio''s prices');

select * from finish();
rollback;
