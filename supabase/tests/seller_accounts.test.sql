-- A seller's Razorpay connection: tokens only the service role reads, the owner told which account is
-- connected (and nobody else's), and the OAuth state used once, by the user it was made for, in time.
begin;
select plan(13);

select tests.create_user('alice') as alice \gset
select tests.create_user('bob') as bob \gset
select policies_are('public', 'seller_accounts', array[]::name[], 'no policy opens the connections to the API');
select policies_are('public', 'seller_oauth_states', array[]::name[], 'nor the states of connections under way');

select tests.act_as_service();
insert into public.seller_accounts (owner_id, razorpay_account_id, public_token, access_token_enc, refresh_token_enc, expires_at, mode)
values (:'alice', 'acc_AliceAccount01', 'rzp_test_oauth_AliceToken0001', 'v1.aXY.Y2lwaGVy', 'v1.aXY.cmVmcmVzaA', now() + interval '90 days', 'test');
select throws_ok(
  format($$ insert into public.seller_accounts (owner_id, razorpay_account_id, public_token, access_token_enc, refresh_token_enc, expires_at, mode)
            values (%L, 'acc_BobAccount0001', 'rzp_test_oauth_Bob', 'plain-access-token', 'v1.aXY.cmVmcmVzaA', now(), 'test') $$, :'bob'),
  '23514', null, 'a token in clear is refused even from the service role');

select tests.act_as(:'alice');
select throws_ok('select access_token_enc from public.seller_accounts', '42501', null, 'the owner cannot read her tokens through the API');
select throws_ok('select razorpay_account_id from public.seller_accounts', '42501', null, 'nor any column of the row');
select throws_ok(format($$ update public.seller_accounts set razorpay_account_id = 'acc_Mallory0000001' where owner_id = %L $$, :'alice'),
  '42501', null, 'nor point it at another account');
select results_eq('select razorpay_account_id, mode from public.my_seller_account()',
  $$ values ('acc_AliceAccount01'::text, 'test'::text) $$, 'she is told which account is connected');
select throws_ok(format($$ insert into public.seller_oauth_states (state_hash, owner_id, expires_at) values (repeat('a', 64), %L, now() + interval '1 hour') $$, :'alice'),
  '42501', null, 'a user cannot plant a state of her own');
select throws_ok(format($$ select public.take_seller_oauth_state(%L) $$, repeat('a', 64)), '42501', null, 'nor take one');

select tests.act_as(:'bob');
select is_empty('select * from public.my_seller_account()', 'bob is told of no connection, not hers');
select tests.act_as_anon();
select throws_ok('select * from public.my_seller_account()', '42501', null, 'a visitor asks nothing');

select tests.act_as_service();
insert into public.seller_oauth_states (state_hash, owner_id, expires_at) values
  (repeat('b', 64), :'bob', now() + interval '10 minutes'), (repeat('c', 64), :'bob', now() - interval '1 second');
select results_eq(format($$ select public.take_seller_oauth_state(%L) union all select public.take_seller_oauth_state(%L) $$,
    repeat('b', 64), repeat('b', 64)),
  format($$ values (%L::uuid), (null::uuid) $$, :'bob'), 'a state names its user once, then never again');
select results_eq(format($$ select public.take_seller_oauth_state(%L) $$, repeat('c', 64)), $$ values (null::uuid) $$,
  'an expired state names nobody');

select * from finish();
rollback;
