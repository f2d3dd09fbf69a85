// A portfolio as the editor opens it: whatever a row or a draft holds, in the model's shape, every
// value kept even where the schema would refuse it (the visitor sees the message and fixes it, rather
// than losing it). Only what cannot be shown is dropped: a section of a kind that does not exist,
// parts that are not objects.
import { newId, ID_PATTERN } from './ids';
import { PROFILE_FIELDS, SECTION_KINDS, isSectionKind } from './kinds';
import { toModelData } from './legacy';
import type { PageSettings } from './pageSettings';
import { coerceSale, coerceShop, shopOf, withProductAmount, type ShopCurrency } from './products';
import { SCHEMA_VERSION, type AnyItem, type Portfolio, type Profile, type Section, type SocialLink } from './portfolio';
import { coerceResumeSettings } from './resumeSettings';
import { upgradedSampleMarks } from './sample';
import { BLOG_PAGE_ID, HOME_PAGE_ID, type SitePage, type SiteRedirect } from './site';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const records = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);

const PAGE_KEYS: readonly (keyof PageSettings)[] = ['title', 'description', 'language'];

/** A usable id: the one given when it is well formed and not taken yet, else a new one. */
function idFrom(value: unknown, taken: Set<string>): string {
  const id = typeof value === 'string' && ID_PATTERN.test(value) && !taken.has(value) ? value : newId();
  taken.add(id);
  return id;
}

/** The sections of a page, each kept whatever its values; a section of no known kind dropped. `sectionIds`: the site's, taken so far. */
function coerceSections(value: unknown, currency: ShopCurrency, sectionIds: Set<string>): Section[] {
  return records(value).flatMap((section) => {
    if (!isSectionKind(section.kind)) return [];
    const spec = SECTION_KINDS[section.kind];
    const itemIds = new Set<string>();
    const items = spec.fields.length
      ? records(section.items).map((item) => {
          const fields = Object.fromEntries([
            ['id', idFrom(item.id, itemIds)],
            ...spec.fields.map((field) => [field.key, str(item[field.key])]),
          ]) as AnyItem;
          if (section.kind !== 'products') return fields;
          // A product's sale, and a price still typed as text read as an amount (products.ts).
          const sale = coerceSale(item.sale);
          return withProductAmount({ ...(fields as { price: string }), ...(sale ? { sale } : {}) }, currency) as AnyItem;
        })
      : [];
    return [
      {
        id: idFrom(section.id, sectionIds),
        kind: section.kind,
        title: str(section.title),
        hidden: section.hidden === true,
        body: str(section.body),
        items,
      } as Section,
    ];
  });
}

/** A page's settings, its text values kept; none when it has none. */
function coercePageSettings(value: unknown): PageSettings | undefined {
  if (!isRecord(value)) return undefined;
  const page = Object.fromEntries(PAGE_KEYS.filter((key) => typeof value[key] === 'string').map((key) => [key, value[key] as string]));
  return Object.keys(page).length ? page : undefined;
}

/** `data` of a row or draft saved for `templateId`, upgraded if from before the model, in the model's shape. */
export function coercePortfolio(templateId: string, data: unknown): Portfolio {
  const input = toModelData(templateId, isRecord(data) ? data : {});
  const source = isRecord(input) ? input : {};
  const profileIn = isRecord(source.profile) ? source.profile : {};
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field.key, str(profileIn[field.key])])) as Profile;
  const socialIds = new Set<string>();
  const socials: SocialLink[] = records(source.socials).map((link) => ({
    id: idFrom(link.id, socialIds),
    network: str(link.network),
    url: str(link.url),
  }));
  const shop = coerceShop(source.shop);
  const currency = shopOf({ shop }).currency;
  // A section's id is unique in the whole site, not only on its page: the editor names a section by it.
  const sectionIds = new Set<string>();
  const sections = coerceSections(source.sections, currency, sectionIds);
  const page = coercePageSettings(source.page);
  const pageIds = new Set<string>([HOME_PAGE_ID, BLOG_PAGE_ID]);
  const pages: SitePage[] = records(source.pages).map((sitePage) => {
    const settings = coercePageSettings(sitePage.page);
    return {
      id: idFrom(sitePage.id, pageIds),
      slug: str(sitePage.slug),
      title: str(sitePage.title),
      inNavigation: sitePage.inNavigation !== false,
      sections: coerceSections(sitePage.sections, currency, sectionIds),
      ...(settings ? { page: settings } : {}),
      ...(typeof sitePage.protected === 'boolean' ? { protected: sitePage.protected } : {}),
    };
  });
  const redirects: SiteRedirect[] = records(source.redirects).map((redirect) => ({ from: str(redirect.from), to: str(redirect.to) }));
  const resume = coerceResumeSettings(source.resume);
  const portfolio: Portfolio = {
    schemaVersion: SCHEMA_VERSION,
    profile,
    socials,
    sections,
    ...(page ? { page } : {}),
    ...(pages.length ? { pages } : {}),
    ...(redirects.length ? { redirects } : {}),
    ...(shop ? { shop } : {}),
    ...(isRecord(source.site) && source.site.protected === true ? { site: { protected: true } } : {}),
    ...(resume ? { resume } : {}),
  };
  // Saved before sample marks: its prompts are marked now, so Publish still asks about them.
  const sample = Array.isArray(source.sample)
    ? source.sample.filter((path): path is string => typeof path === 'string')
    : upgradedSampleMarks(portfolio);
  return sample.length ? { ...portfolio, sample } : portfolio;
}
