// The editor's one door to the shared template definitions, so screens depend on a single lookup.
// Ids come from the registry (one per template folder), never from a list written here; the free
// generator is one more way to show a portfolio, with its own screen (/portfo).
import {
  generatorDefinition,
  getTemplate,
  TEMPLATES,
  type Portfolio,
  type TemplateContent,
  type TemplateDefinition,
} from '@folioforge/templates';
import type { TemplateId } from '@folioforge/shared';

/** What a saved portfolio is shown with: a template id as text (the row's `template_id`) or the generator. */
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

/** A template's or the generator's content (name, labels, sample, page). */
export function contentOf(templateId: PortfolioTemplateId): TemplateContent {
  return templateId === 'generator' ? generatorDefinition : templateDefinition(toTemplateId(templateId) ?? 1);
}

export const templateName = (templateId: PortfolioTemplateId): string => contentOf(templateId).name;

/** What a portfolio on this device starts as: the template's sample (the generator starts blank). */
export const startingPortfolio = (templateId: PortfolioTemplateId): Portfolio => contentOf(templateId).sample;

/** Where a portfolio shown with this template is edited. */
export const editorPathOf = (templateId: PortfolioTemplateId): string => (templateId === 'generator' ? '/portfo' : '/design');

/** The title a new portfolio gets: the owner's name and the template's, or the template's alone. */
export const defaultTitleFor = (ownerName: string, templateId: PortfolioTemplateId): string =>
  (ownerName.trim() ? `${ownerName.trim()} · ${templateName(templateId)}` : templateName(templateId)).slice(0, 120);

/**
 * The title after switching from one template to another: one that still names the old template the
 * way a new title does (alone, or after " · ") names the new one; a title the owner chose stays.
 */
export function titleAfterSwitch(title: string, from: PortfolioTemplateId, to: PortfolioTemplateId): string {
  const oldName = templateName(from);
  if (title === oldName) return templateName(to);
  const suffix = ` · ${oldName}`;
  return title.endsWith(suffix) ? defaultTitleFor(title.slice(0, -suffix.length), to) : title;
}
