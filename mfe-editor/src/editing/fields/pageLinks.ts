// Links between the pages of a site are chosen from a list of its pages and stored as `page:<id>`
// (templates/src/model/site.ts), so they still lead there when a page is renamed or moves. The fields
// that can hold such a link read the site's pages from this context; without it (no site around the
// field) they offer addresses only.
import { createContext, useContext } from 'react';
import { isPageHref } from '@folioforge/shared';
import type { PageLinkChoice } from '@folioforge/templates';

export const PageLinkChoicesContext = createContext<readonly PageLinkChoice[] | null>(null);

/** The pages a link in this part of the editor can lead to; null where only addresses are offered. */
export const usePageLinkChoices = (): readonly PageLinkChoice[] | null => useContext(PageLinkChoicesContext);

/** What a link leads to, as its field says it: an address, a page of the site (by its current title), or a removed page. */
export type LinkTarget = { kind: 'address' } | { kind: 'page'; title: string } | { kind: 'removedPage' };

export function linkTargetOf(href: string, choices: readonly PageLinkChoice[] | null): LinkTarget {
  const value = href.trim();
  if (!isPageHref(value)) return { kind: 'address' };
  const choice = choices?.find((candidate) => candidate.href === value);
  return choice ? { kind: 'page', title: choice.title } : { kind: 'removedPage' };
}

/** Said beside a field whose link names a page the site no longer has. */
export const REMOVED_PAGE_MESSAGE = 'This link led to a page that was removed: choose another page or type an address.';

/** The option of a page chooser that stands for "an address, typed in the field". */
export const ADDRESS_CHOICE = '';
