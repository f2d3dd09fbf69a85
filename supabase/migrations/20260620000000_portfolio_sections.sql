-- Portfolios become one model for every template and the generator (templates/src/model): a profile,
-- social links and ordered sections of items, `schemaVersion` 2. Every row saved before (flat values
-- keyed per template: name, project1title, temp2name, temp4heading, skills …) is rewritten here with
-- nothing typed lost, by the same rules as the editor's upgrade of drafts on a device
-- (templates/src/model/legacy.ts); local-cloud/test/portfolioSections.test.ts runs both over the same
-- old rows and requires the same answer. Saves may change the template too: switching template keeps
-- the content, so the row's template_id moves with the save that made it.

-- ─── the upgrade, as a function (kept: a row saved by a tab still open from before is upgraded
-- when read by the renderer in code; this one is for rows in the database) ───────────────────────
create function public.portfolio_from_legacy(template_id text, legacy jsonb) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  -- A value typed into a field ('' when missing or not text).
  v jsonb := case when jsonb_typeof(legacy) = 'object' then legacy else '{}'::jsonb end;
  profile jsonb := jsonb_build_object(
    'name', '', 'email', '', 'headline', '', 'about', '', 'address', '', 'phone', '', 'website', '', 'photo', '', 'resume', '');
  socials jsonb := '[]'::jsonb;
  sections jsonb := '[]'::jsonb;
  skills jsonb;
  ws constant text := E'[ \\t\\n\\r\\f\\x0b]';
