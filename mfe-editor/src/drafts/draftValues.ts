// Turning a screen's values into what a draft stores, and back: pure, so tests pin the rules.
import type { TemplateField, TemplateValues } from '@folioforge/templates';
import { isRichTextHtml, sanitizeRichText } from '@folioforge/shared';
import type { DraftEntry, StoredFileMeta } from './draftStorage';

export const isFileKind = (field: Pick<TemplateField, 'kind'>): boolean => field.kind === 'image' || field.kind === 'pdf';

/** Object and data URLs die with the page: never worth storing as text. */
const isPageLocalUrl = (value: string) => /^(blob|data):/i.test(value.trim());

/**
 * The draft entry for `values`. Text fields are stored as typed. File fields are stored only
 * when they differ from the sample (a bundled sample's hashed URL changes with every build, so
 * it is looked up again on restore); chosen files are listed in `files` and kept in IndexedDB.
 */
export function draftEntryFromValues(
  fields: readonly TemplateField[],
  sampleValues: TemplateValues,
  values: TemplateValues,
  chosenFiles: Readonly<Record<string, StoredFileMeta>>,
): Omit<DraftEntry, 'updatedAt'> {
  const stored: TemplateValues = {};
  const files: Record<string, StoredFileMeta> = {};
  for (const field of fields) {
    const value = values[field.key] ?? '';
    if (!isFileKind(field)) {
      stored[field.key] = value;
      continue;
    }
    const chosen = chosenFiles[field.key];
    if (chosen) files[field.key] = chosen;
    else if (value !== (sampleValues[field.key] ?? '') && !isPageLocalUrl(value)) stored[field.key] = value;
  }
  return { values: stored, files };
}

/** The values a stored entry describes (chosen files still to be loaded), over the sample values. */
export function valuesFromDraftEntry(
  fields: readonly TemplateField[],
  sampleValues: TemplateValues,
  entry: DraftEntry | undefined,
): TemplateValues {
  const values: TemplateValues = {};
  for (const field of fields) {
    const stored = entry?.values[field.key];
    values[field.key] = stored !== undefined && !isPageLocalUrl(stored) ? stored : (sampleValues[field.key] ?? '');
  }
  return values;
}

/**
 * Saving sanitises rich text (the long fields) against the allow-list, so a stored row holds only
 * what the editor can make. Remembers each field's last answer: a save during typing sanitises the
 * one field that changed, not all of them.
 */
export function richTextSanitizerFor(fields: readonly TemplateField[]): (values: TemplateValues) => TemplateValues {
  const richKeys = fields.filter((field) => field.kind === 'longText').map((field) => field.key);
  const last = new Map<string, { input: string; output: string }>();
  return (values) => {
    let result = values;
    for (const key of richKeys) {
      const input = values[key];
      if (input === undefined || !isRichTextHtml(input)) continue;
      let known = last.get(key);
      if (known?.input !== input) {
        known = { input, output: sanitizeRichText(input) };
        last.set(key, known);
      }
      if (known.output !== input) result = { ...result, [key]: known.output };
    }
    return result;
  };
}
