// What the editor does to a portfolio, as pure functions: each returns a new portfolio sharing every
// part it did not change (so the preview redraws only what changed). A field is named by its path:
//   profile.<key>   social.<id>.<key>   section.<id>.<title|body>   item.<section id>.<item id>.<key>
//   page.<title|description|language>[.<page id>]   site.protected ('true' or '': the site behind its password)
// A section's id names it in the whole site (coercePortfolio keeps them unique across pages), so a
// section or item path reaches it on whichever page it is; only adding one asks for the page.
import {
  HOME_PAGE_ID,
  LIMITS,
  SECTION_KINDS,
  fieldText,
  kindSpec,
  newId,
  withoutSampleMark,
  type AnyItem,
  type Portfolio,
  type PageSettings,
  type Profile,
  type Section,
  type SectionKind,
  type SocialLink,
} from '@folioforge/templates';

export type FieldPath = string;

export const profilePath = (key: keyof Profile): FieldPath => `profile.${key}`;
export const socialPath = (id: string, key: 'network' | 'url'): FieldPath => `social.${id}.${key}`;
export const sectionPath = (id: string, key: 'title' | 'body'): FieldPath => `section.${id}.${key}`;
/** A page's setting: the home page's `page.<key>`, another page's `page.<key>.<page id>`. */
export const pagePath = (key: keyof PageSettings, pageId: string = HOME_PAGE_ID): FieldPath =>
  pageId === HOME_PAGE_ID ? `page.${key}` : `page.${key}.${pageId}`;
const PAGE_KEYS: readonly (keyof PageSettings)[] = ['title', 'description', 'language'];
/** Whether the whole site asks for its password: 'true', or '' for open to everyone. */
export const SITE_PROTECTED_PATH: FieldPath = 'site.protected';
export const itemPath = (sectionId: string, itemId: string, key: string): FieldPath => `item.${sectionId}.${itemId}.${key}`;

/** Which section and item a path is in (for the preview to scroll to). */
export function placeOf(path: FieldPath): { sectionId?: string; itemId?: string } {
  const [scope, first, second] = path.split('.');
  if (scope === 'section') return { sectionId: first };
  if (scope === 'item') return { sectionId: first, itemId: second };
  return {};
}

const move = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
};

// The same empty list each time: selectors reading a page that is gone see no change.
const NO_SECTIONS: Section[] = [];

/** The sections of page `pageId` (HOME_PAGE_ID: the home page's), in page order; none for no such page. */
export function pageSections(portfolio: Pick<Portfolio, 'sections' | 'pages'>, pageId: string): Section[] {
  if (pageId === HOME_PAGE_ID) return portfolio.sections;
  return portfolio.pages?.find((page) => page.id === pageId)?.sections ?? NO_SECTIONS;
}

/** The portfolio with page `pageId`'s sections replaced. */
export function withPageSections(portfolio: Portfolio, pageId: string, sections: Section[]): Portfolio {
  if (pageId === HOME_PAGE_ID) return { ...portfolio, sections };
  if (!portfolio.pages?.some((page) => page.id === pageId)) return portfolio;
  return { ...portfolio, pages: portfolio.pages.map((page) => (page.id === pageId ? { ...page, sections } : page)) };
}

/** The id of the page holding section `id` (the home page first), or undefined. */
export function pageOfSection(portfolio: Pick<Portfolio, 'sections' | 'pages'>, id: string): string | undefined {
  if (portfolio.sections.some((section) => section.id === id)) return HOME_PAGE_ID;
  return portfolio.pages?.find((page) => page.sections.some((section) => section.id === id))?.id;
}

/** Section `id`, on whichever page it is. */
export function sectionOf(portfolio: Pick<Portfolio, 'sections' | 'pages'>, id: string): Section | undefined {
  const pageId = pageOfSection(portfolio, id);
  return pageId === undefined ? undefined : pageSections(portfolio, pageId).find((section) => section.id === id);
}

