// "Your data" on /account: what the browser may ask of the account function and what it answers, one
// contract for both (shared/src re-exports this file). Dependency-free: the screens load it.

/**
 * POST /functions/v1/account, with the user's token:
 *   {action: 'export'}                   → 200 application/zip, streamed: every portfolio with its files,
 *                                          orders, subscriptions and charges, domains and sign-up lists
 *   {action: 'send-deletion-code'}       → 200 {sentTo}: a code to the account's address (10 minutes)
 *   {action: 'delete', password | code}  → 200 {deleted: true, mailedTo}: the plan cancelled at Razorpay,
 *                                          everything removed, a mail says so
 * Export and delete need the second factor of a user who has one (403 otherwise).
 * Refusals: `{ error, fieldErrors?: { password?, code? } }` (400), `{ error, retryAfterSeconds }` (429).
 */
export type AccountRequest =
  { action: 'export' } | { action: 'send-deletion-code' } | { action: 'delete'; password: string } | { action: 'delete'; code: string };

export interface DeletionCodeSent {
  sentTo: string;
}

export interface AccountDeleted {
  deleted: true;
  mailedTo: string;
}

export type DeletionField = 'password' | 'code';

export interface AccountRefusal {
  error: string;
  fieldErrors?: Partial<Record<DeletionField, string>>;
  retryAfterSeconds?: number;
}

/** How long a mailed deletion code works, and how many wrong tries spend it. */
export const DELETION_CODE_MINUTES = 10;
export const DELETION_CODE_TRIES = 5;
/** One code mail a minute per account. */
export const DELETION_CODE_RESEND_SECONDS = 60;

/** Six digits, as the mail shows them (spaces and dashes typed with them are ignored). */
export function normaliseDeletionCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export const DELETION_CODE_PATTERN = /^\d{6}$/;
