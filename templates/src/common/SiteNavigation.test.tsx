import { describe, expect, jest, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { TEMPLATES } from '../index';
import { generatorDefinition } from '../generator/definition';
import { siteNavigation, type Portfolio } from '../model';
import { everyKindPortfolio } from '../testing/portfolioShown';
import type { TemplatePageProps } from '../types';
import { SiteNavigationContext } from './SiteNavigation';

const PAGES: [string, ComponentType<TemplatePageProps>][] = [
  ...TEMPLATES.map((template) => [`template ${template.id}`, template.Page] as [string, ComponentType<TemplatePageProps>]),
  ['the generator', generatorDefinition.Page],
];

const site: Portfolio = {
  ...everyKindPortfolio(),
  pages: [
    { id: 'proj', slug: 'projects', title: 'Projects', inNavigation: true, sections: [] },
    { id: 'menu', slug: 'menu', title: 'मेनू 🍰', inNavigation: true, sections: [] },
    { id: 'hid', slug: 'hidden', title: 'Hidden', inNavigation: false, sections: [] },
  ],
};

describe.each(PAGES)("%s draws the site's navigation", (_, Page) => {
  test('on a page of a site of several pages: every page in the navigation, the one drawn marked', () => {
    render(
      <SiteNavigationContext.Provider value={{ links: siteNavigation(site, { current: 'proj' }) }}>
        <Page portfolio={site} />
      </SiteNavigationContext.Provider>,
    );
    const nav = screen.getByRole('navigation', { name: /pages$/ });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '../'],
      ['Projects', '../projects/'],
      ['मेनू 🍰', '../menu/'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Projects');
  });

  test('a site of one page (every row from before pages) draws none', () => {
    render(
      <SiteNavigationContext.Provider value={{ links: siteNavigation(everyKindPortfolio()) }}>
        <Page portfolio={everyKindPortfolio()} />
      </SiteNavigationContext.Provider>,
    );
    expect(screen.queryByRole('navigation', { name: /pages$/ })).toBeNull();
  });
});

test('in the editor a link of the navigation opens its page there instead of leaving', async () => {
  const onOpen = jest.fn();
  const [, Page] = PAGES[0]!;
  render(
    <SiteNavigationContext.Provider value={{ links: siteNavigation(site), onOpen }}>
      <Page portfolio={site} />
    </SiteNavigationContext.Provider>,
  );
  await userEvent.click(screen.getByRole('link', { name: 'Projects' }));
  expect(onOpen).toHaveBeenCalledWith('proj');
});