/** The sections of the page holding section `id`, changed as a list (unchanged when there is no such section). */
function mapPageOf(portfolio: Portfolio, id: string, change: (sections: Section[]) => Section[]): Portfolio {
  const pageId = pageOfSection(portfolio, id);
  return pageId === undefined ? portfolio : withPageSections(portfolio, pageId, change(pageSections(portfolio, pageId)));
}

/** The portfolio with section `id` changed, on whichever page it is. */
export const mapSection = (portfolio: Portfolio, id: string, change: (section: Section) => Section): Portfolio =>
  mapPageOf(portfolio, id, (sections) => sections.map((section) => (section.id === id ? change(section) : section)));

const withItems = (section: Section, items: AnyItem[]): Section => ({ ...section, items }) as Section;

export function readField(portfolio: Portfolio, path: FieldPath): string {
  const [scope, first = '', second = '', third = ''] = path.split('.');
  if (scope === 'profile') return portfolio.profile[first as keyof Profile] ?? '';
  if (scope === 'page')
    return (second ? portfolio.pages?.find((page) => page.id === second)?.page : portfolio.page)?.[first as keyof PageSettings] ?? '';
  if (scope === 'site') return portfolio.site?.protected === true ? 'true' : '';
  if (scope === 'social') {
    const link = portfolio.socials.find((candidate) => candidate.id === first);
    return link ? (link[second as 'network' | 'url'] ?? '') : '';
  }
  const section = sectionOf(portfolio, first);
  if (scope !== 'section') return section ? readItemField([section], first, second, third) : '';
  if (!section) return '';
  return second === 'title' ? section.title : section.body;
}

/** An item's field, as `readField` reads `item.<sectionId>.<itemId>.<key>`. */
export function readItemField(sections: readonly Section[], sectionId: string, itemId: string, key: string): string {
  const item = sections.find((candidate) => candidate.id === sectionId)?.items.find((candidate) => candidate.id === itemId);
  return item ? fieldText(item, key) : '';
}

/** The portfolio with the field's new value: what its owner wrote, so no longer sample text. */
export function writeField(portfolio: Portfolio, path: FieldPath, value: string): Portfolio {
  return withoutSampleMark(writeValue(portfolio, path, value), path);
}

function writeValue(portfolio: Portfolio, path: FieldPath, value: string): Portfolio {
  const [scope, first = '', second = '', third = ''] = path.split('.');
  if (scope === 'profile') return { ...portfolio, profile: { ...portfolio.profile, [first]: value } };
  if (scope === 'page' && second) {
    // Another page's own settings, kept as the home page's are.
    if (!portfolio.pages?.some((page) => page.id === second)) return portfolio;
    const pages = portfolio.pages.map((sitePage) => {
      if (sitePage.id !== second) return sitePage;
      const { [first as keyof PageSettings]: _dropped, ...rest } = sitePage.page ?? {};
      const page: PageSettings = value === '' ? rest : { ...rest, [first]: value };
      const { page: _old, ...without } = sitePage;
      return Object.keys(page).length ? { ...without, page } : without;
    });
    return { ...portfolio, pages };
  }
  if (scope === 'page') {
    // An emptied setting goes: the page uses its default again, and a row without settings stays as it was.
    const { [first as keyof PageSettings]: _dropped, ...rest } = portfolio.page ?? {};
    const page: PageSettings = value === '' ? rest : { ...rest, [first]: value };
    const { page: _old, ...without } = portfolio;
    return Object.keys(page).length ? { ...without, page } : without;
  }
  if (scope === 'site') {
    // Open to everyone is the row without the part, as every row saved before it.
    const { site: _old, ...without } = portfolio;
    return value === 'true' ? { ...without, site: { protected: true } } : without;
  }
  if (scope === 'social')
    return { ...portfolio, socials: portfolio.socials.map((link) => (link.id === first ? { ...link, [second]: value } : link)) };
  if (scope === 'section')
    return mapSection(portfolio, first, (section) => ({ ...section, [second === 'title' ? 'title' : 'body']: value }));
  return mapSection(portfolio, first, (section) =>
    withItems(
      section,
      section.items.map((item) => (item.id === second ? ({ ...item, [third]: value } as AnyItem) : item)),
    ),
  );
}

