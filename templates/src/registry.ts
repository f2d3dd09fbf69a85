import type { TemplateDefinition } from './types';
import { personalPortfolioTemplate } from './personal/definition';
import { ecommerceTemplate } from './ecommerce/definition';
import { professionalPortfolioTemplate } from './professional/definition';
import { ecommercePortfolioTemplate } from './ecommercePortfolio/definition';

/** The four templates, in catalogue order (ids 1–4). */
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

/**
 * The template the design screen shows for an id: the spec shows template 1 for any id that is not
 * one of the others, so an unknown id still gives an editor rather than a blank panel.
 */
export function getTemplateOrDefault(id: unknown): TemplateDefinition {
  return getTemplate(id) ?? personalPortfolioTemplate;
}
