import type { TemplateDefinition } from './types';
import { TEMPLATE_FOLDERS } from './registry.generated';
import { markedAsSample } from './model';
import { withShop } from './common/shop';

/**
 * Every template, in catalog order (by id): one per folder with a template.json. Its sample's text is
 * marked as sample (model/sample.ts): whoever starts from it is asked to replace it before publishing.
 * Its Page gives the portfolio's shop (currency) to the product views in it.
 */
export const TEMPLATES: readonly TemplateDefinition[] = Object.freeze(
  TEMPLATE_FOLDERS.map((template) => ({ ...template, Page: withShop(template.Page), sample: markedAsSample(template.sample) })),
);

/** The template with this id (as a number or canonical numeric string), or undefined. */
export function getTemplate(id: unknown): TemplateDefinition | undefined {
  const numeric = typeof id === 'string' && /^[1-9][0-9]*$/.test(id) ? Number(id) : id;
  return TEMPLATES.find((template) => template.id === numeric);
}
