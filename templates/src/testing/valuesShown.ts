// Test helper: which of a template's values a rendered preview fails to show.
import type { TemplateDefinition, TemplateValues } from '../types';

/** Keys whose value is not visible in `container` (text, a link's href or an image's src). */
export function missingValues(
  container: HTMLElement,
  definition: Pick<TemplateDefinition, 'fields' | 'sampleValues'>,
  values: TemplateValues,
): string[] {
  const text = container.textContent ?? '';
  const hrefs = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
  const srcs = Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));
  return definition.fields
    .filter(({ key, kind }) => {
      const value = values[key] ?? '';
      if (value === '') return false;
      if (kind === 'image') return !srcs.includes(value);
      if (kind === 'pdf') return !hrefs.includes(value);
      if (kind === 'url') return !hrefs.includes(value) && !text.includes(value);
      return !text.includes(value);
    })
    .map(({ key }) => key);
}

/** Sample values with the file fields pointed at distinct https URLs (jest stubs every asset alike). */
export function withDistinctFiles(definition: Pick<TemplateDefinition, 'fields' | 'sampleValues'>): TemplateValues {
  const values = { ...definition.sampleValues };
  for (const field of definition.fields) {
    if (field.kind === 'image') values[field.key] = `https://files.example.com/${field.key}.png`;
    if (field.kind === 'pdf') values[field.key] = `https://files.example.com/${field.key}.pdf`;
  }
  return values;
}
