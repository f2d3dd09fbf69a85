// What /design opens with: the template chosen on /templates (navigation state), else the last
// draft (a reload or a direct link), else template 1 with its sample values.
import type { TemplateDefinition, TemplateValues } from '@folioforge/templates';
import { parseDesignNavigationState, type TemplateId } from '@folioforge/shared';
import { DESIGN_DRAFT_KEY, readDraftDocument } from '../../drafts/draftStorage';
import { isFileKind, valuesFromDraftEntry } from '../../drafts/draftValues';
import { templateDefinition, toTemplateId } from '../../templates/templateCatalog';

export type OpeningSource = 'navigation' | 'draft' | 'default' | 'account';

export interface DesignOpening {
  templateId: TemplateId;
  values: TemplateValues;
  /** Files handed over in navigation state (the spec's selected record carries File objects). */
  files: Record<string, File>;
  source: OpeningSource;
}

/** `location.state.selectedTemplate`, if there is one. */
export const selectedTemplateOf = parseDesignNavigationState;

/**
 * The selected values over the sample values. Blank text keeps the sample, so every field opens
 * filled; keys the template does not have are dropped.
 */
export function valuesFromSelection(
  definition: TemplateDefinition,
  source: Record<string, unknown>,
): { values: TemplateValues; files: Record<string, File> } {
  const values: TemplateValues = { ...valuesFromDraftEntry(definition.fields, definition.sampleValues, undefined) };
  const files: Record<string, File> = {};
  for (const field of definition.fields) {
    const given = source[field.key];
    if (isFileKind(field)) {
      // Only a chosen File counts: a URL here is some bundle's copy of a sample picture (another
      // remote's address, gone with its next deploy), so this template's own sample stays.
      if (typeof File !== 'undefined' && given instanceof File) files[field.key] = given;
    } else if (typeof given === 'string' && given.trim() !== '') {
      values[field.key] = given;
    }
  }
  return { values, files };
}

export function resolveDesignOpening(locationState: unknown): DesignOpening {
  const selected = selectedTemplateOf(locationState);
  if (selected) {
    // As in the spec's app, an id that is not one of the four opens template 1.
    const selectedId = toTemplateId(selected.id) ?? 1;
    const { values, files } = valuesFromSelection(templateDefinition(selectedId), selected.values);
    return { templateId: selectedId, values, files, source: 'navigation' };
  }
  const document = readDraftDocument(DESIGN_DRAFT_KEY);
  const lastId = toTemplateId(document.lastEntryKey);
  if (lastId) {
    const definition = templateDefinition(lastId);
    return {
      templateId: lastId,
      values: valuesFromDraftEntry(definition.fields, definition.sampleValues, document.entries[String(lastId)]),
      files: {},
      source: 'draft',
    };
  }
  const first = templateDefinition(1);
  return { templateId: 1, values: { ...valuesFromDraftEntry(first.fields, first.sampleValues, undefined) }, files: {}, source: 'default' };
}
