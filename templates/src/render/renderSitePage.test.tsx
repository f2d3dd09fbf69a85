import { describe, expect, test } from '@jest/globals';
import { everyKindPortfolio } from '../testing/portfolioShown';
import type { Portfolio } from '../model';
import { InvalidPortfolioError } from './checkedPortfolio';
import { renderStaticPage, type StaticPageOptions } from './renderStaticPage';

const OPTIONS: StaticPageOptions = { indexable: true, badge: false, siteUrl: 'https://folioforge.example/home', styles: [] };
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const site = (): Portfolio => ({
  ...everyKindPortfolio(),
  page: { language: 'hi', title: 'Home of Ada' },
  pages: [
    {
      id: 'proj',
      slug: 'projects',
      title: 'Projects',
      inNavigation: true,
      sections: [{ id: 'p', kind: 'text', title: 'Work', hidden: false, body: '<p><a href="page:home">Back</a></p>', items: [] }],
    },
  ],
});

describe('a page of a site, rendered', () => {
  test("it shows its own sections, says its name in the title and keeps the home page's language", () => {
    const page = renderStaticPage('1', site(), { ...OPTIONS, sitePage: { id: 'proj' } });
    const doc = parse(page.html);
    expect(page.title).toBe(`Projects · ${everyKindPortfolio().profile.name}`);
    expect(doc.documentElement.lang).toBe('hi');
    expect(doc.querySelector('[data-rich-text] a')?.getAttribute('href')).toBe('../');
    expect(page.html).not.toContain('page:');
  });

  test('a page that is not in the site is refused, not drawn as home', () => {
    expect(() => renderStaticPage('1', site(), { ...OPTIONS, sitePage: { id: 'gone' } })).toThrow(InvalidPortfolioError);
  });
});
