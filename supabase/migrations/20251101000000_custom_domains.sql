-- Custom domains (every plan): an owner points a domain of theirs at a published page. The domain
-- is theirs once a DNS TXT record proves it (the publish function checks and sets verified_at with
-- the service role); the site then answers that Host with the page. Adding and listing are the
-- owner's through REST; verifying and removing go through the function, which also keeps the
-- site's host map in Storage. Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create table public.custom_domains (
  id uuid primary key default gen_random_uuid(),
  domain text not null,
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- What the TXT record must say: folioforge-verify=<token>.
  token text not null default replace(gen_random_uuid()::text, '-', ''),
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  -- Lowercase host names: labels of letters, digits and inner dashes, a top-level name of letters.
  constraint custom_domains_format check (
    length(domain) <= 253 and domain ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$'
  )
);

create index custom_domains_by_portfolio on public.custom_domains (portfolio_id);
-- An unproven claim blocks nobody (anyone may type any domain); a proven one is the only one.
create unique index custom_domains_one_claim_each on public.custom_domains (domain, owner_id);
create unique index custom_domains_one_verified on public.custom_domains (domain) where verified_at is not null;

alter table public.custom_domains enable row level security;

create policy "custom domains: the owner reads theirs" on public.custom_domains
  for select to authenticated using (owner_id = auth.uid());

-- Added for one's own portfolio, under a plan (every plan includes a custom domain).
create policy "custom domains: an owner with a plan adds one" on public.custom_domains
  for insert to authenticated
  with check (
    owner_id = auth.uid()
    and public.current_plan() is not null
    and exists (select 1 from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid())
  );

revoke all on public.custom_domains from public, anon, authenticated;
grant select on public.custom_domains to authenticated;
grant insert (domain, portfolio_id) on public.custom_domains to authenticated;
grant all on public.custom_domains to service_role;
