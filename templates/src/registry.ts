import type { TemplateDefinition } from './types';
import { TEMPLATE_FOLDERS } from './registry.generated';

/** Every template, in catalog order (by id): one per folder with a template.json. */
export const TEMPLATES: readonly TemplateDefinition[] = Object.freeze([...TEMPLATE_FOLDERS]);

/** The template with this id (as a number or canonical numeric string), or undefined. */
export function getTemplate(id: unknown): TemplateDefinition | undefined {
  const numeric = typeof id === 'string' && /^[1-9][0-9]*$/.test(id) ? Number(id) : id;
  return TEMPLATES.find((template) => template.id === numeric);
}
