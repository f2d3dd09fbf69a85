-- The portfolio model's limits (templates/src/model/schema.ts LIMITS), kept by the database too:
-- the editor checks them before saving, but REST and save_portfolio took anything up to 2 MB a row
-- (20 drafts of 900 kB: 18 MB against the 10 MB an account was meant to hold; 100 sections of 50
-- items). Per row: at most 20 sections, 100 items in a section, 200 items in all, 20 social links,
-- 500,000 characters of JSON as the editor counts them; per account: all drafts together at most
-- 20 × 500,000 = 10,000,000 bytes. templates/src/model/databaseLimits.test.ts keeps the numbers
-- here and in LIMITS the same. Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- The one place the database keeps them.
create function public.portfolio_limits()
returns table (sections integer, items_per_section integer, items integer, socials integer, total_length integer)
language sql immutable set search_path = '' as $$
  select 20, 100, 200, 20, 500000;
$$;

-- The size of a value as JSON.stringify writes it, in characters and in UTF-8 bytes: jsonb's text
-- adds a space after every ':' and ',' (2k - 1 in an object of k keys, n - 1 in an array of n).
-- (The editor counts UTF-16 units: an emoji is two there and one here, so this never counts more.)
create function public.compact_json_size(value jsonb, out characters integer, out bytes integer)
language sql immutable set search_path = '' as $$
  select length(value::text) - spaces, octet_length(value::text) - spaces
    from (select coalesce(sum(case jsonb_typeof(node)
                                when 'object' then greatest(2 * (select count(*) from jsonb_object_keys(node))::integer - 1, 0)
                                when 'array' then greatest(jsonb_array_length(node) - 1, 0)
                                else 0 end), 0)::integer as spaces
            from jsonb_path_query(value, 'strict $.**') as node) counted;
$$;

-- Kept with the row so an account's total is a sum, not a re-measure of every draft at each save.
alter table public.portfolios
  add column data_bytes integer generated always as ((public.compact_json_size(data)).bytes) stored;

-- A list's length, 0 when it is not a list.
create function public.json_list_length(value jsonb) returns integer
language sql immutable set search_path = '' as $$
  select case when jsonb_typeof(value) = 'array' then jsonb_array_length(value) else 0 end;
$$;

-- 10000000 → '10 MB', 10450000 → '10.5 MB' (decimal megabytes).
create function public.megabytes(bytes bigint) returns text
language sql immutable set search_path = '' as $$
  select trim_scale(round(bytes / 1000000.0, 1))::text || ' MB';
$$;

-- Refuses a portfolio past a limit with the editor's own words (SQLSTATE 23514: PostgREST answers
-- 400). Under the owner's lock that portfolios_cap takes, so parallel saves cannot pass the
-- account's total together.
create function public.portfolios_guard_size() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  limits record;
  size record;
  section_count integer := public.json_list_length(new.data -> 'sections');
  largest_section integer;
  item_count integer;
  account_bytes bigint;
  account_limit bigint;
begin
  select * into limits from public.portfolio_limits();
  select coalesce(max(public.json_list_length(s -> 'items')), 0), coalesce(sum(public.json_list_length(s -> 'items')), 0)
    into largest_section, item_count
    from jsonb_array_elements(case when jsonb_typeof(new.data -> 'sections') = 'array' then new.data -> 'sections' else '[]' end) s;
  if section_count > limits.sections then
    raise exception using errcode = '23514',
      message = format('A portfolio holds at most %s sections (this one has %s)', limits.sections, section_count);
  end if;
  if largest_section > limits.items_per_section then
    raise exception using errcode = '23514',
      message = format('A section holds at most %s items (one here has %s)', limits.items_per_section, largest_section);
  end if;
  if item_count > limits.items then
    raise exception using errcode = '23514',
      message = format('A portfolio holds at most %s items in all (this one has %s)', limits.items, item_count);
  end if;
  if public.json_list_length(new.data -> 'socials') > limits.socials then
    raise exception using errcode = '23514',
      message = format('A portfolio holds at most %s social links', limits.socials);
  end if;
  size := public.compact_json_size(new.data);
  if size.characters > limits.total_length then
    raise exception using errcode = '23514',
      message = format('A portfolio holds at most %s characters in all (this one has %s)',
                       to_char(limits.total_length, 'FM999,999,999'), to_char(size.characters, 'FM999,999,999'));
  end if;
  -- A save that does not grow the row is never refused for the account's total.
  if tg_op = 'UPDATE' and new.owner_id = old.owner_id and size.bytes <= old.data_bytes then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('portfolios of ' || new.owner_id::text, 0));
  account_limit := public.max_portfolios_per_user()::bigint * limits.total_length;
  select coalesce(sum(p.data_bytes), 0) + size.bytes into account_bytes
    from public.portfolios p where p.owner_id = new.owner_id and p.id is distinct from new.id;
  if account_bytes > account_limit then
    raise exception using errcode = '23514',
      message = format('Your portfolios hold at most %s in all; this save would bring them to %s',
                       public.megabytes(account_limit), public.megabytes(account_bytes)),
      hint = 'Remove what a portfolio no longer needs, or delete a portfolio you no longer use.';
  end if;
  return new;
end;
$$;

create trigger portfolios_guard_size
  before insert or update of data, owner_id on public.portfolios
  for each row execute function public.portfolios_guard_size();

-- The generated column measures as whoever writes the row: signed-in users keep compact_json_size.
revoke all on function public.portfolio_limits(), public.compact_json_size(jsonb), public.json_list_length(jsonb),
  public.megabytes(bigint), public.portfolios_guard_size() from public, anon, authenticated;
grant execute on function public.compact_json_size(jsonb) to authenticated, service_role;
