-- Staff look-alike addresses, as they read: support-team, supportteam, trust-team,
-- official-support-team, admin1, password-reset, account-security, oauth, login-help. The pattern of
-- 20260615000000_pages_owned_by_the_server.sql compared skeletons, whose doubled letters were
-- collapsed after the words were joined (support-team → suporteam, not suport + team), had no
-- account and sign-in words, and read a trailing number as letters (admin1 → adminl). Now each word
-- of the pattern takes its letters once or more (suport → s+u+p+o+r+t+), matched against the
-- address's letters with doubles kept, so joining words changes nothing; a trailing number is read
-- as a number too; and a topic word may come before the staff word (password-reset, login-help).
-- Applies unchanged to PGlite, Postgres 15 and hosted Supabase.

-- An address's letters as it reads: look-alike digits as letters (supp0rt), i and l alike, no
-- dashes, doubled letters kept.
create function public.slug_letters(candidate text) returns text
language sql immutable set search_path = '' as $$
  select regexp_replace(translate(lower(coalesce(candidate, '')), '01345789i', 'oleastbgl'), '[^a-z]', '', 'g');
$$;

-- Words as a regular expression over such letters: each word's skeleton with every letter once or more.
create function public.slug_words_pattern(words text[]) returns text
language sql immutable set search_path = '' as $$
  select '(' || string_agg(regexp_replace(public.slug_skeleton(word), '(.)', '\1+', 'g'), '|') || ')'
    from unnest(words) as word;
$$;

-- [the][official][topic]<staff word>[team word]: the whole address, nothing before or after.
create function public.staff_slug_pattern() returns text
language sql immutable set search_path = '' as $$
  select '^' || public.slug_words_pattern(array['the']) || '?' || public.slug_words_pattern(array['official']) || '?'
      || public.slug_words_pattern(array['account', 'accounts', 'login', 'sign-in', 'password', 'user', 'customer', 'member',
                                         'billing', 'payment', 'payments', 'security', 'site', 'trust', 'help', 'support',
                                         'tech']) || '?'
      || public.slug_words_pattern(array['admin', 'administrator', 'sysadmin', 'root', 'staff', 'support', 'help', 'helpdesk',
                                         'security', 'abuse', 'billing', 'moderator', 'postmaster', 'hostmaster', 'webmaster',
                                         'noreply', 'safety', 'trust', 'official', 'customer-care', 'customer-service',
                                         'reset', 'recovery', 'verify', 'verification', 'auth', 'oauth', 'sso', 'login',
                                         'sign-in', 'sign-on', 'password', 'account', 'accounts'])
      || public.slug_words_pattern(array['team', 'desk', 'staff', 'center', 'centre', 'dept', 'hq', 'office', 'service',
                                         'services']) || '?$';
$$;

-- Reserved: a listed word; anything that reads as the product's name (folioforge, my-f0li0-forge,
-- folioforge-support); or a staff phrase alone, with or without a number after it (admin, admin1,
-- supp0rt, supportteam, the-security-desk, password-reset).
create or replace function public.slug_reserved(candidate text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.reserved_slugs r where r.slug = candidate)
      or public.slug_skeleton(candidate) like '%' || public.slug_skeleton('folioforge') || '%'
      or exists (select 1 from unnest(array[candidate, regexp_replace(coalesce(candidate, ''), '[0-9-]+$', '')]) as form(spelled)
                  where public.slug_letters(form.spelled) ~ public.staff_slug_pattern());
$$;

revoke all on function public.slug_letters(text), public.slug_words_pattern(text[]), public.staff_slug_pattern()
  from public, anon, authenticated;
grant execute on function public.slug_letters(text), public.slug_words_pattern(text[]), public.staff_slug_pattern()
  to service_role;
