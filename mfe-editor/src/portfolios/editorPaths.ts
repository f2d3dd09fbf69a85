import { HOME_PAGE_ID } from '@folioforge/templates';
import { editorPathOf, type PortfolioTemplateId } from '../templates/templateCatalog';

/** Where a portfolio of this template is edited. */
export function editorPathFor(templateId: PortfolioTemplateId, portfolioId: string): string {
  return `${editorPathOf(templateId)}?portfolio=${encodeURIComponent(portfolioId)}`;
}

/** The query parameter naming the page of the site being edited (`&page=<id>`); none: the home page. */
const PAGE_PARAM = 'page';

/** The page the address asks the editor to show, if it names one. */
export const pageOfSearch = (search: URLSearchParams): string | undefined => search.get(PAGE_PARAM) || undefined;

/** The same query, naming page `pageId` (the home page: named by no parameter). */
export function searchWithPage(search: URLSearchParams, pageId: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (pageId === HOME_PAGE_ID) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, pageId);
  return next;
}
