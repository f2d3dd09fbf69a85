import { describe, expect, test } from '@jest/globals';
import { everyKindPortfolio } from '../testing/portfolioShown';
import { coercePortfolio } from './coerce';
import { fileValuesOf, homeFileSlotsOf, replaceFileValue } from './files';
import type { Portfolio } from './portfolio';
import { checkPortfolio, LIMITS } from './schema';
import { withNewIds } from './starter';
import {
  newSitePage,
  pageLinkChoices,
  portfolioForPage,
  redirectTarget,
  resolvePageLinks,
  resolvedHref,
  siteNavigation,
  slugFromTitle,
  slugProblem,
  withPageSlug,
  type SitePage,
} from './site';

const page = (id: string, slug: string, title: string, extra: Partial<SitePage> = {}): SitePage => ({
  id,
  slug,
  title,
  inNavigation: true,
  sections: [{ id: 'about', kind: 'text', title: 'About this', hidden: false, body: '<p>Hi</p>', items: [] }],
  ...extra,
});

const site = (pages: SitePage[]): Portfolio => ({ ...everyKindPortfolio(), pages });

describe('pages of a site', () => {
  test(`a site holds a home page and ${LIMITS.pages} more; the ${LIMITS.pages + 1}st is refused saying so`, () => {
    const pages = Array.from({ length: LIMITS.pages + 1 }, (_, index) => page(`p${index}`, `page-${index}`, `Page ${index}`));
    expect(checkPortfolio(site(pages.slice(0, LIMITS.pages)))).toMatchObject({ ok: true });
    expect(checkPortfolio(site(pages))).toEqual({
      ok: false,
      problems: [`Pages: a site holds at most ${LIMITS.pages} pages besides its home page (this one has ${LIMITS.pages + 1})`],
    });
  });

  test('a bad, reserved or taken address, an empty name and a too long section say which page and why', () => {
    const tooMany = Array.from({ length: 101 }, (_, index) => ({ id: `s${index}`, name: `Skill ${index}`, level: '' }));
    const checked = checkPortfolio(
      site([
        page('a', 'Case Studies', 'Case studies'),
        page('b', 'blog', 'Mein Blog'),
        page('c', 'menu', 'मेनू 🍰'),
        page('d', 'menu', ''),
        page('e', 'tools', 'Tools', { sections: [{ id: 't', kind: 'skills', title: 'Tools', hidden: false, body: '', items: tooMany }] }),
      ]),
    );
    expect(checked).toEqual({
      ok: false,
      problems: [
        'Page “Case studies” › Address: an address uses only a-z, 0-9 and single dashes between them, e.g. case-studies',
        'Page “Mein Blog” › Address: “blog” is an address the site uses itself; choose another',
        'Page 4 › Name: give the page a name',
        'Page “Tools” › Tools: a section holds at most 100 items (this one has 101)',
      ],
    });
    expect(checkPortfolio(site([page('c', 'menu', 'मेनू 🍰'), page('d', 'menu', 'Menu'), page('c', 'other', 'Other')]))).toEqual({
      ok: false,
      problems: ['Page “Menu” › Address: another page already has the address “menu”', 'Page “Other” › Id: two pages have the id c'],
    });
  });

  test('an old row and a draft without pages read as a site of one home page, nothing lost', () => {
    const old = everyKindPortfolio();
    const opened = coercePortfolio('template1', JSON.parse(JSON.stringify(old)) as unknown);
    expect(opened).toEqual(old);
    expect(checkPortfolio(opened)).toEqual({ ok: true, portfolio: old });
    expect(siteNavigation(opened)).toEqual([{ id: 'home', label: 'Home', href: './', current: true }]);
  });

  test('the editor opens pages as saved, even ones the schema would refuse, so nothing typed is lost', () => {
    const saved = site([page('proj', 'projects', 'Projects ✨'), page('home', 'Bad Slug', 'Menu')]);
    const opened = coercePortfolio('template2', JSON.parse(JSON.stringify(saved)) as unknown);
    expect(opened.pages?.[0]).toEqual(saved.pages?.[0]);
    expect(opened.pages?.[1]).toMatchObject({ slug: 'Bad Slug', title: 'Menu' });
    expect(opened.pages?.[1]?.id).not.toBe('home');
  });

  test('addresses: made from a name, free in the site, never reserved', () => {
    expect(slugFromTitle('Case Studies ✨')).toBe('case-studies');
    expect(slugFromTitle('मेनू')).toBe('new-page');
    expect(slugFromTitle('Blog')).toBe('blog-1');
    expect(slugFromTitle('Menu', ['menu', 'menu-2'])).toBe('menu-3');
    expect(slugProblem('x'.repeat(61))).toBe('an address has at most 60 characters (this one has 61)');
    expect(slugProblem('menu', ['menu'])).toBe('another page already has the address “menu”');
    expect(newSitePage({ pages: [page('a', 'projects', 'Projects')] }, 'Projects')).toMatchObject({
      slug: 'projects-2',
      inNavigation: true,
    });
  });

  test('the navigation: home, the pages in it, the blog when it has posts; links relative to the page drawn', () => {
    const portfolio = site([
      page('proj', 'projects', 'Projects'),
      page('hid', 'hidden', 'Secret', { inNavigation: false }),
      page('menu', 'menu', 'Menu'),
    ]);
    expect(siteNavigation(portfolio, { blog: true })).toEqual([
      { id: 'home', label: 'Home', href: './', current: true },
      { id: 'proj', label: 'Projects', href: 'projects/', current: false },
      { id: 'menu', label: 'Menu', href: 'menu/', current: false },
      { id: 'blog', label: 'Blog', href: 'blog/', current: false },
    ]);
    expect(siteNavigation(portfolio, { current: 'proj', indexFile: true }).map(({ href, current }) => [href, current])).toEqual([
      ['../index.html', false],
      ['../projects/index.html', true],
      ['../menu/index.html', false],
    ]);
  });

  test('page: links become the page’s address from where they are; a link to a removed page loses its href', () => {
    const portfolio = site([page('proj', 'projects', 'Projects')]);
    const html =
      '<p><a href="page:proj">work</a> <a href="page:home">home</a> <a href="page:gone">old</a> <a href="page:blog">blog</a></p>';
    expect(resolvePageLinks(html, portfolio, { from: 'projects/' })).toBe(
      '<p><a href="../projects/">work</a> <a href="../">home</a> <a>old</a> <a>blog</a></p>',
    );
    expect(resolvePageLinks(html, portfolio, { from: '', indexFile: true, blog: true })).toBe(
      '<p><a href="projects/index.html">work</a> <a href="index.html">home</a> <a>old</a> <a href="blog/index.html">blog</a></p>',
    );
    expect(resolvedHref('page:proj', portfolio, { from: '' })).toBe('projects/');
    expect(resolvedHref('https://example.com/', portfolio, { from: '' })).toBe('https://example.com/');
  });

  test('a link is chosen from Home, every page by its title (hidden ones too) and the blog, and follows a new address', () => {
    const portfolio = site([page('proj', 'projects', 'Projects'), page('hid', 'hidden', 'Secret', { inNavigation: false })]);
    expect(pageLinkChoices(portfolio)).toEqual([
      { href: 'page:home', title: 'Home' },
      { href: 'page:proj', title: 'Projects' },
      { href: 'page:hid', title: 'Secret' },
      { href: 'page:blog', title: 'Blog' },
    ]);
    const moved = withPageSlug(portfolio, 'proj', 'work');
    expect(resolvePageLinks('<p><a href="page:proj">work</a></p>', moved, { from: '' })).toBe('<p><a href="work/">work</a></p>');
  });

  test('a new address keeps the old one as a redirect to the page; a page taking an old address wins over it', () => {
    const portfolio = site([page('proj', 'projects', 'Projects'), page('menu', 'menu', 'Menu')]);
    const moved = withPageSlug(portfolio, 'proj', 'work');
    expect(moved.pages?.[0]?.slug).toBe('work');
    expect(moved.redirects).toEqual([{ from: 'projects', to: 'proj' }]);
    expect(redirectTarget(moved, 'projects')).toBe('work/');
    expect(checkPortfolio(moved)).toMatchObject({ ok: true });
    const taken = withPageSlug(moved, 'menu', 'projects');
    expect(redirectTarget(taken, 'projects')).toBeUndefined();
    expect(taken.redirects).toEqual([{ from: 'menu', to: 'menu' }]);
  });

  test('a page shows the same profile with its own sections and settings', () => {
    const portfolio = site([page('proj', 'projects', 'Projects', { page: { title: 'My projects' } })]);
    const shown = portfolioForPage(portfolio, 'proj');
    expect(shown.profile).toBe(portfolio.profile);
    expect(shown.sections).toBe(portfolio.pages?.[0]?.sections);
    expect(shown.page).toEqual({ title: 'My projects' });
    expect(portfolioForPage(portfolio, 'home')).toBe(portfolio);
  });

  test("a page's pictures are the site's files (published, copied, kept); the editor's own are the home page's", () => {
    const picture = 'storage:portfolio-images/u/p/shot.png';
    const portfolio = site([
      page('proj', 'projects', 'Projects', {
        sections: [
          {
            id: 'w',
            kind: 'projects',
            title: '',
            hidden: false,
            body: '',
            items: [{ id: 'i', name: 'x', description: '', url: '', image: picture }],
          },
        ],
      }),
    ]);
    expect(fileValuesOf(portfolio)).toContain(picture);
    expect(homeFileSlotsOf(portfolio).map(({ value }) => value)).not.toContain(picture);
    const copied = replaceFileValue(portfolio, picture, 'storage:portfolio-images/u/q/shot.png');
    expect(fileValuesOf(copied)).toContain('storage:portfolio-images/u/q/shot.png');
    expect(fileValuesOf(copied)).not.toContain(picture);
  });

  test('a copy with new ids renews the sections and items of every page, keeping the pages and their links', () => {
    const portfolio = site([page('proj', 'projects', 'Projects'), page('talks', 'talks', 'Talks')]);
    const copy = withNewIds(portfolio);
    const sectionIds = (of: Portfolio) =>
      [of.sections, ...(of.pages ?? []).map((sitePage) => sitePage.sections)].flat().map(({ id }) => id);
    const shared = sectionIds(copy).filter((id) => sectionIds(portfolio).includes(id));
    expect(shared).toEqual([]);
    expect(copy.pages?.map(({ id, slug, title }) => ({ id, slug, title }))).toEqual([
      { id: 'proj', slug: 'projects', title: 'Projects' },
      { id: 'talks', slug: 'talks', title: 'Talks' },
    ]);
    expect(copy.pages?.[0]?.sections[0]).toMatchObject({ title: 'About this', body: '<p>Hi</p>' });
  });

  test('opened, two pages holding a section of the same id get ids of their own (a section is named by its id)', () => {
    const opened = coercePortfolio('1', site([page('proj', 'projects', 'Projects'), page('talks', 'talks', 'Talks')]));
    const ids = [opened.sections, ...(opened.pages ?? []).map((sitePage) => sitePage.sections)].flat().map(({ id }) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(opened.pages?.[0]?.sections[0]?.id).toBe('about');
  });
});
