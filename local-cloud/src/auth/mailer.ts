import type { LocalCloudContext } from '../context.ts';
import { AuthError } from './errors.ts';

export type MailType = 'signup' | 'recovery' | 'email_change';

const SUBJECTS: Record<MailType, string> = {
  signup: 'Confirm your signup',
  recovery: 'Reset your password',
  email_change: 'Confirm email change',
};

const INTROS: Record<MailType, string> = {
  signup: 'Follow this link to confirm your FolioForge account:',
  recovery: 'Follow this link to reset the password of your FolioForge account:',
  email_change: 'Follow this link to confirm the new email address of your FolioForge account:',
};

/** Limits how often one address gets the same kind of mail, like GoTrue's SMTP max frequency. */
export class EmailFrequencyGuard {
  private lastSent = new Map<string, number>();
  constructor(private readonly intervalSeconds: number) {}

  check(email: string, type: MailType, now = Date.now()): void {
    const key = `${type}:${email}`;
    const last = this.lastSent.get(key);
    if (last !== undefined && now - last < this.intervalSeconds * 1000) {
      const wait = Math.ceil((this.intervalSeconds * 1000 - (now - last)) / 1000);
      throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
    }
  }

  record(email: string, type: MailType, now = Date.now()): void {
    this.lastSent.set(`${type}:${email}`, now);
  }
}

export function verifyLink(ctx: LocalCloudContext, tokenHash: string, type: MailType, redirectTo: string): string {
  const q = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${ctx.config.publicUrl}/auth/v1/verify?${q.toString()}`;
}

export async function sendAuthMail(ctx: LocalCloudContext, to: string, type: MailType, otp: string, link: string): Promise<void> {
  await ctx.mailbox.add({
    kind: 'auth',
    to,
    from: 'FolioForge <noreply@folioforge.local>',
    subject: SUBJECTS[type],
    text: `${INTROS[type]}\n\n${link}\n\nOr enter this code: ${otp}\n`,
    links: [link],
    meta: { type, otp, link },
  });
}
