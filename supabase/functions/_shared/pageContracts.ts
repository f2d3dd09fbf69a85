// What the browser (and a published page's form) may send the publish, contact and subscribe
// functions, and what they answer: one zod schema per request and answer, checked by the function on
// the way in and by the screens on the way back (shared/src/publishing/pageContracts.ts re-exports
// this file). The field rules carry the words shown beside a field, so the browser says what the
// server would refuse before it asks.
import { z } from 'zod';
import { slugProblem } from './slugs.ts';
import { hasControlCharacters } from './text.ts';

// ─── publish ─────────────────────────────────────────────────────────────────────────────────
export const slugSchema = z.string().refine((candidate) => slugProblem(candidate) === undefined, {
  message: 'Use 3–40 lowercase letters, digits and dashes, starting and ending with a letter or digit.',
});

const portfolioId = z.uuid();
const domain = z.string().max(253);

export const publishRequest = z.discriminatedUnion('action', [
  /** Renders the saved row into a static page at /p/<slug> (or updates it, or moves it). */
  z.object({ action: z.literal('publish'), portfolioId, slug: slugSchema }),
  /** Takes the page down: its address is free again. */
  z.object({ action: z.literal('unpublish'), portfolioId }),
  /** Takes the page down if it is up, then deletes the portfolio and its files. */
  z.object({ action: z.literal('delete'), portfolioId }),
  /** The same static site as a zip (free for everyone). */
  z.object({ action: z.literal('export'), portfolioId }),
  /** Premium: the monogram logo and share images (SVG). */
  z.object({ action: z.literal('brand-kit'), portfolioId }),
  /** Checks a custom domain's DNS proof now; once proven, the site answers that host with the page. */
  z.object({ action: z.literal('verify-domain'), domain }),
  /** Gives a custom domain up. */
  z.object({ action: z.literal('remove-domain'), domain }),
  /** The service role's: removes what no published row owns and applies lapsed plans. */
  z.object({ action: z.literal('sweep'), graceSeconds: z.number().int().min(0).max(86_400).optional() }),
]);
export type PublishRequest = z.infer<typeof publishRequest>;

/** The answer to publish: where the page is now, and whether it carries the FolioForge badge. */
export const publishedPageAnswer = z.object({ slug: z.string(), url: z.url(), badge: z.boolean() });
export type PublishedPage = z.infer<typeof publishedPageAnswer>;

/** The answer to unpublish: the address the page had, now free (null when it was not published). */
export const unpublishedAnswer = z.object({ published: z.literal(false), freedSlug: z.string().nullable() });
export type UnpublishedPage = z.infer<typeof unpublishedAnswer>;

/** The answer to delete. */
export const deletedAnswer = z.object({ deleted: z.literal(true), freedSlug: z.string().nullable() });

export const brandImageSchema = z.object({ name: z.string(), width: z.number(), height: z.number(), svg: z.string() });
export const brandKitAnswer = z.object({ logo: z.string(), images: z.array(brandImageSchema) });
export type BrandKit = z.infer<typeof brandKitAnswer>;

export const domainCheckAnswer = z.object({
  domain: z.string(),
  verified: z.boolean(),
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
});
export const domainRemovedAnswer = z.object({ domain: z.string(), removed: z.literal(true) });

/** What a sweep did. */
export const sweepAnswer = z.object({
  pagesRemoved: z.number(),
  filesRemoved: z.number(),
  domainMapsRemoved: z.number(),
  domainMapsWritten: z.number(),
  pagesRenderedAgain: z.number(),
});
export type SweepReport = z.infer<typeof sweepAnswer>;

/** Every refusal: a message fit to show (and, for a form, which fields are wrong). */
export const functionErrorAnswer = z.object({
  error: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
});

// ─── contact ─────────────────────────────────────────────────────────────────────────────────
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const CONTACT_NAME_MAX_LENGTH = 200;
/** Most addresses are longer than this only by mistake (RFC 5321 caps a path at 254). */
export const EMAIL_MAX_LENGTH = 254;
/** name@host.tld: no spaces, one @, a dot in the host, an ending of two letters or more. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** What is wrong with an email address, or undefined when it looks like one. */
export function emailAddressProblem(value: string, { required = true }: { required?: boolean } = {}): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required ? 'Enter your email address.' : undefined;
  if (trimmed.length > EMAIL_MAX_LENGTH) return `Use at most ${EMAIL_MAX_LENGTH} characters.`;
  if (hasControlCharacters(trimmed) || !EMAIL_SHAPE.test(trimmed)) return 'Enter an email address like name@example.com.';
  return undefined;
}

/** What is wrong with a typed text, or undefined: empty (spaces count as empty), too long, or holding control characters. */
export function typedTextProblem(
  value: string,
  { label, max, required = true, multiline = false }: { label: string; max: number; required?: boolean; multiline?: boolean },
): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required ? `Enter ${label}.` : undefined;
  if (trimmed.length > max) return `Use at most ${max.toLocaleString('en')} characters (now ${trimmed.length.toLocaleString('en')}).`;
  if (hasControlCharacters(trimmed, { multiline }))
    return multiline ? `Remove the invisible control characters from ${label}.` : `Write ${label} on one line, without control characters.`;
  return undefined;
}

/** The contact form's fields, named as the EmailJS template expects them. */
export const contactRequest = z.object({
  message: z.string().max(CONTACT_MESSAGE_MAX_LENGTH * 2),
  user_name: z.string().max(CONTACT_NAME_MAX_LENGTH * 2),
  user_email: z.string().max(EMAIL_MAX_LENGTH * 2),
});
export type ContactRequest = z.infer<typeof contactRequest>;
export type ContactField = keyof ContactRequest;

/** Each field's problem, in the words shown beside it (empty when the message may go). */
export function contactFieldProblems(contact: ContactRequest): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {
    message: typedTextProblem(contact.message, { label: 'your message', max: CONTACT_MESSAGE_MAX_LENGTH, multiline: true }),
    user_name: typedTextProblem(contact.user_name, { label: 'your name', max: CONTACT_NAME_MAX_LENGTH, required: false }),
    user_email: emailAddressProblem(contact.user_email),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined));
}

export const contactAnswer = z.object({ sent: z.literal(true), priority: z.boolean() });

// ─── subscribe (a published page's sign-up form, posted without script) ──────────────────────
export const SUBSCRIBER_NAME_MAX_LENGTH = 120;

export const signUpForm = z.object({
  portfolio: z.uuid(),
  slug: slugSchema,
  email: z.string().refine((email) => emailAddressProblem(email) === undefined),
  name: z
    .string()
    .optional()
    .refine(
      (name) => !name || typedTextProblem(name, { label: 'your name', max: SUBSCRIBER_NAME_MAX_LENGTH, required: false }) === undefined,
    ),
});
export type SignUpForm = z.infer<typeof signUpForm>;

/** Where the sign-up form sends a visitor back: a note on the page (CSS :target) says how it went. */
export const SIGN_UP_NOTES = {
  /** Sent for new and known addresses alike: a confirmation mail is on its way (or not needed). */
  pending: 'subscribe-check-mail',
  failed: 'subscribe-failed',
  confirmed: 'subscribe-confirmed',
  expired: 'subscribe-link-expired',
} as const;
