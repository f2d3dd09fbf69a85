// A portfolio is a site: its home page (`sections` + `page`, what every row held before pages, so
// an old row is a site of one home page) and up to LIMITS.pages more pages, each at its own
// address. Links between pages name a page's id (`page:<id>`, home `page:home`, the blog
// `page:blog`), never its address, so they stay right when an address changes; the old address is
// kept in `redirects`. Every template draws its navigation from `siteNavigation`.
import { isPageHref, PAGE_HREF_PREFIX } from '@folioforge/shared/safe-url';
import { withoutControlCharacters } from '@folioforge/shared/typed-text';
import { z } from 'zod';
import { ID_PATTERN, newId } from './ids';
import type { PageSettings } from './pageSettings';
import type { Portfolio, Section } from './portfolio';

export interface SitePage {
  /** ID_PATTERN; links point at the id, never at the address. Never `home` or `blog`. */
  id: string;
  /** The page's address part: a-z, 0-9 and -, unique in the site, not a reserved word. */
  slug: string;
  /** Its name in the navigation and its heading. */
  title: string;
  inNavigation: boolean;
  /** The same section kinds and limits per page as the home page's. */
  sections: Section[];
  page?: PageSettings;
  /** Behind the site's password (the password owner's part). */
  protected?: boolean;
}

/** An address a page had before (a slug) and the page it leads to now (an id). */
export interface SiteRedirect {
  from: string;
  to: string;
}

export const SITE_LIMITS = { pages: 20, slugLength: 60, pageTitleLength: 80, redirects: 100 } as const;

export const HOME_PAGE_ID = 'home';
export const BLOG_PAGE_ID = 'blog';

/**
 * Addresses a page cannot have: the site's own paths (the blog, its tags and feed, files, orders, the
 * sitemap) and words a visitor would read as one of them.
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  'blog',
  'tag',
  'tags',
  'feed',
  'files',
  'order',
  'orders',
  'p',
  'page',
  'home',
  'index',
  'sitemap',
  'robots',
  'assets',
  'api',
  'unlock',
  'password',
  // Objects beside the pages in the sites bucket (supabase/functions/_shared/sites.ts).
  'portfolio',
  'site',
];

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why `slug` cannot be a page's address (`others`: the site's other pages' slugs), or undefined. */
export function slugProblem(slug: string, others: readonly string[] = []): string | undefined {
  if (slug === '') return 'give the page an address';
  if (slug.length > SITE_LIMITS.slugLength)
    return `an address has at most ${SITE_LIMITS.slugLength} characters (this one has ${slug.length})`;
  if (!SLUG_PATTERN.test(slug)) return 'an address uses only a-z, 0-9 and single dashes between them, e.g. case-studies';
  if (RESERVED_PAGE_SLUGS.includes(slug)) return `“${slug}” is an address the site uses itself; choose another`;
  if (others.includes(slug)) return `another page already has the address “${slug}”`;
  return undefined;
}

