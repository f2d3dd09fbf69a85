-- Sample data for a developer's own database, loaded once after the migrations on a fresh database:
-- by `supabase db reset` / `supabase start` (config.toml's [db.seed]), and by local-cloud's `npm start`
-- when it creates its database. Never run on a hosted project's production database.
--
--   ada@example.com / folioforge-demo   Ada Lovelace (@ada): the Pro plan, a portfolio of template 1
--                                        ready to publish, a custom look, a bought template 2
--   ben@example.com / folioforge-demo   Ben (@ben): no plan, a draft of the free generator
--
-- The password hash is bcrypt (cost 10), as Supabase Auth stores it. Every row goes through the same
-- triggers and checks as the app's own writes (the sign-up trigger makes the profiles).

-- As Supabase Auth writes a user: its own id, the address lower-cased, and empty strings (never NULL)
-- in the token columns, which Auth reads as strings.
insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                        confirmation_token, recovery_token, email_change, email_change_token_new, created_at, updated_at)
values
  ('a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'ada@example.com',
   '$2b$10$RgWo/044xqZ84V/2/HOzKO35MY75KjlD3Z9jeKohuhoWy9bU3kCp6', now(),
   '{"provider": "email", "providers": ["email"]}', '{"name": "Ada Lovelace", "username": "ada"}', '', '', '', '', now(), now()),
  ('b0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated', 'ben@example.com',
   '$2b$10$RgWo/044xqZ84V/2/HOzKO35MY75KjlD3Z9jeKohuhoWy9bU3kCp6', now(),
   '{"provider": "email", "providers": ["email"]}', '{"name": "Ben", "username": "ben"}', '', '', '', '', now(), now())
on conflict (id) do nothing;

-- Supabase Auth also wants an identity per sign-in method; local-cloud keeps none (its README says
-- so), so this part runs only where the table exists.
do $$
begin
  if to_regclass('auth.identities') is not null then
    execute $sql$
      insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now(), now()
        from auth.users u
       where u.email in ('ada@example.com', 'ben@example.com')
      on conflict do nothing
    $sql$;
  end if;
end
$$;

-- What the payment function would have recorded after two checkouts.
insert into public.purchases (user_id, item_type, item_id, amount, currency, order_id, payment_id, status, paid_at, expires_at)
values
  ('a0000000-0000-4000-8000-000000000001', 'plan', 'pro', 1999, 'INR', 'order_seed_ada_pro', 'pay_seed_ada_pro', 'paid', now(), now() + interval '30 days'),
  ('a0000000-0000-4000-8000-000000000001', 'template', '2', 15000, 'INR', 'order_seed_ada_t2', 'pay_seed_ada_t2', 'paid', now(), null)
on conflict (order_id) do nothing;

insert into public.portfolios (id, owner_id, template_id, title, data, look)
values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', '1', 'Ada''s portfolio',
   jsonb_build_object(
     'name', 'Ada Lovelace',
     'email', 'ada@example.com',
     'description', '<p>Mathematician and writer of the <strong>first program</strong>.</p>',
     'about', '<p>I work on the <em>Analytical Engine</em> with Charles Babbage.</p><ul><li><p>Notes on the engine</p></li><li><p>Bernoulli numbers</p></li></ul>',
     'project1title', 'Note G',
     'project1description', '<p>An algorithm for the engine to compute Bernoulli numbers.</p>',
     'project1url', 'https://example.com/note-g',
     'githublink', 'https://github.com/example'),
   '{"accent": "indigo", "font": "serif"}'),
  ('c0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000002', 'generator', 'Ben''s draft',
   jsonb_build_object('name', 'Ben', 'about', '<p>Baker in Pune. Fresh bread every morning 🍞</p>'),
   '{}')
on conflict (id) do nothing;
