-- Supabase Realtime for the app: which tables' changes go out, and who may use a private channel.
-- Hosted Supabase already has the `realtime` schema and the empty `supabase_realtime` publication
-- (local-cloud's bootstrap makes the same), so this only adds to them and needs nothing else to run.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.
--
-- Postgres Changes: a change goes only to subscribers whose row-level security lets them select the
-- row (the select policies each table already has); a DELETE carries only the primary key.
--   portfolios       the editor's live updates, My portfolios
--   page_messages    new page messages on /account
--   subscribers      new sign-ups on /account
--   page_view_days   view counts (one row per page and day, updated per view)
--   purchases        payments on /account
alter publication supabase_realtime add table
  public.portfolios,
  public.page_messages,
  public.subscribers,
  public.page_view_days,
  public.purchases;

-- Private channels (Realtime Authorization): topic `user:<auth.uid()>`, i.e. the client's
-- `supabase.channel('user:' + userId, { config: { private: true } })`, for broadcast and presence
-- between one user's own tabs and devices. Only that user may receive (select) or send (insert);
-- every other private topic is refused, as no policy allows it.
create policy "realtime: a user's own topic, to receive" on realtime.messages
  for select to authenticated
  using (realtime.topic() = 'user:' || (select auth.uid())::text and extension in ('broadcast', 'presence'));

create policy "realtime: a user's own topic, to send" on realtime.messages
  for insert to authenticated
  with check (realtime.topic() = 'user:' || (select auth.uid())::text and extension in ('broadcast', 'presence'));
