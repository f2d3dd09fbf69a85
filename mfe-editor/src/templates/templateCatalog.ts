// The editor's one door to the shared template definitions, so screens depend on a single lookup.
// Ids come from the registry (one per template folder), never from a list written here.
import { getTemplate, TEMPLATES, type TemplateDefinition } from '@folioforge/templates';
import type { TemplateId } from '@folioforge/shared';

/** What a saved portfolio was made with: a template id as text (the row's `template_id`) or the generator. */
export type PortfolioTemplateId = `${TemplateId}` | 'generator';

export function toTemplateId(value: unknown): TemplateId | undefined {
  return getTemplate(value)?.id;
}

export function isPortfolioTemplateId(value: unknown): value is PortfolioTemplateId {
  return value === 'generator' || (typeof value === 'string' && TEMPLATES.some((template) => String(template.id) === value));
}

/** The definition of a template id; the registry has every id the type allows, so a miss is a programming error. */
export function templateDefinition(id: TemplateId): TemplateDefinition {
  const definition: TemplateDefinition | undefined = getTemplate(id);
  if (!definition) throw new Error(`Template ${id} has no folder in @folioforge/templates`);
  return definition;
}
