// What a value of the portfolio model is (its kind), how long it may be, and how the editor names it.
// One description, read by the schema (limits, checks), the editor (which input, which label) and
// the renderer's fallback views: a field is described here once.

/** What a field holds, which decides its input, its validation and how a page links it. */
export type FieldKind = 'text' | 'longText' | 'email' | 'phone' | 'url' | 'image' | 'pdf';

/** Longest value per kind, in characters: generous for prose, tight for one-line values. */
export const FIELD_MAX_LENGTH: Readonly<Record<FieldKind, number>> = {
  text: 200,
  longText: 5000,
  email: 254,
  phone: 32,
  url: 2048,
  image: 2048,
  pdf: 2048,
};

export interface FieldSpec<Key extends string = string> {
  /** The key in the model (JSON Resume's name where one maps, e.g. `position`, `institution`). */
  key: Key;
  /** Label in the editor, e.g. 'Title'. An item's first field is numbered: 'Project 1 Title'. */
  label: string;
  kind: FieldKind;
  /** A shorter limit than the kind's, e.g. a price. */
  maxLength?: number;
  /** What to write, for sample content: 'Replace with <hint>'. Absent: the field starts empty. */
  hint?: string;
}

export const isFileKind = (kind: FieldKind): kind is 'image' | 'pdf' => kind === 'image' || kind === 'pdf';

export const maxLengthOf = (field: Pick<FieldSpec, 'kind' | 'maxLength'>): number => field.maxLength ?? FIELD_MAX_LENGTH[field.kind];