begin
  -- Only text values count, as in code (jsonb ->> of a number would make it text).
  select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into v from jsonb_each(v) where jsonb_typeof(value) = 'string';

  if template_id in ('1', '3') then
    profile := profile || jsonb_build_object(
      'name', coalesce(v->>'name', ''), 'email', coalesce(v->>'email', ''), 'headline', coalesce(v->>'description', ''),
      'about', coalesce(v->>'about', ''), 'address', coalesce(v->>'address', ''), 'phone', coalesce(v->>'phone', ''),
      'photo', coalesce(v->>'image', ''), 'resume', coalesce(v->>'resume', ''));
    socials := jsonb_build_array(
      jsonb_build_object('id', 'facebook', 'network', 'Facebook', 'url', coalesce(v->>'facebooklink', '')),
      jsonb_build_object('id', 'instagram', 'network', 'Instagram', 'url', coalesce(v->>'instagramlink', '')),
      jsonb_build_object('id', 'twitter', 'network', 'Twitter', 'url', coalesce(v->>'twitterlink', '')),
      jsonb_build_object('id', 'github', 'network', 'GitHub', 'url', coalesce(v->>'githublink', '')),
      jsonb_build_object('id', 'linkedin', 'network', 'LinkedIn', 'url', coalesce(v->>'linkedinlink', '')));
    sections := jsonb_build_array(jsonb_build_object(
      'id', 'projects', 'kind', 'projects', 'title', 'Projects', 'hidden', false, 'body', '',
      'items', jsonb_build_array(
        jsonb_build_object('id', 'project-1', 'name', coalesce(v->>'project1title', ''), 'description', coalesce(v->>'project1description', ''),
          'url', coalesce(v->>'project1url', ''), 'image', ''),
        jsonb_build_object('id', 'project-2', 'name', coalesce(v->>'project2title', ''), 'description', coalesce(v->>'project2description', ''),
          'url', coalesce(v->>'project2url', ''), 'image', ''))));

  elsif template_id = '2' then
    -- The banner and the two highlight pictures were the bundled ones: they stay.
    profile := profile || jsonb_build_object(
      'name', coalesce(v->>'temp2name', ''), 'headline', coalesce(v->>'temp2maindescription', ''),
      'about', coalesce(v->>'temp2mainsummary', ''), 'photo', 'sample:bakeryBanner');
    socials := jsonb_build_array(
      jsonb_build_object('id', 'facebook', 'network', 'Facebook', 'url', coalesce(v->>'temp2facebooklink', '')),
      jsonb_build_object('id', 'instagram', 'network', 'Instagram', 'url', coalesce(v->>'temp2instagramlink', '')),
      jsonb_build_object('id', 'twitter', 'network', 'Twitter', 'url', coalesce(v->>'temp2twitterlink', '')),
      jsonb_build_object('id', 'linkedin', 'network', 'LinkedIn', 'url', coalesce(v->>'temp2linkedinlink', '')));
    sections := jsonb_build_array(
      jsonb_build_object('id', 'about', 'kind', 'text', 'title', coalesce(v->>'temp2aboutheader', ''), 'hidden', false,
        'body', coalesce(v->>'temp2aboutdescription', ''), 'items', '[]'::jsonb),
      jsonb_build_object('id', 'offer', 'kind', 'highlights', 'title', coalesce(v->>'temp2whatweofferhead', ''), 'hidden', false,
        'body', coalesce(v->>'temp2whatweofferdescription', ''),
        'items', jsonb_build_array(
          jsonb_build_object('id', 'highlight-1', 'title', coalesce(v->>'temp2highlightsheading1', ''),
            'description', coalesce(v->>'temp2highlightscontent1', ''), 'image', 'sample:bakeryBread'),
          jsonb_build_object('id', 'highlight-2', 'title', coalesce(v->>'temp2highlightsheading2', ''),
            'description', coalesce(v->>'temp2highlightscontent2', ''), 'image', 'sample:bakeryCake'))),
      jsonb_build_object('id', 'contact', 'kind', 'contact', 'title', 'Have Question In Mind? Let Us Help You', 'hidden', false, 'body', '',
        'items', jsonb_build_array(jsonb_build_object('id', 'contact-1', 'label', 'Call And Book Now', 'url', coalesce(v->>'temp2contactlink', '')))));

  elsif template_id = '4' then
    sections := jsonb_build_array(jsonb_build_object(
      'id', 'products', 'kind', 'products', 'title', 'Products', 'hidden', false, 'body', '',
      'items', jsonb_build_array(jsonb_build_object(
        'id', 'product-1', 'name', coalesce(v->>'temp4heading', ''), 'price', '', 'description', coalesce(v->>'temp4description', ''),
        'image', coalesce(v->>'temp4image', ''), 'url', coalesce(v->>'temp4url', '')))));

  elsif template_id = 'generator' then
    profile := profile || jsonb_build_object(
      'name', coalesce(v->>'name', ''), 'email', coalesce(v->>'email', ''), 'phone', coalesce(v->>'phone', ''),
      'website', coalesce(v->>'portfolioLink', ''), 'photo', coalesce(v->>'image', ''), 'resume', coalesce(v->>'resume', ''));
    socials := jsonb_build_array(
      jsonb_build_object('id', 'github', 'network', 'GitHub', 'url', coalesce(v->>'githubLink', '')),
      jsonb_build_object('id', 'linkedin', 'network', 'LinkedIn', 'url', coalesce(v->>'linkedinLink', '')));
    -- 'React, TypeScript,\nSCSS': one skill per comma or line, trimmed, empty ones left out.
    select coalesce(jsonb_agg(jsonb_build_object('id', 'skill-' || n, 'name', skill, 'level', '') order by n), '[]'::jsonb) into skills
      from (
        select row_number() over (order by ordinal) as n, skill
          from (
            select ordinal, regexp_replace(regexp_replace(piece, '^' || ws || '+', ''), ws || '+$', '') as skill
              from regexp_split_to_table(coalesce(v->>'skills', ''), E'[,\n]') with ordinality as pieces(piece, ordinal)
          ) trimmed
         where skill <> ''
      ) numbered;
    sections := jsonb_build_array(
      jsonb_build_object('id', 'skills', 'kind', 'skills', 'title', 'Skills', 'hidden', false, 'body', '', 'items', skills),
      jsonb_build_object('id', 'experience', 'kind', 'experience', 'title', 'Experience', 'hidden', false, 'body', '',
        'items', case when regexp_replace(coalesce(v->>'experience', ''), ws, '', 'g') = '' then '[]'::jsonb else jsonb_build_array(
          jsonb_build_object('id', 'experience-1', 'name', '', 'position', '', 'startDate', '', 'endDate', '',
            'summary', v->>'experience', 'url', '')) end),
      jsonb_build_object('id', 'education', 'kind', 'education', 'title', 'Education', 'hidden', false, 'body', '',
        'items', case when regexp_replace(coalesce(v->>'education', ''), ws, '', 'g') = '' then '[]'::jsonb else jsonb_build_array(
          jsonb_build_object('id', 'education-1', 'institution', '', 'area', '', 'studyType', '', 'startDate', '', 'endDate', '',
            'summary', v->>'education')) end));

  else
    profile := profile || jsonb_build_object(
      'name', coalesce(v->>'name', ''), 'email', coalesce(v->>'email', ''), 'phone', coalesce(v->>'phone', ''),
      'address', coalesce(v->>'address', ''));
  end if;

  return jsonb_build_object('schemaVersion', 2, 'profile', profile, 'socials', socials, 'sections', sections);
