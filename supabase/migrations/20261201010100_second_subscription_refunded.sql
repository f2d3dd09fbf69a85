-- Two checkouts paid at once (two tabs): the second subscription to go on charging is stopped at
-- Razorpay at once, and marked here so that every charge it reports (the browser's verify and the
-- webhook, in either order) is refunded instead of recorded. Written by the payment functions only.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.
alter table public.subscriptions add column second_stopped boolean not null default false;

comment on column public.subscriptions.second_stopped is
  'Stopped because another subscription already renews for the user; its charges are refunded, never recorded.';
