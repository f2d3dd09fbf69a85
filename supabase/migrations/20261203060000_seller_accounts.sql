-- Razorpay for sellers: an owner's own Razorpay account, connected through Razorpay's Partner OAuth by
-- the sellers function. The tokens are kept encrypted (AES-GCM, with the function secret
-- SELLER_TOKEN_KEY) and only the service role reads or writes them; the owner learns which account is
-- connected, and since when, from my_seller_account(). The OAuth `state` of a connection under way is
-- kept as its sha256, bound to the user who asked, expiring and used once.
create table public.seller_accounts (
  owner_id uuid primary key references auth.users (id) on delete cascade,
  razorpay_account_id text not null check (razorpay_account_id ~ '^acc_[A-Za-z0-9]{14}$'),
  public_token text not null check (public_token ~ '^rzp_(test|live)_oauth_[A-Za-z0-9]+$'),
  -- "v1.<iv>.<ciphertext>", base64url: never a token in clear.
  access_token_enc text not null check (access_token_enc ~ '^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'),
  refresh_token_enc text not null check (refresh_token_enc ~ '^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'),
  expires_at timestamptz not null,
  scopes text[] not null default array['read_write'],
  mode text not null check (mode in ('test', 'live')),
  connected_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.seller_accounts enable row level security;
revoke all on table public.seller_accounts from public, anon, authenticated;
grant all on table public.seller_accounts to service_role;

create table public.seller_oauth_states (
  state_hash text primary key check (state_hash ~ '^[0-9a-f]{64}$'),
  owner_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index seller_oauth_states_owner_idx on public.seller_oauth_states (owner_id);
alter table public.seller_oauth_states enable row level security;
revoke all on table public.seller_oauth_states from public, anon, authenticated;
grant all on table public.seller_oauth_states to service_role;

-- The caller's connection as /account shows it: never a token.
create function public.my_seller_account()
returns table (razorpay_account_id text, connected_at timestamptz, mode text)
language sql stable security definer set search_path = '' as $$
  select s.razorpay_account_id, s.connected_at, s.mode from public.seller_accounts s where s.owner_id = auth.uid();
$$;
revoke all on function public.my_seller_account() from public, anon;
grant execute on function public.my_seller_account() to authenticated, service_role;

-- The callback's one use of a state: gone once read, and only its owner's id if it has not expired.
create function public.take_seller_oauth_state(hash text) returns uuid
language sql volatile set search_path = '' as $$
  with taken as (delete from public.seller_oauth_states where state_hash = hash returning owner_id, expires_at)
  select owner_id from taken where expires_at > now();
$$;
revoke all on function public.take_seller_oauth_state(text) from public, anon, authenticated;
grant execute on function public.take_seller_oauth_state(text) to service_role;
