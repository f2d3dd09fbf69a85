// A message from a published page to its owner: the form's fields and rules, written once for the
// page-message function, the form the templates render (templates/src/forms, through
// @folioforge/shared) and /account, which lists what arrived.
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse.ts';
import { SLUG_PATTERN } from './slugs.ts';

/** The form's field names, as the page posts them. `website` is a trap: people leave it empty, bots fill it. */
export const PAGE_MESSAGE_FIELDS = {
  portfolio: 'portfolio',
  slug: 'slug',
  name: 'name',
  email: 'email',
  message: 'message',
  trap: 'website',
} as const;

export const PAGE_MESSAGE_LIMITS = { name: 120, email: 254, message: 5000 } as const;

/** Where the page's own notes are (`#message-sent`, `#message-failed`): the form is sent back to one of them. */
export const PAGE_MESSAGE_NOTES = { sent: 'message-sent', failed: 'message-failed' } as const;

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A field the visitor types: trimmed, not empty, at most `max` characters, none of `control`. */
const typedText = (max: number, whenEmpty: string, control: RegExp) =>
  z
    .string()
    .trim()
    .min(1, whenEmpty)
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !control.test(value), 'Use letters, not control characters');

export const pageMessageBody = builtOnFirstUse(() =>
  z.object({
    portfolio: z.uuid(),
    slug: z.string().regex(SLUG_PATTERN),
    name: typedText(PAGE_MESSAGE_LIMITS.name, 'Write your name', CONTROL),
    email: z.string().trim().max(PAGE_MESSAGE_LIMITS.email).pipe(z.email('Write an email address the owner can answer')),
    message: typedText(PAGE_MESSAGE_LIMITS.message, 'Write a message', CONTROL_BUT_LINES),
    website: z.string().max(500).optional(),
  }),
);
export type PageMessageBody = z.infer<ReturnType<typeof pageMessageBody>>;

/** The function's answer to a JSON request. */
export type PageMessageAnswer = { sent: true } | { error: string };
