// "Your data" on /account: the rules of the account deletion code, one set for the account function and
// the screen (shared/src re-exports this file; the calls and answers are contracts/account.ts).
// Dependency-free: the screens load it.

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
