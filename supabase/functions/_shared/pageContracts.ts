// The rules of what people type into the contact function and a published page's sign-up form (the
// subscribe function): checked by the function on the way in and by the screens before they send
// (shared/src/publishing/pageContracts.ts re-exports this file). The field rules carry the words shown
// beside a field, so the browser says what the server would refuse before it asks. The functions'
// requests and answers are in contracts/.
import type { ContactRequest } from './contracts/contact.ts';
import { hasControlCharacters } from './text.ts';

export type { ContactRequest };

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

// ─── subscribe (a published page's sign-up form, posted without script) ──────────────────────
export const SUBSCRIBER_NAME_MAX_LENGTH = 120;

/** Where the sign-up form sends a visitor back: a note on the page (CSS :target) says how it went. */
export const SIGN_UP_NOTES = {
  /** Sent for new and known addresses alike: a confirmation mail is on its way (or not needed). */
  pending: 'subscribe-check-mail',
  failed: 'subscribe-failed',
  confirmed: 'subscribe-confirmed',
  expired: 'subscribe-link-expired',
} as const;