/** An address made from a title ("Case Studies ✨" → "case-studies"), free in the site. */
export function slugFromTitle(title: string, others: readonly string[] = []): string {
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, SITE_LIMITS.slugLength - 4)
      .replace(/-+$/, '') || 'new-page';
  let slug = RESERVED_PAGE_SLUGS.includes(base) ? `${base}-1` : base;
  for (let n = 2; others.includes(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

const pageTitle = z
  .string({ error: 'must be text' })
  .overwrite((value) => withoutControlCharacters(value))
  .trim()
  .min(1, { error: 'give the page a name' })
  .max(SITE_LIMITS.pageTitleLength, {
    error: (issue) => `at most ${SITE_LIMITS.pageTitleLength} characters (it has ${String(issue.input ?? '').length})`,
  });

const pageId = z
  .string({ error: 'must be an id' })
  .regex(ID_PATTERN, { message: 'must be an id of letters, digits, - and _' })
  .refine((id) => id !== HOME_PAGE_ID && id !== BLOG_PAGE_ID, { message: 'home and blog are the ids of the home page and the blog' });

/**
 * The schema of `pages` and `redirects`, built with the home page's schemas of `sections` and
 * `page` (schema.ts), so a page holds what the home page holds, under the same limits.
 */
export function buildSiteSchemas<S extends z.ZodType, P extends z.ZodType>(sections: S, page: P) {
  const sitePage = z.object({
    id: pageId,
    slug: z.string({ error: 'must be an address' }).superRefine((slug, context) => {
      const problem = slugProblem(slug);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    title: pageTitle,
    inNavigation: z.boolean({ error: 'must be true or false' }).default(true),
    sections,
    page: page.optional(),
    protected: z.boolean({ error: 'must be true or false' }).optional(),
  });
  const pages = z.array(sitePage).max(SITE_LIMITS.pages, {
    error: (issue) =>
      `a site holds at most ${SITE_LIMITS.pages} pages besides its home page (this one has ${Array.isArray(issue.input) ? issue.input.length : '?'})`,
  });
  const redirects = z
    .array(
      z.object({
        from: z.string({ error: 'must be an address' }).regex(SLUG_PATTERN, { message: 'must be an old page address' }),
        to: z.string({ error: 'must be a page id' }).regex(ID_PATTERN, { message: 'must be a page id' }),
      }),
    )
    .max(SITE_LIMITS.redirects, { error: `a site keeps at most ${SITE_LIMITS.redirects} old addresses` });
  return { pages, redirects };
}

/** Problems of the pages as a whole (ids and addresses unique), as [path, message] pairs for the schema. */
export function siteProblems(portfolio: { pages?: readonly Pick<SitePage, 'id' | 'slug' | 'title'>[] }): [(string | number)[], string][] {
  const problems: [(string | number)[], string][] = [];
  const pages = portfolio.pages ?? [];
  pages.forEach((page, index) => {
    if (pages.findIndex((other) => other.id === page.id) < index)
      problems.push([['pages', index, 'id'], `two pages have the id ${page.id}`]);
    if (pages.findIndex((other) => other.slug === page.slug) < index)
      problems.push([['pages', index, 'slug'], `another page already has the address “${page.slug}”`]);
  });
  return problems;
}

/** The name of a page's place in a portfolio, for messages: "Page “Projects”" (or its number). */
export function pagePlace(input: unknown, index: number): string {
  const pages = typeof input === 'object' && input !== null ? (input as { pages?: unknown }).pages : undefined;
  const page = Array.isArray(pages) ? (pages[index] as { title?: unknown } | undefined) : undefined;
  const title = typeof page?.title === 'string' ? page.title.trim() : '';
  return title ? `Page “${title}”` : `Page ${index + 1}`;
}

/** The pages of a site, home first, as the navigation and the publisher see them. */
export interface SitePageView {
  id: string;
  /** '' for the home page. */
  slug: string;
  title: string;
  inNavigation: boolean;
  sections: Section[];
  page?: PageSettings;
  protected?: boolean;
}

type SiteOf = Pick<Portfolio, 'sections' | 'page' | 'pages'>;

/** Every page of the site, home first, in navigation order. */
export function sitePages(portfolio: SiteOf): SitePageView[] {
  const home: SitePageView = {
    id: HOME_PAGE_ID,
    slug: '',
    title: 'Home',
    inNavigation: true,
    sections: portfolio.sections,
    ...(portfolio.page ? { page: portfolio.page } : {}),
  };
  return [home, ...(portfolio.pages ?? [])];
}

/** The portfolio as one of its pages shows it: that page's sections and settings, the same profile. */
export function portfolioForPage<T extends Portfolio>(portfolio: T, pageId: string): T {
  if (pageId === HOME_PAGE_ID) return portfolio;
  const page = portfolio.pages?.find((candidate) => candidate.id === pageId);
  if (!page) return portfolio;
  // The page's own title and description; its language, unless it says one, the home page's.
  const language = portfolio.page?.language;
  const settings = { ...(language ? { language } : {}), ...page.page };
  const { page: _home, ...rest } = portfolio;
  return { ...rest, sections: page.sections, ...(Object.keys(settings).length ? { page: settings } : {}) } as T;
}

/** What finding a page's address needs of a site: its pages' ids and addresses. */
export interface PageAddresses {
  pages?: readonly Pick<SitePage, 'id' | 'slug'>[];
}

/** The folder a page is at, relative to the site's root: '' (home), 'projects/', 'blog/'; undefined for no such page. */
export function pagePath(portfolio: PageAddresses, pageId: string): string | undefined {
  if (pageId === HOME_PAGE_ID) return '';
  if (pageId === BLOG_PAGE_ID) return 'blog/';
  const page = portfolio.pages?.find((candidate) => candidate.id === pageId);
  return page ? `${page.slug}/` : undefined;
}

export interface LinkOptions {
  /** The folder of the page the link is on, relative to the site's root ('' for home, 'projects/'). */
  from: string;
  /** Name `index.html` in links (an export opened from file://, where a folder is no page). */
  indexFile?: boolean;
}

/** A link from the folder `from` to the folder `to` (both relative to the site's root). */
export function relativeHref(to: string, { from, indexFile = false }: LinkOptions): string {
  const up = from.split('/').filter(Boolean).length;
  const href = `${'../'.repeat(up)}${to}`;
  if (indexFile) return `${href}index.html`;
  return href === '' ? './' : href;
}

export interface NavigationLink {
  /** The page's id (HOME_PAGE_ID, BLOG_PAGE_ID or a page's). */
  id: string;
  label: string;
  href: string;
  /** This link is the page being drawn (aria-current="page"). */
  current: boolean;
}

export interface NavigationOptions extends Partial<LinkOptions> {
  /** The site has live posts: the navigation ends with "Blog". */
  blog?: boolean;
  /** The id of the page being drawn (HOME_PAGE_ID, BLOG_PAGE_ID or a page's). */
  current?: string;
}

/** The site's navigation: home, the pages in navigation, and "Blog" when the site has live posts. */
export function siteNavigation(
  portfolio: SiteOf,
  { blog = false, current = HOME_PAGE_ID, from, indexFile }: NavigationOptions = {},
): NavigationLink[] {
  const here = from ?? pagePath(portfolio, current) ?? '';
  const link = (id: string, label: string, path: string): NavigationLink => ({
    id,
    label,
    href: relativeHref(path, { from: here, indexFile }),
    current: id === current,
  });
  const pages = sitePages(portfolio).filter((page) => page.inNavigation);
  return [
    ...pages.map((page) => link(page.id, page.title, page.slug ? `${page.slug}/` : '')),
    ...(blog ? [link(BLOG_PAGE_ID, 'Blog', 'blog/')] : []),
  ];
}

/** The page id a `page:<id>` link names, or undefined for any other link. */
export const pageIdOfHref = (href: string): string | undefined => (isPageHref(href) ? href.slice(PAGE_HREF_PREFIX.length) : undefined);

/** The link to a page by id: `page:home`, `page:<id>`, `page:blog`. */
export const pageHref = (pageId: string): string => `${PAGE_HREF_PREFIX}${pageId}`;

/**
 * Sanitised HTML with every `href="page:<id>"` turned into the page's address from `options.from`;
 * a link to a page that no longer exists loses its href (its text stays). Nothing `page:` is left.
 */
export function resolvePageLinks(html: string, portfolio: PageAddresses, options: LinkOptions & { blog?: boolean }): string {
  if (!html.includes(PAGE_HREF_PREFIX)) return html;
  return html.replace(/\shref="page:([^"]*)"/g, (_, id: string) => {
    const path = id === BLOG_PAGE_ID && !options.blog ? undefined : pagePath(portfolio, id);
    return path === undefined ? '' : ` href="${relativeHref(path, options)}"`;
  });
}

/** A link of an item's url field as the page puts it: a page's address for `page:<id>`, else as typed. */
export function resolvedHref(href: string, portfolio: PageAddresses, options: LinkOptions): string | undefined {
  const id = pageIdOfHref(href);
  if (id === undefined) return href;
  const path = pagePath(portfolio, id);
  return path === undefined ? undefined : relativeHref(path, options);
}

/** A page a link can lead to, as the editor offers it: its `page:<id>` link and its current title. */
export interface PageLinkChoice {
  href: string;
  title: string;
}

/** The pages a link can be chosen from: Home, each page by its title (site order), the blog. */
export function pageLinkChoices(portfolio: Pick<Portfolio, 'pages'>): PageLinkChoice[] {
  return [
    { href: pageHref(HOME_PAGE_ID), title: 'Home' },
    ...(portfolio.pages ?? []).map((page) => ({ href: pageHref(page.id), title: page.title })),
    { href: pageHref(BLOG_PAGE_ID), title: 'Blog' },
  ];
}

/** A new empty page named `title`, with a free address. */
export function newSitePage(portfolio: Pick<Portfolio, 'pages'>, title: string): SitePage {
  const others = (portfolio.pages ?? []).map((page) => page.slug);
  return { id: newId(), slug: slugFromTitle(title, others), title, inNavigation: true, sections: [] };
}

/**
 * The portfolio with page `pageId` at the address `slug`: its old address kept as a redirect to it
 * (and a redirect from the new address, now a page's own, dropped).
 */
export function withPageSlug<T extends Pick<Portfolio, 'pages' | 'redirects'>>(portfolio: T, pageId: string, slug: string): T {
  const page = portfolio.pages?.find((candidate) => candidate.id === pageId);
  if (!page || page.slug === slug) return portfolio;
  const kept = (portfolio.redirects ?? []).filter((redirect) => redirect.from !== slug && redirect.from !== page.slug);
  const redirects = [{ from: page.slug, to: pageId }, ...kept].slice(0, SITE_LIMITS.redirects);
  return {
    ...portfolio,
    pages: portfolio.pages?.map((candidate) => (candidate.id === pageId ? { ...candidate, slug } : candidate)),
    redirects,
  };
}

/** Where an old address leads now: the page's current folder, or undefined. */
export function redirectTarget(portfolio: Pick<Portfolio, 'pages' | 'redirects'>, slug: string): string | undefined {
  const redirect = portfolio.redirects?.find((candidate) => candidate.from === slug);
  if (!redirect || portfolio.pages?.some((page) => page.slug === slug)) return undefined;
  return pagePath(portfolio, redirect.to);
}

/** The pages written to the public site: every page but those behind the password (served apart). */
export function publicPages(portfolio: Pick<Portfolio, 'pages'>): SitePage[] {
  return (portfolio.pages ?? []).filter((page) => !page.protected);
}

/** The site's redirects as folders: old address → the page's current folder (those still leading somewhere). */
export function redirectFolders(portfolio: Pick<Portfolio, 'pages' | 'redirects'>): Record<string, string> {
  const folders: Record<string, string> = {};
  for (const { from } of portfolio.redirects ?? []) {
    const target = redirectTarget(portfolio, from);
    if (target) folders[from] = target;
  }
  return folders;
}
