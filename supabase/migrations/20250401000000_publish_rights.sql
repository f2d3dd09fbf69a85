-- Publishing rules kept by the database, whatever the client: who may publish what, what a public
-- address may be, and what each plan grants. Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- ─── what a user is entitled to ─────────────────────────────────────────────────────────────
-- The plan a user holds now: the paid plan purchase whose period has not ended (the best of them).
create function public.active_plan(for_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select p.item_id
    from public.purchases p
   where p.user_id = for_user and p.item_type = 'plan' and p.status = 'paid' and p.expires_at > now()
   order by case p.item_id when 'premium' then 3 when 'pro' then 2 when 'basic' then 1 else 0 end desc
   limit 1;
$$;

-- A template publishes when it is free (the generator), bought, or covered by an active plan.
create function public.may_publish(for_user uuid, template text) returns boolean
language sql stable security definer set search_path = '' as $$
  select template = 'generator'
      or public.active_plan(for_user) is not null
      or exists (
           select 1 from public.purchases p
            where p.user_id = for_user and p.item_type = 'template' and p.item_id = template and p.status = 'paid'
         );
$$;

-- The caller's own plan (asking about anyone else's is not allowed).
create function public.current_plan() returns text
language sql stable security definer set search_path = '' as $$
  select public.active_plan(auth.uid());
$$;

-- The caller's entitlements in one row, for /account and the editor (the plans' features).
create view public.entitlements with (security_invoker = true) as
select auth.uid() as user_id,
       public.current_plan() as plan,
       (select max(p.expires_at) from public.purchases p
         where p.user_id = auth.uid() and p.item_type = 'plan' and p.status = 'paid' and p.expires_at > now()) as plan_expires_at,
       coalesce((select array_agg(distinct p.item_id order by p.item_id) from public.purchases p
                  where p.user_id = auth.uid() and p.item_type = 'template' and p.status = 'paid'), '{}'::text[]) as templates,
       public.current_plan() is not null as remove_branding,
       case public.current_plan()
         when 'premium' then 2147483648::bigint
         when 'pro' then 1073741824::bigint
         when 'basic' then 524288000::bigint
         else 52428800::bigint
       end as storage_quota_bytes
having auth.uid() is not null;

revoke all on public.entitlements from public, anon;
grant select on public.entitlements to authenticated, service_role;
revoke all on function public.active_plan(uuid) from public, anon, authenticated;
revoke all on function public.may_publish(uuid, text) from public, anon, authenticated;
grant execute on function public.active_plan(uuid), public.may_publish(uuid, text) to service_role;
revoke all on function public.current_plan() from public, anon;
grant execute on function public.current_plan() to authenticated, service_role;

-- ─── public addresses ───────────────────────────────────────────────────────────────────────
-- Words that name the product's own pages or could pass for its staff.
create table public.reserved_slugs (slug text primary key);
insert into public.reserved_slugs (slug) values
  ('admin'), ('administrator'), ('api'), ('app'), ('account'), ('auth'), ('blog'), ('contact'), ('contact-us'),
  ('design'), ('features'), ('folioforge'), ('help'), ('home'), ('login'), ('logout'), ('mail'), ('portfo'),
  ('portfolios'), ('pricing'), ('register'), ('reset-password'), ('root'), ('settings'), ('signin'), ('signup'),
  ('static'), ('support'), ('system'), ('templates'), ('www');
alter table public.reserved_slugs enable row level security;
create policy "reserved slugs: anyone reads" on public.reserved_slugs for select to anon, authenticated using (true);

-- Lowercase letters, digits and dashes, 3 to 40 long, starting and ending with a letter or digit.
alter table public.portfolios drop constraint portfolios_slug_format;
alter table public.portfolios
  add constraint portfolios_slug_format check (slug is null or slug ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'),
  add constraint portfolios_published_has_slug check (not published or slug is not null);

-- Whether `candidate` could be the caller's address: well formed, not reserved, not another user's.
-- Security definer so it can see other users' slugs without revealing anything but yes or no.
create function public.slug_available(candidate text, for_portfolio uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select candidate ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'
     and not exists (select 1 from public.reserved_slugs r where r.slug = candidate)
     and not exists (select 1 from public.portfolios p
                      where p.slug = candidate and (for_portfolio is null or p.id <> for_portfolio));
$$;
grant execute on function public.slug_available(text, uuid) to anon, authenticated, service_role;

-- ─── the rule itself ────────────────────────────────────────────────────────────────────────
-- SQLSTATE 42501 (insufficient_privilege): PostgREST answers 403 with this message.
create function public.portfolios_guard_publish() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.slug is not null and exists (select 1 from public.reserved_slugs r where r.slug = new.slug) then
    raise exception using errcode = '23514', message = format('The address %s is reserved', new.slug),
      hint = 'Choose another address.';
  end if;
  if new.published
     and (tg_op = 'INSERT' or not old.published or new.template_id <> old.template_id or new.owner_id <> old.owner_id)
     and not public.may_publish(new.owner_id, new.template_id) then
    raise exception using errcode = '42501',
      message = 'Publishing this template needs a purchase or a plan',
      hint = 'Buy the template, or choose a plan that covers every template.';
  end if;
  return new;
end;
$$;

revoke all on function public.portfolios_guard_publish() from public, anon, authenticated;

create trigger portfolios_guard_publish
  before insert or update on public.portfolios
  for each row execute function public.portfolios_guard_publish();
