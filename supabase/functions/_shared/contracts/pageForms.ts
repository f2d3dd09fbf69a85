// What a published page's forms post, without script: the sign-up form (the subscribe function) and
// the message form (the page-message function), and the page address both name. The functions check
// these; the screens check the same fields with the rules of ../pageContracts.ts and
// ../pageMessages.ts, which hold no schema, so a page starts without zod.
import { z } from 'zod';
import { builtOnFirstUse } from '../builtOnFirstUse.ts';
import { emailAddressProblem, SUBSCRIBER_NAME_MAX_LENGTH, typedTextProblem } from '../pageContracts.ts';
import { PAGE_MESSAGE_LIMITS } from '../pageMessages.ts';
import { SLUG_PATTERN, slugProblem } from '../slugs.ts';

/** An address a page may have (/p/<slug>). */
export const slugSchema = builtOnFirstUse(() =>
  z.string().refine((candidate) => slugProblem(candidate) === undefined, {
    message: 'Use 3–40 lowercase letters, digits and dashes, starting and ending with a letter or digit.',
  }),
);

// ─── subscribe ───────────────────────────────────────────────────────────────────────────────
export const signUpForm = builtOnFirstUse(() =>
  z.object({
    portfolio: z.uuid(),
    slug: slugSchema(),
    email: z.string().refine((email) => emailAddressProblem(email) === undefined),
    name: z
      .string()
      .optional()
      .refine(
        (name) => !name || typedTextProblem(name, { label: 'your name', max: SUBSCRIBER_NAME_MAX_LENGTH, required: false }) === undefined,
      ),
  }),
);
export type SignUpForm = z.infer<ReturnType<typeof signUpForm>>;

// ─── page-message ────────────────────────────────────────────────────────────────────────────
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
