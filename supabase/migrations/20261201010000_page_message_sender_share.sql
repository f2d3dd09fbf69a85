-- One sender's share of a page's messages: at most five within the hour the page's own budget of
-- twenty is counted over (as subscribe caps a client), so one sender cannot fill a page's hour and
-- turn its real visitors away. Before, a sender's five were counted over ten minutes: twenty in 40.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.
create or replace function public.page_message_limits() returns table (per_sender integer, sender_window interval, per_page integer, page_window interval)
language sql immutable set search_path = '' as $$ select 5, interval '1 hour', 20, interval '1 hour' $$;
