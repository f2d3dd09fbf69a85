// The contact form sends through the contact function (supabase/functions/contact), which looks up
// a signed-in sender's plan itself (customer care, priority for Premium) and passes the message on to
// EmailJS from the server. The page's one Supabase client sends the user's token when there is one.
import { functionFailureOf, loadSupabase } from '@folioforge/shared';

/** The contact form's fields, named as the EmailJS template expects them: message, user_name, user_email. */
export interface ContactMessage {
  message: string;
  user_name: string;
  user_email: string;
}

/** A refusal or failure of the send, with the HTTP status when there was an answer. */
export class ContactSendError extends Error {
  override name = 'ContactSendError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Resolves only when the mail service accepted the message; rejects with what went wrong otherwise. */
export async function sendContactMessage(contact: ContactMessage): Promise<void> {
  let client;
  try {
    client = await loadSupabase();
  } catch (error) {
    console.error('[mfe-content] no connection settings:', error);
    throw new ContactSendError('Sending messages is not set up on this page yet.');
  }
  const { error } = await client.functions.invoke('contact', { body: { ...contact } });
  if (!error) return;
  const failure = await functionFailureOf(error);
  throw new ContactSendError(failure.message ?? 'The message could not be sent.', failure.status ?? 0);
}

/** What went wrong, in words a visitor can act on. */
export function describeSendFailure(error: unknown): string {
  if (error instanceof ContactSendError) {
    // No answer at all: the request never reached FolioForge.
    if (error.status === 0) return 'We could not reach the mail service. Please check your connection.';
    if (error.status === 429) return 'Too many messages were sent just now. Please wait a minute.';
    return /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  }
  if (error instanceof TypeError) return 'We could not reach the mail service. Please check your connection.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something unexpected went wrong.';
}

/** A light format check for a hint only; the visitor may still send (the spec has no validation). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