/** Every text field of a portfolio by path, with its value (for undo to know which inputs to redraw). */
export function fieldValues(portfolio: Portfolio): Map<FieldPath, string> {
  const values = new Map<FieldPath, string>();
  for (const [key, value] of Object.entries(portfolio.profile)) values.set(profilePath(key as keyof Profile), value);
  for (const key of PAGE_KEYS) values.set(pagePath(key), portfolio.page?.[key] ?? '');
  for (const page of portfolio.pages ?? []) for (const key of PAGE_KEYS) values.set(pagePath(key, page.id), page.page?.[key] ?? '');
  values.set(SITE_PROTECTED_PATH, readField(portfolio, SITE_PROTECTED_PATH));
  for (const link of portfolio.socials) {
    values.set(socialPath(link.id, 'network'), link.network);
    values.set(socialPath(link.id, 'url'), link.url);
  }
  for (const section of [portfolio.sections, ...(portfolio.pages ?? []).map((page) => page.sections)].flat()) {
    values.set(sectionPath(section.id, 'title'), section.title);
    values.set(sectionPath(section.id, 'body'), section.body);
    for (const item of section.items)
      for (const field of kindSpec(section.kind).fields) values.set(itemPath(section.id, item.id, field.key), fieldText(item, field.key));
  }
  return values;
}

/** The paths whose value differs between two portfolios (present in `to`). */
export function changedPaths(from: Portfolio, to: Portfolio): FieldPath[] {
  const before = fieldValues(from);
  return [...fieldValues(to)].filter(([path, value]) => before.has(path) && before.get(path) !== value).map(([path]) => path);
}

export const itemCount = (portfolio: { sections: readonly Section[] }) =>
  portfolio.sections.reduce((sum, section) => sum + section.items.length, 0);

/** Why no section can be added to the page (each page has the home page's limits), or null when it can. */
export function cannotAddSection(portfolio: Portfolio, pageId: string = HOME_PAGE_ID): string | null {
  if (pageSections(portfolio, pageId).length < LIMITS.sections) return null;
  return pageId === HOME_PAGE_ID
    ? `A portfolio holds at most ${LIMITS.sections} sections.`
    : `A page holds at most ${LIMITS.sections} sections.`;
}

export function cannotAddItem(portfolio: { sections: readonly Section[] }, section: Section): string | null {
  if (section.items.length >= LIMITS.itemsPerSection) return `A section holds at most ${LIMITS.itemsPerSection} items.`;
  if (itemCount(portfolio) >= LIMITS.items) return `A portfolio holds at most ${LIMITS.items} items in all.`;
  return null;
}

export function cannotAddSocial(portfolio: Portfolio): string | null {
  return portfolio.socials.length >= LIMITS.socials ? `A portfolio holds at most ${LIMITS.socials} social links.` : null;
}

const emptyItem = (kind: SectionKind): AnyItem =>
  Object.fromEntries([['id', newId()], ...SECTION_KINDS[kind].fields.map((field) => [field.key, ''])]) as AnyItem;

export interface Added {
  portfolio: Portfolio;
  id: string;
}

/** A new section of `kind` at the end of page `pageId`, with one empty item (a free-text section has none). */
export function addSection(portfolio: Portfolio, kind: SectionKind, pageId: string = HOME_PAGE_ID): Added {
  const spec = kindSpec(kind);
  const section = {
    id: newId(),
    kind,
    title: spec.label,
    hidden: false,
    body: '',
    items: spec.fields.length ? [emptyItem(kind)] : [],
  } as Section;
  return { portfolio: withPageSections(portfolio, pageId, [...pageSections(portfolio, pageId), section]), id: section.id };
}

