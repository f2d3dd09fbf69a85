-- Customer accounts (a plan feature): visitors of a published page leave their email, and the page's
-- owner alone reads them. The rules live here, so the public page's form needs no server of its own.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.subscribers (
  id uuid primary key default gen_random_uuid(),
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  email text not null,
  name text,
  created_at timestamptz not null default now(),
  constraint subscribers_email_format check (length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint subscribers_name_length check (name is null or length(name) <= 120)
);

-- One entry per address and page, whatever its case: signing up twice is not two customers.
create unique index subscribers_one_per_email on public.subscribers (portfolio_id, lower(email));
create index subscribers_by_portfolio on public.subscribers (portfolio_id, created_at desc);

-- Whether a page takes sign-ups now: published, and its owner holds a plan. Security definer so a
-- visitor can ask without reading the owner's purchases; it answers only yes or no.
create function public.collects_subscribers(portfolio uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.portfolios p
     where p.id = portfolio and p.published and public.active_plan(p.owner_id) is not null
  );
$$;

revoke all on function public.collects_subscribers(uuid) from public;
grant execute on function public.collects_subscribers(uuid) to anon, authenticated, service_role;

alter table public.subscribers enable row level security;

create policy "subscribers: anyone signs up on a page that collects" on public.subscribers
  for insert to anon, authenticated
  with check (public.collects_subscribers(portfolio_id));

create policy "subscribers: the page's owner reads them" on public.subscribers
  for select to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

create policy "subscribers: the page's owner removes them" on public.subscribers
  for delete to authenticated
  using (exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid()));

revoke all on public.subscribers from public, anon, authenticated;
-- A visitor writes an entry and never reads one back (not even their own: the page says thank you).
grant insert (portfolio_id, email, name) on public.subscribers to anon, authenticated;
grant select, delete on public.subscribers to authenticated;
grant all on public.subscribers to service_role;
