import { editorPathOf, type PortfolioTemplateId } from '../templates/templateCatalog';

/** Where a portfolio of this template is edited. */
export function editorPathFor(templateId: PortfolioTemplateId, portfolioId: string): string {
  return `${editorPathOf(templateId)}?portfolio=${encodeURIComponent(portfolioId)}`;
}
