-- Messages from a published page to its owner: a visitor fills in the page's contact form (template
-- 2's "Have Question In Mind?", a contact section), the page-message function checks where it came
-- from and writes it here through leave_page_message, mails the owner, and the owner reads, marks
-- and removes their messages on /account. Nobody else reads or writes them. Per sender and per page
-- limits are kept in page_message_senders under a key the function derives from the sender's
-- address and a secret, rotating daily; never the address itself.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.page_messages (
  id uuid primary key default gen_random_uuid(),
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  sender_name text not null,
  sender_email text not null,
  message text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint page_messages_name check (length(sender_name) between 1 and 120 and sender_name !~ '[\x01-\x1f\x7f-\x9f]'),
  constraint page_messages_email check (
    length(sender_email) <= 254 and sender_email ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$'
  ),
  -- Line breaks and tabs are a message's own; no other control character.
  constraint page_messages_message check (length(message) between 1 and 5000 and message !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]')
);

create index page_messages_by_portfolio on public.page_messages (portfolio_id, created_at desc);

create table public.page_message_senders (
  client_key text not null check (client_key ~ '^[0-9a-f]{32,64}$'),
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  sent_at timestamptz not null default now()
);

create index page_message_senders_by_client on public.page_message_senders (client_key, sent_at);
create index page_message_senders_by_page on public.page_message_senders (portfolio_id, sent_at);

alter table public.page_messages enable row level security;
alter table public.page_message_senders enable row level security;

create policy "page messages: the page's owner reads them" on public.page_messages
  for select to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

create policy "page messages: the page's owner marks them read" on public.page_messages
  for update to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()))
  with check (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

create policy "page messages: the page's owner removes them" on public.page_messages
  for delete to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

revoke all on public.page_messages, public.page_message_senders from public, anon, authenticated;
grant select, delete on public.page_messages to authenticated;
grant update (read_at) on public.page_messages to authenticated;
grant all on public.page_messages, public.page_message_senders to service_role;

-- The limits: per sender (across pages) and per page (across senders).
create function public.page_message_limits() returns table (per_sender integer, sender_window interval, per_page integer, page_window interval)
language sql immutable set search_path = '' as $$ select 5, interval '10 minutes', 20, interval '1 hour' $$;

-- Leaves a message for the published page `page` at `page_slug` from the sender known as `client`
-- (the function's key for their address). Refuses with SQLSTATE P0002 when there is no such
-- published page, P0429 past a limit; answers the new message's id and where to mail the owner.
-- Security definer for the service role only: the page-message function calls it after checking
-- the request's origin and fields.
create function public.leave_page_message(page uuid, page_slug text, client text, name text, email text, body text)
returns table (message_id uuid, owner_email text)
language plpgsql security definer set search_path = '' as $$
declare
  limits record;
  owner uuid;
  new_id uuid;
begin
  -- One message at a time per page, so concurrent senders cannot pass a limit together.
  perform pg_advisory_xact_lock(hashtextextended('page_message:' || page::text, 0));
  select p.owner_id into owner from public.portfolios p where p.id = page and p.slug = page_slug and p.published;
  if owner is null then
    raise exception using errcode = 'P0002', message = 'There is no published page here';
  end if;
  select * into limits from public.page_message_limits();
  delete from public.page_message_senders s where s.sent_at < now() - interval '1 day';
  if (select count(*) from public.page_message_senders s where s.client_key = client and s.sent_at > now() - limits.sender_window)
     >= limits.per_sender then
    raise exception using errcode = 'P0429', message = 'Too many messages from this sender';
  end if;
  if (select count(*) from public.page_message_senders s where s.portfolio_id = page and s.sent_at > now() - limits.page_window)
     >= limits.per_page then
    raise exception using errcode = 'P0429', message = 'Too many messages for this page';
  end if;
  insert into public.page_messages (portfolio_id, sender_name, sender_email, message) values (page, name, email, body)
    returning page_messages.id into new_id;
  insert into public.page_message_senders (client_key, portfolio_id) values (client, page);
  return query select new_id, u.email::text from auth.users u where u.id = owner;
end;
$$;

revoke all on function public.leave_page_message(uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.leave_page_message(uuid, text, text, text, text, text) to service_role;
