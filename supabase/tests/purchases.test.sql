-- purchases: read by the buyer alone; written only by the payment function with the service role.
begin;
select plan(9);

select policies_are('public', 'purchases', array['purchases: owner reads', 'purchases: a second factor first, when the owner has one']);
select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select tests.grant_plan(:'alice', 'basic');
select tests.grant_template(:'bob', '2');

select tests.act_as(:'alice');
select results_eq('select item_id from public.purchases', array['basic'], 'alice reads her purchases and no one else''s');
select throws_ok(format($$ insert into public.purchases (user_id, item_type, item_id, amount, order_id, status)
                          values (%L, 'plan', 'premium', 0, 'order_free', 'paid') $$, :'alice'), '42501', null,
  'a user cannot write herself a purchase');
select throws_ok($$ update public.purchases set status = 'paid', expires_at = now() + interval '10 years' $$, '42501', null,
  'nor extend or change one');
select throws_ok('delete from public.purchases', '42501', null, 'nor remove one');
select tests.act_as_anon();
select is_empty('select * from public.purchases', 'a visitor reads none');
select throws_ok(format($$ insert into public.purchases (user_id, item_type, item_id, amount, order_id)
                          values (%L, 'template', '3', 0, 'order_anon') $$, :'alice'), '42501', null, 'nor writes one');
select tests.act_as_service();
select lives_ok(format($$ insert into public.purchases (user_id, item_type, item_id, amount, order_id)
                          values (%L, 'template', '3', 80000, 'order_service') $$, :'alice'), 'the service role records an order');
select results_eq($$ select status from public.purchases where order_id = 'order_service' $$, array['created'],
  'which starts as created');

select * from finish();
rollback;
