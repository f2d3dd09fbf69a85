// The editor's one door to the shared template definitions, so screens depend on a single lookup.
import { getTemplate, type TemplateDefinition } from '@folioforge/templates';
import type { TemplateId } from '@folioforge/shared';

export const TEMPLATE_IDS: readonly TemplateId[] = [1, 2, 3, 4];

export function isTemplateId(value: unknown): value is TemplateId {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && (TEMPLATE_IDS as readonly number[]).includes(id);
}

export function toTemplateId(value: unknown): TemplateId | undefined {
  if (!isTemplateId(value)) return undefined;
  return Number(value) as TemplateId;
}

/** The definition of a template id; the catalog has all four, so a miss is a programming error. */
export function templateDefinition(id: TemplateId): TemplateDefinition {
  const definition: TemplateDefinition | undefined = getTemplate(id);
  if (!definition) throw new Error(`Template ${id} has no definition in @folioforge/shared`);
  return definition;
}
