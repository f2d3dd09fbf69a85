-- The second factor guards billing and domains as it guards purchases, custom domains and sign-up
-- lists (20260510090000_two_factor.sql): a user with a verified factor reads their subscriptions,
-- charges (and so the billing history, a security-invoker view over them), registered domains and
-- free domain-years only from an aal2 session. Restrictive, so they narrow every other policy of
-- their command, whatever is added later. Writes to these tables are the functions' alone (service
-- role), which ask public.mfa_satisfied() as the user first (_shared/request.ts requireSecondFactor).
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create policy "subscriptions: a second factor first" on public.subscriptions
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

create policy "subscription charges: a second factor first" on public.subscription_charges
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

create policy "registered domains: a second factor first" on public.registered_domains
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

create policy "free domain years: a second factor first" on public.free_domain_years
  as restrictive for select to authenticated using ((select public.mfa_satisfied()));

-- Postgres cut the two-factor migration's subscriber policy names at 63 bytes mid-word; whole names.
alter policy "subscribers: a second factor first to read them, when the owner" on public.subscribers
  rename to "subscribers: a second factor first to read them";
alter policy "subscribers: a second factor first to remove them, when the own" on public.subscribers
  rename to "subscribers: a second factor first to remove them";
