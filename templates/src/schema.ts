// One validation for a template's values, shared by the editor (before saving) and the server side
// (the payment/publish paths), so both agree on what a saved portfolio may hold.
import { z } from 'zod';
import type { FieldKind, TemplateDefinition, TemplateValues } from './types';
import { isSafeHref, withoutControlCharacters } from '@folioforge/shared';

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

const PHONE = /^\+?[\d\s().-]{3,32}$/;

/**
 * Stored files are saved by their http(s) URL (Storage public/signed URL) or a same-origin path
 * (a bundled sample). blob: and data: URLs live only in one tab, so they are refused: upload first.
 */
function isStorableFileUrl(value: string): boolean {
  if (/^https?:\/\//i.test(value)) return isSafeHref(value);
  return value.startsWith('/') && !value.startsWith('//');
}

function fieldSchema(kind: FieldKind): z.ZodType<string> {
  // Control characters are dropped before anything else (line breaks kept in long text only): they
  // would reach the page, the share card and the brand kit's SVG, which cannot hold them.
  const base = z
    .string()
    .overwrite((value) => withoutControlCharacters(value, { multiline: kind === 'longText' }))
    .trim()
    .max(FIELD_MAX_LENGTH[kind]);
  // Every field may be empty: the spec has no required fields, a visitor saves drafts as they go.
  switch (kind) {
    case 'email':
      return base.refine((value) => value === '' || z.email().safeParse(value).success, {
        message: 'Enter an email address like name@example.com',
      });
    case 'phone':
      return base.refine((value) => value === '' || PHONE.test(value), { message: 'Enter a phone number: digits, spaces, + ( ) - only' });
    case 'url':
      return base.refine((value) => value === '' || isSafeHref(value), { message: 'Enter a link starting with https://, mailto: or tel:' });
    case 'image':
    case 'pdf':
      return base.refine((value) => value === '' || isStorableFileUrl(value), { message: 'Upload the file before saving' });
    default:
      return base;
  }
}

export type TemplateValuesSchema = z.ZodType<TemplateValues, Partial<TemplateValues>>;

/**
 * Zod schema of a template's values: exactly the definition's keys (others are dropped), each a
 * string (missing ones become ''), trimmed, length-limited, emails/phones/links checked by kind.
 * `schema.safeParse(values)` on the client and on the server.
 */
export function templateValuesSchema(definition: Pick<TemplateDefinition, 'fields'>): TemplateValuesSchema {
  const shape: Record<string, z.ZodType> = {};
  for (const field of definition.fields) shape[field.key] = fieldSchema(field.kind).default('');
  return z.object(shape) as unknown as TemplateValuesSchema;
}
