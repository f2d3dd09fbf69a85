import { describe, expect, test } from '@jest/globals';
import { render } from '@testing-library/react';
import { TEMPLATES } from './index';
import type { TemplateField } from './types';
import { missingValues, withDistinctFiles } from './testing/valuesShown';

// The previews redraw section by section (each memoised on the values it shows): every field,
// edited on its own, must still reach the page at once.
function editedValue({ key, kind }: TemplateField): string {
  if (kind === 'url') return `https://edited.example.com/${key}`;
  if (kind === 'email') return `edited.${key}@example.com`;
  if (kind === 'phone') return '+91 90000 12345';
  if (kind === 'image') return `https://files.example.com/edited-${key}.png`;
  if (kind === 'pdf') return `https://files.example.com/edited-${key}.pdf`;
  return `Edited ${key}`;
}

describe.each(TEMPLATES.map((template) => [template.id, template] as const))('template %i preview', (_id, template) => {
  test("shows each field's new value as soon as that one field is edited", () => {
    let values = withDistinctFiles(template);
    const { container, rerender } = render(<template.Preview values={values} />);
    for (const field of template.fields) {
      values = { ...values, [field.key]: editedValue(field) };
      rerender(<template.Preview values={values} />);
      expect({ edited: field.key, missing: missingValues(container, template, values) }).toEqual({ edited: field.key, missing: [] });
    }
  });
});
