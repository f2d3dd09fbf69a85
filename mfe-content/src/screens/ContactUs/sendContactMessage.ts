// The contact form sends through the contact function (supabase/functions/contact), which looks up
// a signed-in sender's plan itself (customer care, priority for Premium) and passes the message on to
// EmailJS from the server. The page's one Supabase client sends the user's token when there is one.
// The function's refusals:
//   400 { error, fieldErrors?: { message?, user_name?, user_email? } }  a field is wrong (same rules as below)
//   429 { error, retryAfterSeconds } and Retry-After                       too many messages: when to try again
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  contactFieldProblems,
  loadSupabase,
  type ContactField,
  type ContactRequest,
  type FieldProblems,
} from '@folioforge/shared';

/** The contact form's fields, named as the EmailJS template expects them: message, user_name, user_email. */
export type ContactMessage = ContactRequest;
export type { ContactField };

export const MESSAGE_MAX_LENGTH = CONTACT_MESSAGE_MAX_LENGTH;
export const NAME_MAX_LENGTH = CONTACT_NAME_MAX_LENGTH;

/** The checks the contact function makes (the same rules), made first in the browser so most mistakes never travel. */
export function contactProblems(contact: ContactMessage): FieldProblems<ContactField> {
  return contactFieldProblems(contact);
}

/** A refusal or failure of the send, with what the function said about it. */
export class ContactSendError extends Error {
  override name = 'ContactSendError';
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
    readonly fieldErrors: FieldProblems<ContactField> = {},
    /** How long to wait before the next message, when the function said (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const FIELDS: readonly ContactField[] = ['message', 'user_name', 'user_email'];

function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && typeof (value as Response).json === 'function';
}

/** Reads the function's refusal from supabase-js's FunctionsHttpError (its `context` is the Response), trusting nothing in it. */
async function refusalOf(error: unknown): Promise<ContactSendError> {
  const context = typeof error === 'object' && error !== null ? (error as { context?: unknown }).context : undefined;
  if (!isResponse(context)) return new ContactSendError('We could not reach the mail service.', 0);
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await context.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the status still says what happened
  }
  const fieldErrors: FieldProblems<ContactField> = {};
  const given = typeof body.fieldErrors === 'object' && body.fieldErrors !== null ? (body.fieldErrors as Record<string, unknown>) : {};
  for (const field of FIELDS) if (typeof given[field] === 'string' && given[field]) fieldErrors[field] = given[field];
  const header = Number(context.headers?.get('Retry-After'));
  const retryAfterSeconds =
    typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds >= 0
      ? Math.ceil(body.retryAfterSeconds)
      : Number.isFinite(header) && header >= 0
        ? Math.ceil(header)
        : undefined;
  const message = typeof body.error === 'string' && body.error ? body.error : 'The message could not be sent.';
  return new ContactSendError(message, context.status, fieldErrors, retryAfterSeconds);
}

/** Resolves only when the mail service accepted the message; rejects with a ContactSendError otherwise. */
export async function sendContactMessage(contact: ContactMessage): Promise<void> {
  let client;
  try {
    client = await loadSupabase();
  } catch (error) {
    console.error('[mfe-content] no connection settings:', error);
    throw new ContactSendError('Sending messages is not set up on this page yet.', 0);
  }
  let answer;
  try {
    answer = await client.functions.invoke('contact', { body: { ...contact } });
  } catch {
    throw new ContactSendError('We could not reach the mail service.', 0);
  }
  if (answer.error) throw await refusalOf(answer.error);
}

/** "45 seconds", "1 minute", "2 minutes and 5 seconds": how long a wait is, in words. */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  if (!minutes) return unit(rest, 'second');
  return rest ? `${unit(minutes, 'minute')} and ${unit(rest, 'second')}` : unit(minutes, 'minute');
}

/** What went wrong, in words a visitor can act on (field problems and waits are shown on their own). */
export function describeSendFailure(error: unknown): string {
  if (error instanceof ContactSendError) {
    if (error.status === 0) return 'We could not reach the mail service. Please check your connection.';
    return /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something unexpected went wrong.';
}
