// Mails about a user's own account (the code that confirms a deletion, the note that it is done), sent
// from the server through EmailJS's REST API with a template of their own (EMAILJS_ACCOUNT_TEMPLATE_ID,
// whose To is {{to_email}}), so no mail address or text comes from a browser.
import { requireEnv, type Env } from './env.ts';

interface AccountMail {
  to: string;
  subject: string;
  message: string;
}

/** Sends one mail; throws when the mail service refused it. */
export async function sendAccountMail(env: Env, mail: AccountMail): Promise<void> {
  const answer = await fetch(`${requireEnv(env, 'EMAILJS_ORIGIN').replace(/\/+$/, '')}/api/v1.0/email/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      service_id: requireEnv(env, 'EMAILJS_SERVICE_ID'),
      template_id: requireEnv(env, 'EMAILJS_ACCOUNT_TEMPLATE_ID'),
      user_id: requireEnv(env, 'EMAILJS_PUBLIC_KEY'),
      ...(env('EMAILJS_PRIVATE_KEY') ? { accessToken: env('EMAILJS_PRIVATE_KEY') } : {}),
      template_params: { to_email: mail.to, from_name: 'FolioForge', subject: mail.subject, message: mail.message },
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!answer.ok) throw new Error(`the mail service answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
}
