-- The second factor guards visitors' messages, deleting portfolios and the private files as it
-- guards sign-up lists and purchases (20260510090000_two_factor.sql): once a user has a verified
-- factor, a password alone (an aal1 session) neither reads, marks nor removes page messages, nor
-- deletes a portfolio, nor reads or removes a picture or resume. The app never works from such a
-- session (it asks for the code first), so only a stolen password loses by this. Restrictive, so they
-- narrow every other policy of their command, whatever is added later.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create policy "page messages: a second factor first" on public.page_messages
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- A deleted draft is gone for good. (A published one is deleted by the publish function as the
-- service role, which asks requireSecondFactor() as the user itself.)
create policy "portfolios: a second factor first to delete one" on public.portfolios
  as restrictive for delete to authenticated using ((select public.mfa_satisfied()));

-- The users' own buckets only (both private): `sites` is written and read by the publish function.
create policy "private files: a second factor first to read them" on storage.objects
  as restrictive for select to authenticated
  using (bucket_id not in ('portfolio-images', 'resumes') or (select public.mfa_satisfied()));

create policy "private files: a second factor first to remove them" on storage.objects
  as restrictive for delete to authenticated
  using (bucket_id not in ('portfolio-images', 'resumes') or (select public.mfa_satisfied()));
