-- Supabase Auth runs the MFA verification hook as supabase_auth_admin, and row-level security is on
-- for the table the hook counts wrong codes in (20260510090000_two_factor.sql), with no policy: every
-- insert was refused there, so no attempt was ever counted on hosted Supabase (local-cloud ran the
-- hook as the owner, which hid it; it now runs it as supabase_auth_admin too). As Supabase's hook
-- guide does, a policy lets that role, and no other, use the table.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.
create policy "mfa failed verification attempts: the auth server keeps them" on public.mfa_failed_verification_attempts
  as permissive for all to supabase_auth_admin using (true) with check (true);
