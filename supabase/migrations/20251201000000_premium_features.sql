-- What the Premium plan adds, kept here for the functions to ask (never the browser):
-- professional logo and social media logo files (the publish function makes them), and priority
-- customer care (the contact function marks the sender's messages priority).
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

create function public.plan_includes_brand_kit(plan text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(plan = 'premium', false);
$$;

create function public.plan_includes_priority_care(plan text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(plan = 'premium', false);
$$;

-- The entitlements view says so too (same columns as before, two more at the end).
create or replace view public.entitlements with (security_invoker = true) as
select auth.uid() as user_id,
       public.current_plan() as plan,
       (select max(p.expires_at) from public.purchases p
         where p.user_id = auth.uid() and p.item_type = 'plan' and p.status = 'paid' and p.expires_at > now()) as plan_expires_at,
       coalesce((select array_agg(distinct p.item_id order by p.item_id) from public.purchases p
                  where p.user_id = auth.uid() and p.item_type = 'template' and p.status = 'paid'), '{}'::text[]) as templates,
       public.current_plan() is not null as remove_branding,
       public.plan_storage_bytes(public.current_plan()) as storage_quota_bytes,
       public.plan_customizes_look(public.current_plan()) as customized_look,
       public.plan_includes_brand_kit(public.current_plan()) as brand_kit,
       public.plan_includes_priority_care(public.current_plan()) as priority_care
having auth.uid() is not null;
