// The SDK's default object (not its named exports), so tests can replace its methods.
import emailjs from '@emailjs/browser';
import { getRuntimeConfig, type RuntimeConfig } from '@folioforge/shared';

/** The contact form's fields, named as the EmailJS template expects them: message, user_name, user_email. */
export interface ContactMessage {
  message: string;
  user_name: string;
  user_email: string;
}

/**
 * Sends the visitor's message through EmailJS to the deployment's endpoint (local-cloud's sink
 * locally). Resolves only when the service accepted it; rejects with the service's answer otherwise.
 */
export async function sendContactMessage(contact: ContactMessage): Promise<void> {
  let settings: RuntimeConfig['emailjs'];
  try {
    settings = getRuntimeConfig().emailjs;
  } catch (error) {
    console.error('[mfe-content] no EmailJS settings:', error);
    throw new Error('Sending messages is not set up on this page yet.');
  }
  const { origin, publicKey, serviceId, templateId } = settings;
  // In @emailjs/browser 4.4.1 only init() sets the origin requests go to (send's options do not),
  // so init on every send: cheap, and a config change is picked up. Headless browsers are allowed,
  // so automated checks of the page reach the sink too.
  emailjs.init({ publicKey, origin, blockHeadless: false });
  await emailjs.send(serviceId, templateId, { ...contact }, { publicKey });
}

/** What went wrong, in words a visitor can act on. EmailJS rejects with {status, text}, not an Error. */
export function describeSendFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const text = 'text' in error && typeof error.text === 'string' ? error.text.trim() : '';
    // Status 0 is the SDK's "Network Error": the request never got an answer.
    if (error.status === 0) return 'We could not reach the mail service. Please check your connection.';
    if (error.status === 429) return 'Too many messages were sent just now. Please wait a minute.';
    if (!text) return `The mail service refused the message (error ${error.status}).`;
    return `The mail service refused the message: ${/[.!?]$/.test(text) ? text : `${text}.`}`;
  }
  if (error instanceof TypeError) return 'We could not reach the mail service. Please check your connection.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something unexpected went wrong.';
}

/** A light format check for a hint only; the visitor may still send (the spec has no validation). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
