-- A product's price becomes money (templates/src/model/products.ts): an amount in the shop currency's
-- minor unit under the item's `sale`, beside the text it was typed as. Every saved product whose text
-- price reads as an amount ("₹450", "Rs. 1,250", "450/-", "1,250.50") gets that amount now and its text
-- cleared; any other text ("Call us", "$12.50", "450 per kg") stays, the product is not for sale, and
-- the editor says why beside the price. No shop had a currency before: these are rupees. The editor's
-- upgrade of drafts (products.ts, readPrice) reads prices by the same rules;
-- local-cloud/test/productAmounts.test.ts runs both over the same typed prices and requires the same answer.

-- ─── a typed price in paise, or null ─────────────────────────────────────────────────────────
create function public.inr_amount_from_text(price text) returns integer
language plpgsql immutable set search_path = '' as $$
declare
  -- ASCII white space and the no-break space, as in code.
  sp constant text := E'[ \\t\\n\\r\\f\\v\\u00a0]';
  typed text := coalesce(price, '');
  parts text[];
  fraction text;
  digits text;
begin
  typed := regexp_replace(typed, '^' || sp || '+|' || sp || '+$', '', 'g');
  typed := regexp_replace(typed, '^(INR|₹|Rs\.|Rs|Re\.|Re)' || sp || '*', '', 'i');
  typed := regexp_replace(typed, sp || '*(INR|/-)$', '', 'i');
  parts := regexp_match(typed, '^([0-9]{1,3}(?:,[0-9]{2,3})+|[0-9]+)(?:\.([0-9]+))?$');
  if parts is null then
    return null;
  end if;
  fraction := regexp_replace(coalesce(parts[2], ''), '0+$', '');
  if length(fraction) > 2 then
    return null;
  end if;
  digits := regexp_replace(replace(parts[1], ',', '') || rpad(fraction, 2, '0'), '^0+(?=[0-9])', '');
  -- The most a price may be: 1,000,000,000 paise.
  if length(digits) > 10 or digits::bigint > 1000000000 then
    return null;
  end if;
  return digits::integer;
end;
$$;

-- ─── every product of a portfolio ────────────────────────────────────────────────────────────
create function public.portfolio_with_product_amounts(data jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select case
    when coalesce(jsonb_typeof(data -> 'sections'), '') <> 'array' or data ? 'shop' then data
    else jsonb_set(data, '{sections}', (
      select coalesce(jsonb_agg(
        case when section ->> 'kind' = 'products' and jsonb_typeof(section -> 'items') = 'array' then
          jsonb_set(section, '{items}', (
            select coalesce(jsonb_agg(
              case when jsonb_typeof(item) = 'object' and not (item ? 'sale') and jsonb_typeof(item -> 'price') = 'string'
                        and public.inr_amount_from_text(item ->> 'price') is not null
                then item || jsonb_build_object('price', '', 'sale', jsonb_build_object(
                  'price', public.inr_amount_from_text(item ->> 'price'), 'stock', null, 'options', '[]'::jsonb))
                else item end
              order by n), '[]'::jsonb)
            from jsonb_array_elements(section -> 'items') with ordinality as items (item, n)))
        else section end
        order by n), '[]'::jsonb)
      from jsonb_array_elements(data -> 'sections') with ordinality as sections (section, n)))
  end
$$;

revoke all on function public.inr_amount_from_text(text) from public, anon, authenticated;
revoke all on function public.portfolio_with_product_amounts(jsonb) from public, anon, authenticated;

-- A new version, so a tab still open on the old data is told a newer version exists instead of
-- saving the text price back over the amount. A row the amounts would take past its size limit keeps
-- its text (the editor reads it as an amount when it is next opened, and says if it is too big).
update public.portfolios p
   set data = upgraded.data, version = p.version + 1
  from (select id, public.portfolio_with_product_amounts(data) as data from public.portfolios where data ? 'schemaVersion') upgraded
 where upgraded.id = p.id
   and upgraded.data <> p.data
   and (public.compact_json_size(upgraded.data)).characters <= (select total_length from public.portfolio_limits());
