-- A page's address, once freed (unpublished, moved, deleted, or its account deleted), is held for
-- its former owner for 30 days: their old links and shares never show a stranger's page meanwhile,
-- and they may take it back at any time. After that anyone may take it. Holds name the owner's id
-- only, with no reference to the account, so deleting an account frees nothing early.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- The one place the period lives (supabase/functions/_shared/slugs.ts ADDRESS_HOLD_DAYS says it to
-- the user; a unit test keeps the two the same).
create function public.address_hold_days() returns integer
language sql immutable set search_path = '' as $$
  select 30;
$$;

create table public.held_addresses (
  slug text primary key,
  former_owner uuid not null,
  held_until timestamptz not null
);
alter table public.held_addresses enable row level security;
revoke all on public.held_addresses from public, anon, authenticated;
grant all on public.held_addresses to service_role;

-- Every address a row gives up is held for the row's owner (a new hold of the same address replaces
-- the old). Security definer: the account's deletion cascades as Auth's own role.
create function public.portfolios_hold_freed_address() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.slug is not null and (tg_op = 'DELETE' or new.slug is distinct from old.slug) then
    insert into public.held_addresses (slug, former_owner, held_until)
    values (old.slug, old.owner_id, now() + make_interval(days => public.address_hold_days()))
    on conflict (slug) do update set former_owner = excluded.former_owner, held_until = excluded.held_until;
  end if;
  return null;
end;
$$;

create trigger portfolios_hold_freed_address
  after update of slug or delete on public.portfolios
  for each row execute function public.portfolios_hold_freed_address();

-- Until when `candidate` is held for someone other than `for_user` (null: it is not).
create function public.address_held_for_another(candidate text, for_user uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select h.held_until from public.held_addresses h
   where h.slug = candidate and h.held_until > now() and h.former_owner is distinct from for_user;
$$;

-- Taking an address held for another is refused (SQLSTATE 23514, as a reserved one); its former
-- owner taking it back, or anyone once the hold is over, ends the hold.
create function public.portfolios_guard_held_address() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  until timestamptz;
begin
  if new.slug is not null and (tg_op = 'INSERT' or new.slug is distinct from old.slug) then
    until := public.address_held_for_another(new.slug, new.owner_id);
    if until is not null then
      raise exception using errcode = '23514',
        message = format('The address %s is held for its former owner until %s', new.slug, to_char(until at time zone 'UTC', 'FMDD FMMonth YYYY')),
        hint = 'Choose another address.';
    end if;
    delete from public.held_addresses h where h.slug = new.slug;
  end if;
  return new;
end;
$$;

create trigger portfolios_guard_held_address
  before insert or update of slug on public.portfolios
  for each row execute function public.portfolios_guard_held_address();

-- The editor's question as the owner types: held addresses are not available to others.
create or replace function public.slug_available(candidate text, for_portfolio uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select candidate ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'
     and not public.slug_reserved(candidate)
     and not exists (select 1 from public.portfolios p
                      where p.slug = candidate and (for_portfolio is null or p.id <> for_portfolio))
     and public.address_held_for_another(candidate, auth.uid()) is null;
$$;

-- And the editor's answer to "why not": until when it is held for its former owner, for the caller
-- (null when it is not held for another). Says nothing of who the owner was.
create function public.address_held_until(candidate text) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select public.address_held_for_another(candidate, auth.uid()) where auth.uid() is not null;
$$;

-- The sweep also forgets holds that are over.
create or replace function public.sweep_database(pending_for interval default interval '48 hours') returns void
language sql security definer set search_path = '' as $$
  delete from public.rate_limit_hits where hit_at < now() - interval '1 day';
  delete from public.subscribers where confirmed_at is null and created_at < now() - pending_for;
  delete from public.held_addresses where held_until < now();
$$;

revoke all on function public.portfolios_hold_freed_address(), public.portfolios_guard_held_address(),
  public.address_held_for_another(text, uuid) from public, anon, authenticated;
revoke all on function public.address_held_until(text) from public, anon;
grant execute on function public.address_held_until(text) to authenticated, service_role;
