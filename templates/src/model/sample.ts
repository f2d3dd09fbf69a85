// Sample text: what a template's sample, or a new portfolio's prompts ("Replace with …"), put in a
// field until its owner writes their own. It is marked beside the content (`Portfolio.sample`: the
// paths of the fields that still hold it), so the editor shows it as a placeholder to replace and
// Publish lists what is still sample. Editing a field drops its mark (the editor's writeField); undo
// brings the value back with its mark, as both are in the portfolio it restores.
import { isFileKind } from './fields';
import { PROFILE_FIELDS, SECTION_KINDS, type ProfileKey } from './kinds';
import { fieldText, type Portfolio } from './portfolio';

/**
 * A field of a portfolio, as the editor names it:
 *   profile.<key>   social.<id>.url   section.<id>.<title|body>   item.<section id>.<item id>.<key>
 */
export type FieldPath = string;

/** How a new portfolio's prompts start: rows saved before the marks are upgraded by it. */
export const REPLACE_PREFIX = 'Replace with ';

/** The stated limits of the marks: one per text field of the largest portfolio, each path short. */
export const SAMPLE_LIMITS = { paths: 2000, pathLength: 200 } as const;

/** A text field of the portfolio, named in the editor's words ("Projects › Project 1 › Title"). */
export interface TextField {
  path: FieldPath;
  place: string;
  value: string;
}

/** Every text field that can hold sample text (not files, not the names of links), in the form's order. */
export function textFieldsOf(portfolio: Portfolio, labels: Partial<Record<ProfileKey, string>> = {}): TextField[] {
  const fields: TextField[] = PROFILE_FIELDS.filter((field) => !isFileKind(field.kind)).map((field) => ({
    path: `profile.${field.key}`,
    place: labels[field.key] ?? field.label,
    value: portfolio.profile[field.key],
  }));
  for (const link of portfolio.socials)
    fields.push({ path: `social.${link.id}.url`, place: `${link.network.trim() || 'Social'} link`, value: link.url });
  for (const section of portfolio.sections) {
    const spec = SECTION_KINDS[section.kind];
    const name = section.title.trim() || spec.label;
    fields.push({ path: `section.${section.id}.title`, place: `${name} › Title`, value: section.title });
    fields.push({
      path: `section.${section.id}.body`,
      place: `${name} › ${'bodyLabel' in spec ? spec.bodyLabel : 'Text'}`,
      value: section.body,
    });
    section.items.forEach((item, index) => {
      for (const field of spec.fields)
        if (!isFileKind(field.kind))
          fields.push({
            path: `item.${section.id}.${item.id}.${field.key}`,
            place: `${name} › ${spec.itemLabel} ${index + 1} › ${field.label}`,
            value: fieldText(item, field.key),
          });
    });
  }
  return fields;
}

/** The portfolio with every field that says something marked as sample (a template's sample). */
export function markedAsSample(portfolio: Portfolio): Portfolio {
  return { ...portfolio, sample: textFieldsOf(portfolio).flatMap((field) => (field.value.trim() ? [field.path] : [])) };
}

/** Whether the field still holds sample text. */
export const isSampleField = (portfolio: Pick<Portfolio, 'sample'>, path: FieldPath): boolean => portfolio.sample?.includes(path) ?? false;

/** The fields still holding sample text that the page shows something of, for Publish to list. */
export function sampleFieldsOf(portfolio: Portfolio, labels?: Partial<Record<ProfileKey, string>>): TextField[] {
  if (!portfolio.sample?.length) return [];
  const marked = new Set(portfolio.sample);
  return textFieldsOf(portfolio, labels).filter((field) => marked.has(field.path) && field.value.trim() !== '');
}

/** The portfolio with the field's mark gone (its owner wrote in it); the same object when it had none. */
export function withoutSampleMark(portfolio: Portfolio, path: FieldPath): Portfolio {
  if (!isSampleField(portfolio, path)) return portfolio;
  return { ...portfolio, sample: portfolio.sample!.filter((marked) => marked !== path) };
}

/** Marks for the same fields after sections, items and links took new ids (old id → new id). */
export function renamedSampleMarks(sample: readonly FieldPath[], newIds: ReadonlyMap<string, string>): FieldPath[] {
  return sample.map((path) => {
    const [scope, ...rest] = path.split('.');
    const ids = scope === 'item' ? 2 : scope === 'section' || scope === 'social' ? 1 : 0;
    return [scope, ...rest.map((part, index) => (index < ids ? (newIds.get(part) ?? part) : part))].join('.');
  });
}

/** Marks for a portfolio saved before them: its "Replace with …" prompts are what is sample. */
export function upgradedSampleMarks(portfolio: Portfolio): FieldPath[] {
  const prompt = new RegExp(`^(<[^>]*>)*${REPLACE_PREFIX}`);
  return textFieldsOf(portfolio).flatMap((field) => (prompt.test(field.value) ? [field.path] : []));
}