export const removeSection = (portfolio: Portfolio, id: string): Portfolio =>
  mapPageOf(portfolio, id, (sections) => sections.filter((section) => section.id !== id));

/** A copy right after the original, on its page, with its own ids. */
export function duplicateSection(portfolio: Portfolio, id: string): Added {
  const pageId = pageOfSection(portfolio, id);
  const list = pageId === undefined ? [] : pageSections(portfolio, pageId);
  const index = list.findIndex((section) => section.id === id);
  const original = list[index];
  if (!original || pageId === undefined) return { portfolio, id };
  const copy = {
    ...original,
    id: newId(),
    title: `${original.title} (copy)`.slice(0, LIMITS.titleLength),
    items: original.items.map((item) => ({ ...item, id: newId() })),
  } as Section;
  const sections = [...list];
  sections.splice(index + 1, 0, copy);
  return { portfolio: withPageSections(portfolio, pageId, sections), id: copy.id };
}

/** Section `id` to place `to` on its page. */
export function moveSection(portfolio: Portfolio, id: string, to: number): Portfolio {
  const pageId = pageOfSection(portfolio, id);
  const list = pageId === undefined ? [] : pageSections(portfolio, pageId);
  const from = list.findIndex((section) => section.id === id);
  return from < 0 || from === to || pageId === undefined ? portfolio : withPageSections(portfolio, pageId, move(list, from, to));
}

export const setHidden = (portfolio: Portfolio, id: string, hidden: boolean): Portfolio =>
  mapSection(portfolio, id, (section) => ({ ...section, hidden }));

export function addItem(portfolio: Portfolio, sectionId: string): Added {
  const section = sectionOf(portfolio, sectionId);
  if (!section) return { portfolio, id: '' };
  const item = emptyItem(section.kind);
  return { portfolio: mapSection(portfolio, sectionId, (current) => withItems(current, [...current.items, item])), id: item.id };
}

export const removeItem = (portfolio: Portfolio, sectionId: string, itemId: string): Portfolio =>
  mapSection(portfolio, sectionId, (section) =>
    withItems(
      section,
      section.items.filter((item) => item.id !== itemId),
    ),
  );

export function duplicateItem(portfolio: Portfolio, sectionId: string, itemId: string): Added {
  let id = itemId;
  const next = mapSection(portfolio, sectionId, (section) => {
    const index = section.items.findIndex((item) => item.id === itemId);
    const original = section.items[index];
    if (!original) return section;
    id = newId();
    const items = [...section.items];
    items.splice(index + 1, 0, { ...original, id } as AnyItem);
    return withItems(section, items);
  });
  return { portfolio: next, id };
}

export const moveItem = (portfolio: Portfolio, sectionId: string, itemId: string, to: number): Portfolio =>
  mapSection(portfolio, sectionId, (section) => {
    const from = section.items.findIndex((item) => item.id === itemId);
    return from < 0 || from === to ? section : withItems(section, move(section.items, from, to));
  });

export function addSocial(portfolio: Portfolio, network = ''): Added {
  const link: SocialLink = { id: newId(), network, url: '' };
  return { portfolio: { ...portfolio, socials: [...portfolio.socials, link] }, id: link.id };
}

export const removeSocial = (portfolio: Portfolio, id: string): Portfolio => ({
  ...portfolio,
  socials: portfolio.socials.filter((link) => link.id !== id),
});

export function moveSocial(portfolio: Portfolio, id: string, to: number): Portfolio {
  const from = portfolio.socials.findIndex((link) => link.id === id);
  return from < 0 || from === to ? portfolio : { ...portfolio, socials: move(portfolio.socials, from, to) };
}