end;
$$;

revoke all on function public.portfolio_from_legacy(text, jsonb) from public, anon, authenticated;

-- ─── every saved row, now ──────────────────────────────────────────────────────────────────────
-- A new version, so a tab still open on the old data is told a newer version exists instead of
-- saving flat values over the new model.
update public.portfolios
   set data = public.portfolio_from_legacy(template_id, data), version = version + 1
 where not (data ? 'schemaVersion');

-- A new row starts as an empty portfolio in the model.
alter table public.portfolios
  alter column data set default '{"schemaVersion": 2, "profile": {}, "socials": [], "sections": []}'::jsonb;

-- Sections of items hold more than a dozen fields: 20 sections of up to 200 items in all. The editor's
-- schema refuses more than 500,000 characters of JSON; up to 4 bytes each in UTF-8, with room for
-- jsonb's spacing, that is within 2 MB.
alter table public.portfolios drop constraint portfolios_data_size;
alter table public.portfolios add constraint portfolios_data_size check (octet_length(data::text) <= 2000000);

-- ─── saves that switch template ────────────────────────────────────────────────────────────────
-- The same versioned save, which may also move the portfolio to another template (its content is
-- the same model for all). The publish trigger still decides whether a published page may change
-- template (portfolios_guard_publish).
drop function public.save_portfolio(uuid, integer, jsonb);

create function public.save_portfolio(portfolio_id uuid, expected_version integer, new_data jsonb, new_template_id text default null)
returns setof public.portfolios
language plpgsql security invoker set search_path = '' as $$
declare
  current_version integer;
begin
  return query
    update public.portfolios p
       set data = new_data, version = expected_version + 1, template_id = coalesce(new_template_id, p.template_id)
     where p.id = portfolio_id and p.owner_id = auth.uid() and p.version = expected_version
    returning p.*;
  if found then
    return;
  end if;
  select p.version into current_version from public.portfolios p where p.id = portfolio_id and p.owner_id = auth.uid();
  if current_version is null then
    raise exception using errcode = 'PT404', message = 'Portfolio not found', hint = 'It may have been deleted.';
  end if;
  raise exception using
    errcode = 'PT409',
    message = 'A newer version of this portfolio was saved elsewhere',
    detail = format('The portfolio is at version %s; this save was made from version %s.', current_version, expected_version),
    hint = 'Load the newer version, or keep this copy as a new portfolio.';
end;
$$;

revoke all on function public.save_portfolio(uuid, integer, jsonb, text) from public, anon;
grant execute on function public.save_portfolio(uuid, integer, jsonb, text) to authenticated, service_role;
