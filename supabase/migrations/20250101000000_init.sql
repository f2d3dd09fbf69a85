-- FolioForge schema: profiles, portfolios, purchases, storage buckets, and row-level security.
-- Applies unchanged to a hosted Supabase project and to local-cloud.

-- ─── profiles ───────────────────────────────────────────────────────────────────────────────
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text,
  username text unique,
  created_at timestamptz not null default now(),
  constraint profiles_username_format check (username is null or username ~ '^[A-Za-z0-9_.-]{3,30}$')
);

alter table public.profiles enable row level security;

create policy "profiles: owner reads" on public.profiles
  for select to authenticated using (id = auth.uid());
create policy "profiles: owner inserts" on public.profiles
  for insert to authenticated with check (id = auth.uid());
create policy "profiles: owner updates" on public.profiles
  for update to authenticated using (id = auth.uid()) with check (id = auth.uid());
create policy "profiles: owner deletes" on public.profiles
  for delete to authenticated using (id = auth.uid());

-- Creates the profile from sign-up metadata (options.data of supabase.auth.signUp).
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  wanted text := nullif(trim(new.raw_user_meta_data ->> 'username'), '');
begin
  -- a taken or malformed username must not make sign-up fail: the profile starts without one
  if wanted is not null and (wanted !~ '^[A-Za-z0-9_.-]{3,30}$'
      or exists (select 1 from public.profiles p where lower(p.username) = lower(wanted))) then
    wanted := null;
  end if;
  insert into public.profiles (id, name, username)
  values (new.id, nullif(trim(new.raw_user_meta_data ->> 'name'), ''), wanted)
  on conflict (id) do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Lets the register screen check a username before submitting, without exposing profiles.
create function public.username_available(candidate text) returns boolean
language sql stable security definer set search_path = '' as $$
  select candidate is not null
     and candidate ~ '^[A-Za-z0-9_.-]{3,30}$'
     and not exists (select 1 from public.profiles p where lower(p.username) = lower(candidate));
$$;

revoke all on function public.username_available(text) from public;
grant execute on function public.username_available(text) to anon, authenticated, service_role;
revoke all on function public.handle_new_user() from public, anon, authenticated;

-- ─── portfolios ─────────────────────────────────────────────────────────────────────────────
create table public.portfolios (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  template_id text not null check (template_id in ('1', '2', '3', '4', 'generator')),
  title text,
  data jsonb not null default '{}'::jsonb,
  slug text unique,
  published boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint portfolios_slug_format check (slug is null or slug ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);

create index portfolios_owner_id_idx on public.portfolios (owner_id);

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger portfolios_touch_updated_at
  before update on public.portfolios
  for each row execute function public.touch_updated_at();

alter table public.portfolios enable row level security;

create policy "portfolios: owner reads" on public.portfolios
  for select to authenticated using (owner_id = auth.uid());
create policy "portfolios: anyone reads published" on public.portfolios
  for select to anon, authenticated using (published);
create policy "portfolios: owner inserts" on public.portfolios
  for insert to authenticated with check (owner_id = auth.uid());
create policy "portfolios: owner updates" on public.portfolios
  for update to authenticated using (owner_id = auth.uid()) with check (owner_id = auth.uid());
create policy "portfolios: owner deletes" on public.portfolios
  for delete to authenticated using (owner_id = auth.uid());

-- ─── purchases ──────────────────────────────────────────────────────────────────────────────
create table public.purchases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  item_type text not null check (item_type in ('template', 'plan')),
  item_id text not null,
  amount integer not null check (amount >= 0),
  currency text not null default 'INR',
  order_id text not null unique,
  payment_id text unique,
  status text not null default 'created' check (status in ('created', 'paid', 'failed')),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  expires_at timestamptz
);

create index purchases_user_id_idx on public.purchases (user_id);

alter table public.purchases enable row level security;

-- Only reads for the buyer; writes come from the payment function with the service role.
create policy "purchases: owner reads" on public.purchases
  for select to authenticated using (user_id = auth.uid());
revoke insert, update, delete, truncate on public.purchases from anon, authenticated;

-- ─── storage ────────────────────────────────────────────────────────────────────────────────
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('portfolio-images', 'portfolio-images', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('resumes', 'resumes', false, 10485760, array['application/pdf'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "portfolio-images: public read" on storage.objects
  for select to anon, authenticated using (bucket_id = 'portfolio-images');
create policy "portfolio-images: owner uploads" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'portfolio-images' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "portfolio-images: owner updates" on storage.objects
  for update to authenticated
  using (bucket_id = 'portfolio-images' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'portfolio-images' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "portfolio-images: owner deletes" on storage.objects
  for delete to authenticated
  using (bucket_id = 'portfolio-images' and (storage.foldername(name))[1] = auth.uid()::text);

create policy "resumes: owner reads" on storage.objects
  for select to authenticated
  using (bucket_id = 'resumes' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "resumes: owner uploads" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'resumes' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "resumes: owner updates" on storage.objects
  for update to authenticated
  using (bucket_id = 'resumes' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'resumes' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "resumes: owner deletes" on storage.objects
  for delete to authenticated
  using (bucket_id = 'resumes' and (storage.foldername(name))[1] = auth.uid()::text);
