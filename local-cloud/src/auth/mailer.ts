import type { LocalCloudContext } from '../context.ts';
import { AuthError } from './errors.ts';

/** GoTrue's mails that carry a link and a code (a magic link is a recovery token with another text). */
export type MailType = 'signup' | 'recovery' | 'email_change' | 'magiclink';

/** GoTrue's default subjects; config.toml's `[auth.email.template.*] subject` replaces them. */
const SUBJECTS: Record<MailType, string> = {
  signup: 'Confirm your signup',
  recovery: 'Reset your password',
  email_change: 'Confirm email change',
  magiclink: 'Your Magic Link',
};

const INTROS: Record<MailType, string> = {
  signup: 'Follow this link to confirm your FolioForge account:',
  recovery: 'Follow this link to reset the password of your FolioForge account:',
  email_change: 'Follow this link to confirm the new email address of your FolioForge account:',
  magiclink: 'Follow this link to sign in to FolioForge:',
};

/** The columns of auth.users a mail type's token and its time go to: magic links share the recovery
 * token and its timer, as in GoTrue; an email change's link goes to the new address's token. */
export function tokenColumnsOf(type: MailType): { token: string; sentAt: string } {
  if (type === 'signup') return { token: 'confirmation_token', sentAt: 'confirmation_sent_at' };
  if (type === 'email_change') return { token: 'email_change_token_new', sentAt: 'email_change_sent_at' };
  return { token: 'recovery_token', sentAt: 'recovery_sent_at' };
}

const frequencyKey = (type: MailType | 'reauthentication') => (type === 'magiclink' ? 'recovery' : type);

/** Limits how often one address gets the same kind of mail, like GoTrue's SMTP max frequency. */
export class EmailFrequencyGuard {
  private lastSent = new Map<string, number>();
  constructor(private readonly intervalSeconds: number) {}

  check(email: string, type: MailType | 'reauthentication', now = Date.now()): void {
    const key = `${frequencyKey(type)}:${email}`;
    const last = this.lastSent.get(key);
    if (last !== undefined && now - last < this.intervalSeconds * 1000) {
      const wait = Math.ceil((this.intervalSeconds * 1000 - (now - last)) / 1000);
      throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
    }
  }

  record(email: string, type: MailType | 'reauthentication', now = Date.now()): void {
    this.lastSent.set(`${frequencyKey(type)}:${email}`, now);
  }
}

export function verifyLink(ctx: LocalCloudContext, tokenHash: string, type: MailType, redirectTo: string): string {
  const q = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${ctx.config.publicUrl}/auth/v1/verify?${q.toString()}`;
}

export async function sendAuthMail(
  ctx: LocalCloudContext,
  mail: { to: string; type: MailType; otp: string; link: string; subject?: string },
): Promise<void> {
  const { to, type, otp, link } = mail;
  await ctx.mailbox.add({
    kind: 'auth',
    to,
    from: 'FolioForge <noreply@folioforge.local>',
    subject: mail.subject ?? SUBJECTS[type],
    text: `${INTROS[type]}\n\n${link}\n\nOr enter this code: ${otp}\n`,
    links: [link],
    meta: { type, otp, link },
  });
}

/** The reauthentication mail: a code only, for a password change (GoTrue's reauthentication template). */
export async function sendReauthenticationMail(ctx: LocalCloudContext, to: string, otp: string): Promise<void> {
  await ctx.mailbox.add({
    kind: 'auth',
    to,
    from: 'FolioForge <noreply@folioforge.local>',
    subject: 'Confirm reauthentication',
    text: `Enter this code to confirm it is you: ${otp}\n\nIf you did not ask to change your password, someone may be signed in to your account: change it from a device you trust.\n`,
    links: [],
    meta: { type: 'reauthentication', otp },
  });
}

/** GoTrue's security notifications when a second factor is added or removed (`[auth.email.notification]`). */
export async function sendFactorNotification(ctx: LocalCloudContext, to: string, change: 'enrolled' | 'unenrolled'): Promise<void> {
  const subject = change === 'enrolled' ? 'A new MFA factor was enrolled' : 'An MFA factor was removed';
  const text =
    change === 'enrolled'
      ? 'An authenticator app was added to your FolioForge account for two-factor sign-in.'
      : 'An authenticator app was removed from the two-factor sign-in of your FolioForge account.';
  await ctx.mailbox.add({
    kind: 'auth',
    to,
    from: 'FolioForge <noreply@folioforge.local>',
    subject,
    text: `${text}\n\nIf this was not you, change your password and review your account's security at once.\n`,
    links: [],
    meta: { type: `mfa_factor_${change}` },
  });
}
