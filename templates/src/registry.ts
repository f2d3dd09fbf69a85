import type { TemplateDefinition } from './types';
import { personalPortfolioTemplate } from './personal/definition';
import { ecommerceTemplate } from './ecommerce/definition';
import { professionalPortfolioTemplate } from './professional/definition';
import { ecommercePortfolioTemplate } from './ecommercePortfolio/definition';

/** The four templates, in catalog order (ids 1–4). */
export const TEMPLATES: readonly TemplateDefinition[] = Object.freeze([
  personalPortfolioTemplate,
  ecommerceTemplate,
  professionalPortfolioTemplate,
  ecommercePortfolioTemplate,
]);

/** The template with this id (1–4, as a number or numeric string), or undefined. */
export function getTemplate(id: unknown): TemplateDefinition | undefined {
  const numeric = typeof id === 'string' && id.trim() !== '' ? Number(id) : id;
  return TEMPLATES.find((template) => template.id === numeric);
}
