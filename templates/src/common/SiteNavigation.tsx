// The site's navigation between its pages, drawn by every template at the top of every page when
// the site has more than its home page (a one-page site looks as it always did). Plain links in a row
// that wraps: it works with scripts off at any width. The links come from `siteNavigation` through
// SiteNavigationContext: the renderer gives the published addresses; the editor's preview gives
// `onOpen`, which opens the page in the editor instead of leaving it.
import { createContext, useContext, type MouseEvent } from 'react';
import type { NavigationLink } from '../model';
import styles from './SiteNavigation.module.scss';

export interface SiteNavigationValue {
  links: readonly NavigationLink[];
  /** In the editor: show this page instead of following the link. */
  onOpen?: (pageId: string) => void;
}

export const SiteNavigationContext = createContext<SiteNavigationValue>({ links: [] });

export function SiteNavigation({ name }: { name: string }) {
  const { links, onOpen } = useContext(SiteNavigationContext);
  if (links.length < 2) return null;
  const open = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen) return;
    event.preventDefault();
    onOpen(id);
  };
  return (
    <nav className={styles.siteNav} aria-label={name.trim() ? `${name.trim()}: pages` : 'Pages'} data-site-nav="">
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={link.href} aria-current={link.current ? 'page' : undefined} onClick={open(link.id)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
