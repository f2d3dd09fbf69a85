-- Deleting an account can be confirmed with a code mailed to the account's address (for people who
-- do not know their password). The account function keeps the code's hash here, with the service
-- role: no policy, so nobody else reads or writes a row. A code expires; five wrong tries spend it.

create table public.account_deletion_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);

alter table public.account_deletion_codes enable row level security;
revoke all on public.account_deletion_codes from public, anon, authenticated;
grant all on public.account_deletion_codes to service_role;
