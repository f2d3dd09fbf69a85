import { getRuntimeConfig } from '@folioforge/shared';

// Client-side checks that help without blocking what the server allows: the
// email format only hints, the password length shown is the server's own rule. No zod here: these
// checks are one line each, and zod would be the largest thing the login route downloads.

/** Something@something.tld, loosely: a hint, so it errs on the side of silence. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A hint for an address that looks incomplete, or undefined when it looks fine (or is empty). */
export function emailFormatHint(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed || EMAIL_SHAPE.test(trimmed)) return undefined;
  return 'This does not look like an email address yet (like name@example.com).';
}

/** Matches the database's profiles_username_format check. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const USERNAME_RULE = '3 to 30 letters, digits, dots, dashes or underscores';

/** The one check of a new password the server cannot make: both entries say the same. */
export function passwordMismatch(password: string, confirm: string): string | undefined {
  return password === confirm ? undefined : 'The two passwords do not match.';
}

/**
 * Where a mailed sign-in link lands: /login, marked in the query, which (unlike the fragment that
 * supabase-js clears as it takes the session) is still there when the login screen loads.
 */
export const signInLinkTarget = () => `${siteOrigin()}/login?via=link`;
export const arrivedBySignInLink = (search: string) => new URLSearchParams(search).get('via') === 'link';

/** Where the app runs, for the links the auth server mails (confirmation, reset). */
export function siteOrigin(): string {
  return window.location.origin;
}

/**
 * The local mailbox of local-cloud (app-config.json's `localMailboxUrl`), for developers reading
 * confirmation mails on their machine: only ever a page of this machine. Undefined against a hosted
 * project, where mails go to real inboxes.
 */
export function localMailboxUrl(): string | undefined {
  try {
    const configured = getRuntimeConfig().localMailboxUrl;
    if (!configured) return undefined;
    const url = new URL(configured);
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
