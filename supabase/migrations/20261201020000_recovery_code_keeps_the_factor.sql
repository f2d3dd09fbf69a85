-- Signing in with a recovery code no longer turns two-factor sign-in off by itself
-- (20260510090000_two_factor.sql removed every factor): someone who used one code, phone not lost,
-- was left unprotected without choosing it. Now the user says which it is:
--   device not lost: the one code is spent, the factor stays, and the session the code was typed in
--     counts as having passed the second factor (mfa_satisfied()), that session only;
--   device lost: the factors and every code go, as before, so it can be set up again on a new phone.
-- Either way the owner is mailed, so redemption is the account function's (service role), which
-- mails: a browser calling it directly could skip the mail. Applies unchanged to PGlite, Postgres 15
-- and hosted Supabase.

-- The session a code was used in is kept in the user's app_metadata (only Auth's admin and the
-- database write it), so the access token and user that Auth hands out next say so too: the app
-- reads it to count that sign-in complete. One session at a time: a later use replaces it.
drop function public.redeem_mfa_recovery_code(text);

-- Five wrong codes in 15 minutes and it answers 'locked' until the oldest is 15 minutes old.
-- Answers 'factor_kept', 'factor_removed', 'wrong' or 'locked'.
create function public.redeem_mfa_recovery_code(for_user uuid, for_session uuid, code text, device_lost boolean)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  hit uuid;
begin
  if (select count(*) from public.mfa_recovery_attempts a
       where a.user_id = for_user and a.attempted_at > now() - interval '15 minutes') >= 5 then
    return 'locked';
  end if;
  select c.id into hit from public.mfa_recovery_codes c
   where c.user_id = for_user and c.code_hash = public.mfa_recovery_code_hash(for_user, code)
   for update;
  if hit is null then
    insert into public.mfa_recovery_attempts (user_id) values (for_user);
    return 'wrong';
  end if;
  delete from public.mfa_recovery_attempts where user_id = for_user;
  if device_lost then
    delete from public.mfa_recovery_codes where user_id = for_user;
    delete from auth.mfa_factors where user_id = for_user;
    return 'factor_removed';
  end if;
  delete from public.mfa_recovery_codes where id = hit;
  update auth.users
     set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('mfa_recovered_session', for_session)
   where id = for_user;
  return 'factor_kept';
end;
$$;

revoke all on function public.redeem_mfa_recovery_code(uuid, uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.redeem_mfa_recovery_code(uuid, uuid, text, boolean) to service_role;

-- The session a recovery code was used in passes too (read from auth.users, not the token, so it
-- holds at once, before the app refreshes its token).
create or replace function public.mfa_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified')
      or exists (select 1 from auth.users u
                  where u.id = auth.uid()
                    and u.raw_app_meta_data ->> 'mfa_recovered_session' = auth.jwt() ->> 'session_id');
$$;
