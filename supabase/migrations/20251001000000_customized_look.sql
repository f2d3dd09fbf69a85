-- Customized website (the Pro and Premium plans): a published page's accent colour and font, kept
-- on the portfolio and applied by the publish function. Named choices, not free CSS: each accent is
-- dark enough for text on white, and each font is one the visitor's device already has.
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

alter table public.portfolios
  add column look jsonb not null default '{}'::jsonb,
  add constraint portfolios_look_shape check (
    jsonb_typeof(look) = 'object'
    and (look - 'accent' - 'font') = '{}'::jsonb
    and (not look ? 'accent' or look ->> 'accent' in ('teal', 'indigo', 'crimson', 'plum', 'forest', 'slate'))
    and (not look ? 'font' or look ->> 'font' in ('system', 'serif', 'rounded', 'mono'))
  );

-- Which plans customise the look: the one place this lives.
create function public.plan_customizes_look(plan text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(plan in ('pro', 'premium'), false);
$$;

-- A look is set only under a plan that includes it (SQLSTATE 42501: PostgREST answers 403). Taking
-- it back to the template's own look is always allowed.
create function public.portfolios_guard_look() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.look <> '{}'::jsonb
     and (tg_op = 'INSERT' or new.look is distinct from old.look)
     and not public.plan_customizes_look(public.active_plan(new.owner_id)) then
    raise exception using errcode = '42501',
      message = 'A customized look needs the Pro or Premium plan',
      hint = 'Choose the Pro or Premium plan on the pricing page.';
  end if;
  return new;
end;
$$;

revoke all on function public.portfolios_guard_look() from public, anon, authenticated;

create trigger portfolios_guard_look
  before insert or update of look on public.portfolios
  for each row execute function public.portfolios_guard_look();

-- The entitlements view says what the plan customises (same columns as before, one more at the end).
create or replace view public.entitlements with (security_invoker = true) as
select auth.uid() as user_id,
       public.current_plan() as plan,
       (select max(p.expires_at) from public.purchases p
         where p.user_id = auth.uid() and p.item_type = 'plan' and p.status = 'paid' and p.expires_at > now()) as plan_expires_at,
       coalesce((select array_agg(distinct p.item_id order by p.item_id) from public.purchases p
                  where p.user_id = auth.uid() and p.item_type = 'template' and p.status = 'paid'), '{}'::text[]) as templates,
       public.current_plan() is not null as remove_branding,
       public.plan_storage_bytes(public.current_plan()) as storage_quota_bytes,
       public.plan_customizes_look(public.current_plan()) as customized_look
having auth.uid() is not null;
