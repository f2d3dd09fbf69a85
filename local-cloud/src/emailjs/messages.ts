// Turns what @emailjs/browser sent into a mailbox message. The real service renders a template the
// account owner designed; locally there is no template, so the mail lists every parameter.
import type { MailMessage } from '../context.ts';

export type EmailjsParams = Record<string, string>;

const SITE_OWNER = 'owner@folioforge.local';

function firstOf(params: EmailjsParams, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = params[key];
    if (value && value.trim()) return value.trim();
  }
  return undefined;
}

export function toMailMessage(params: EmailjsParams): Omit<MailMessage, 'id' | 'createdAt' | 'links'> {
  const sender = firstOf(params, ['from_email', 'reply_to', 'email', 'user_email']) ?? 'visitor@unknown';
  const senderName = firstOf(params, ['from_name', 'name', 'user_name']);
  const subject = firstOf(params, ['subject', 'title']) ?? `Message from ${senderName ?? sender}`;
  const message = firstOf(params, ['message', 'msg', 'body']);
  const otherLines = Object.entries(params)
    .filter(([key]) => !['message', 'msg', 'body'].includes(key))
    .map(([key, value]) => `${key}: ${value}`);
  const text = [message, message ? '' : undefined, ...otherLines].filter((l): l is string => l !== undefined).join('\n');
  return {
    kind: 'emailjs',
    to: firstOf(params, ['to_email', 'to']) ?? SITE_OWNER,
    from: senderName ? `${senderName} <${sender}>` : sender,
    subject,
    text,
    meta: { ...params },
  };
}
