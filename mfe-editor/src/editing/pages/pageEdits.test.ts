import { checkPortfolio, getTemplate, SITE_LIMITS, type Portfolio } from '@folioforge/templates';
import {
  addPage,
  cannotAddPage,
  changePageSlug,
  duplicatePage,
  movePage,
  oldAddressesOf,
  pageSlugProblem,
  pageTitleProblem,
  removePage,
  renamePage,
  setInNavigation,
} from './pageEdits';

const sample = (): Portfolio => getTemplate(1)!.sample;
const slugs = (portfolio: Portfolio) => (portfolio.pages ?? []).map((page) => page.slug);

/** The sample with pages of these names. */
function siteWith(...titles: string[]): Portfolio {
  return titles.reduce((portfolio, title) => addPage(portfolio, title).portfolio, sample());
}

test('a new page is empty, in the navigation, at an address made from its name and free in the site', () => {
  const site = siteWith('Case Studies ✨', 'Case studies');
  expect(site.pages).toMatchObject([
    { title: 'Case Studies ✨', slug: 'case-studies', inNavigation: true, sections: [] },
    { title: 'Case studies', slug: 'case-studies-2' },
  ]);
  expect(siteWith('Blog').pages?.[0]?.slug).toBe('blog-1');
  expect(checkPortfolio(site)).toMatchObject({ ok: true });
  expect(sample().pages).toBeUndefined();
});

test(`the site holds ${SITE_LIMITS.pages} pages besides Home; adding or duplicating one more does nothing and says why`, () => {
  const full = siteWith(...Array.from({ length: SITE_LIMITS.pages }, (_, index) => `Page ${index + 1}`));
  expect(full.pages).toHaveLength(SITE_LIMITS.pages);
  expect(cannotAddPage(full)).toBe('A site holds at most 20 pages besides its home page. Remove one to add another.');
  expect(addPage(full, 'One more').portfolio).toBe(full);
  expect(duplicatePage(full, full.pages![0]!.id).portfolio).toBe(full);
  expect(cannotAddPage(removePage(full, full.pages![3]!.id))).toBeNull();
});

test('a name is needed and has a length; renaming leaves the address as it was', () => {
  expect(pageTitleProblem('  ')).toBe('Give the page a name.');
  expect(pageTitleProblem('x'.repeat(81))).toBe("A page's name has at most 80 characters (this one has 81).");
  expect(pageTitleProblem('Talks')).toBeUndefined();
  const site = siteWith('Talks');
  const renamed = renamePage(site, site.pages![0]!.id, 'Conference talks');
  expect(renamed.pages?.[0]).toMatchObject({ title: 'Conference talks', slug: 'talks' });
  expect(renamed.sections).toBe(site.sections);
});

test('a new address is checked against the others and the reserved ones; a changed one keeps the old as a redirect', () => {
  const site = siteWith('Talks', 'Work');
  const talks = site.pages![0]!.id;
  expect(pageSlugProblem(site, talks, 'work')).toBe('Another page already has the address “work”.');
  expect(pageSlugProblem(site, talks, 'blog')).toBe('“blog” is an address the site uses itself; choose another.');
  expect(pageSlugProblem(site, talks, 'Big Talks')).toMatch(/^An address uses only a-z, 0-9/);
  expect(pageSlugProblem(site, talks, 'talks')).toBeUndefined();
  expect(changePageSlug(site, talks, 'work')).toBe(site);
  const moved = changePageSlug(site, talks, 'speaking');
  expect(slugs(moved)).toEqual(['speaking', 'work']);
  expect(moved.redirects).toEqual([{ from: 'talks', to: talks }]);
  expect(oldAddressesOf(moved, talks)).toEqual(['talks']);
});

test('shown or left out of the navigation; moved among the pages, Home staying first', () => {
  const site = siteWith('A', 'B', 'C');
  const [a, b, c] = site.pages!.map((page) => page.id);
  expect(setInNavigation(site, b!, false).pages?.[1]?.inNavigation).toBe(false);
  expect(movePage(site, c!, 0).pages?.map((page) => page.title)).toEqual(['C', 'A', 'B']);
  expect(movePage(site, a!, 1).pages?.map((page) => page.title)).toEqual(['B', 'A', 'C']);
  expect(movePage(site, a!, -1)).toBe(site);
  expect(movePage(site, c!, 3)).toBe(site);
});

test('a duplicate follows its original with new ids for it, its sections and items, at an address of its own', () => {
  let site = siteWith('Talks');
  const talks = site.pages![0]!;
  site = {
    ...site,
    pages: [{ ...talks, sections: sample().sections.slice(0, 2) }],
  };
  const copy = duplicatePage(site, talks.id);
  const [original, duplicate] = copy.portfolio.pages!;
  expect(duplicate).toMatchObject({ id: copy.id, title: 'Talks (copy)', slug: 'talks-copy' });
  expect(copy.id).not.toBe(talks.id);
  const ids = (page: typeof original) => page!.sections.flatMap((section) => [section.id, ...section.items.map((item) => item.id)]);
  expect(ids(duplicate).filter((id) => ids(original).includes(id))).toEqual([]);
  expect(duplicate!.sections.map((section) => section.title)).toEqual(original!.sections.map((section) => section.title));
  expect(checkPortfolio(copy.portfolio)).toMatchObject({ ok: true });
});

test('removing a page takes its old addresses with it; the last page gone, the site is one home page again', () => {
  const site = siteWith('Talks');
  const talks = site.pages![0]!.id;
  const moved = changePageSlug(site, talks, 'speaking');
  const removed = removePage(moved, talks);
  expect(removed.pages).toBeUndefined();
  expect(removed.redirects).toBeUndefined();
  expect(removed).toEqual(sample());
});
