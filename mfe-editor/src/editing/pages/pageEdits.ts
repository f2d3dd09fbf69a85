// What the Pages panel does to a site, as pure functions (as portfolioEdits.ts does to its sections):
// each returns a new portfolio sharing every part it did not change. The home page is the
// portfolio's own `sections`; the other pages are `pages`, in navigation order (site.ts).
import {
  newId,
  newSitePage,
  sectionsWithNewIds,
  SITE_LIMITS,
  slugFromTitle,
  slugProblem,
  withPageSlug,
  type Portfolio,
  type SitePage,
} from '@folioforge/templates';

/** A page's name as the panel says it: its title, or "Untitled page" while it has none. */
export const pageName = (page: Pick<SitePage, 'title'> | undefined): string => page?.title.trim() || 'Untitled page';

export const pageOf = (portfolio: Pick<Portfolio, 'pages'>, id: string): SitePage | undefined =>
  portfolio.pages?.find((page) => page.id === id);

/** The portfolio with these pages (none: the part goes, as a row saved before pages). */
function withPages(portfolio: Portfolio, pages: SitePage[]): Portfolio {
  const { pages: _old, ...rest } = portfolio;
  return pages.length ? { ...rest, pages } : rest;
}

const mapPage = (portfolio: Portfolio, id: string, change: (page: SitePage) => SitePage): Portfolio =>
  pageOf(portfolio, id)
    ? withPages(
        portfolio,
        (portfolio.pages ?? []).map((page) => (page.id === id ? change(page) : page)),
      )
    : portfolio;

/** Why no page can be added, or null when one can. */
export function cannotAddPage(portfolio: Pick<Portfolio, 'pages'>): string | null {
  return (portfolio.pages?.length ?? 0) >= SITE_LIMITS.pages
    ? `A site holds at most ${SITE_LIMITS.pages} pages besides its home page. Remove one to add another.`
    : null;
}

/** Why a page cannot have this name, or undefined. */
export function pageTitleProblem(title: string): string | undefined {
  const trimmed = title.trim();
  if (trimmed === '') return 'Give the page a name.';
  if (trimmed.length > SITE_LIMITS.pageTitleLength)
    return `A page's name has at most ${SITE_LIMITS.pageTitleLength} characters (this one has ${trimmed.length}).`;
  return undefined;
}

export interface AddedPage {
  portfolio: Portfolio;
  id: string;
}

/** A new empty page named `title` at the end, at an address made from its name (unchanged when the site is full). */
export function addPage(portfolio: Portfolio, title: string): AddedPage {
  if (cannotAddPage(portfolio)) return { portfolio, id: '' };
  const page = newSitePage(portfolio, title.trim());
  return { portfolio: withPages(portfolio, [...(portfolio.pages ?? []), page]), id: page.id };
}

export const renamePage = (portfolio: Portfolio, id: string, title: string): Portfolio =>
  mapPage(portfolio, id, (page) => (page.title === title ? page : { ...page, title }));

/** Why page `id` cannot have address `slug` (another page has it, it is reserved, malformed), or undefined. */
export function pageSlugProblem(portfolio: Pick<Portfolio, 'pages'>, id: string, slug: string): string | undefined {
  const others = (portfolio.pages ?? []).filter((page) => page.id !== id).map((page) => page.slug);
  const problem = slugProblem(slug, others);
  return problem ? `${problem[0]?.toUpperCase()}${problem.slice(1)}.` : undefined;
}

/** Page `id` at address `slug`, its old address kept as a redirect to it; unchanged when the address cannot be its. */
export function changePageSlug(portfolio: Portfolio, id: string, slug: string): Portfolio {
  return pageSlugProblem(portfolio, id, slug) ? portfolio : withPageSlug(portfolio, id, slug);
}

export const setInNavigation = (portfolio: Portfolio, id: string, inNavigation: boolean): Portfolio =>
  mapPage(portfolio, id, (page) => (page.inNavigation === inNavigation ? page : { ...page, inNavigation }));

/** Page `id` behind the site's password or open to everyone (the key is left out when open, as rows saved before have it). */
export const setPageProtected = (portfolio: Portfolio, id: string, behindPassword: boolean): Portfolio =>
  mapPage(portfolio, id, (page) => {
    if (Boolean(page.protected) === behindPassword) return page;
    const { protected: _was, ...open } = page;
    return behindPassword ? { ...open, protected: true } : open;
  });

/** Page `id` to place `to` among the pages after Home (Home is always first). */
export function movePage(portfolio: Portfolio, id: string, to: number): Portfolio {
  const pages = portfolio.pages ?? [];
  const from = pages.findIndex((page) => page.id === id);
  if (from < 0 || to < 0 || to >= pages.length || from === to) return portfolio;
  const next = [...pages];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return withPages(portfolio, next);
}

/**
 * A copy right after page `id`: "<name> (copy)" at an address of its own, with new ids for it and
 * its sections and items (so an edit of one never lands in the other). Unchanged when the site is full.
 */
export function duplicatePage(portfolio: Portfolio, id: string): AddedPage {
  const pages = portfolio.pages ?? [];
  const index = pages.findIndex((page) => page.id === id);
  const original = pages[index];
  if (!original || cannotAddPage(portfolio)) return { portfolio, id: '' };
  const title = `${original.title.trim()} (copy)`.slice(0, SITE_LIMITS.pageTitleLength);
  const copy: SitePage = {
    ...original,
    id: newId(),
    title,
    slug: slugFromTitle(
      title,
      pages.map((page) => page.slug),
    ),
    sections: sectionsWithNewIds(original.sections),
  };
  const next = [...pages];
  next.splice(index + 1, 0, copy);
  return { portfolio: withPages(portfolio, next), id: copy.id };
}

/** The site without page `id`, nor the old addresses that led to it. */
export function removePage(portfolio: Portfolio, id: string): Portfolio {
  if (!pageOf(portfolio, id)) return portfolio;
  const without = withPages(
    portfolio,
    (portfolio.pages ?? []).filter((page) => page.id !== id),
  );
  const redirects = (portfolio.redirects ?? []).filter((redirect) => redirect.to !== id);
  const { redirects: _old, ...rest } = without;
  return redirects.length ? { ...rest, redirects } : rest;
}

/** The old addresses that lead to page `id` now. */
export const oldAddressesOf = (portfolio: Pick<Portfolio, 'redirects' | 'pages'>, id: string): string[] =>
  (portfolio.redirects ?? [])
    .filter((redirect) => redirect.to === id && !portfolio.pages?.some((page) => page.slug === redirect.from))
    .map(({ from }) => from);
