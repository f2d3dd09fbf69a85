-- Usernames are one name whatever the case: "ALICE" is alice's. Sign-up and username_available
-- already compared lower-case; now the database refuses a case twin however it is written
-- (a profile update through the API, two sign-ups at once).

-- A case twin written before this rule keeps no username: the older profile keeps it.
update public.profiles p
   set username = null
 where p.username is not null
   and exists (
     select 1 from public.profiles older
      where lower(older.username) = lower(p.username)
        and (older.created_at, older.id) < (p.created_at, p.id)
   );

create unique index profiles_username_lower_key on public.profiles (lower(username));
