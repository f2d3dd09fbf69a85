// The contact form sends through the contact function (supabase/functions/contact), which looks up
// a signed-in sender's plan itself (customer care, priority for Premium) and passes the message on to
// EmailJS from the server: invokeFunction with the function's contract (_shared/contracts/contact.ts),
// through the page's one Supabase client, so the user's token goes with it when there is one.
// The function's refusals:
//   400 { error, fieldErrors?: { message?, user_name?, user_email? } }  a field is wrong (same rules as below)
//   429 { error, retryAfterSeconds } and Retry-After                       too many messages: when to try again
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  contactFieldProblems,
  FunctionCallError,
  invokeFunction,
  type ContactField,
  type ContactRequest,
  type FieldProblems,
} from '@folioforge/shared';
import { contactFunction } from '@folioforge/shared/functions';

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

/** Resolves only when the mail service accepted the message; rejects with a ContactSendError otherwise. */
export async function sendContactMessage(contact: ContactMessage): Promise<void> {
  try {
    await invokeFunction(contactFunction, { action: 'send', ...contact }, { refused: 'The message could not be sent.' });
  } catch (error) {
    if (!(error instanceof FunctionCallError)) {
      console.error('[mfe-content] no connection settings:', error);
      throw new ContactSendError('Sending messages is not set up on this page yet.', 0);
    }
    if (error.kind === 'unreachable') throw new ContactSendError('We could not reach the mail service.', 0);
    const fieldErrors: FieldProblems<ContactField> = {};
    for (const field of FIELDS) if (error.fieldErrors[field]) fieldErrors[field] = error.fieldErrors[field];
    throw new ContactSendError(error.message, error.status ?? 0, fieldErrors, error.retryAfterSeconds);
  }
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
