import type { DetailsKey, DetailsValues, TemplateDefinition, TemplateValues } from './types';

/** The details popup's fields, in the spec's order, with their labels. */
export const DETAILS_FIELDS: readonly { key: DetailsKey; label: string; type: 'text' | 'url' | 'tel' | 'email' }[] = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'address', label: 'Address', type: 'text' },
  { key: 'github', label: 'GitHub Address', type: 'url' },
  { key: 'linkedin', label: 'LinkedIn Address', type: 'url' },
  { key: 'phone', label: 'Phone Number', type: 'tel' },
  { key: 'email', label: 'Email ID', type: 'email' },
];

export const EMPTY_DETAILS: DetailsValues = { name: '', address: '', github: '', linkedin: '', phone: '', email: '' };

/**
 * The template's sample values with the popup's values laid over the keys this template has
 * (definition.detailsKeys). Blank popup values keep the sample, so a half-filled popup still
 * gives a complete page.
 */
export function applyDetails(
  definition: Pick<TemplateDefinition, 'sampleValues' | 'detailsKeys'>,
  details: Partial<DetailsValues>,
): TemplateValues {
  const values: TemplateValues = { ...definition.sampleValues };
  for (const [detailsKey, valueKey] of Object.entries(definition.detailsKeys ?? {}) as [DetailsKey, string | undefined][]) {
    const typed = details[detailsKey]?.trim() ?? '';
    if (valueKey && typed !== '') values[valueKey] = typed;
  }
  return values;
}
