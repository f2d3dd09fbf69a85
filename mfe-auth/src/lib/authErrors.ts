import type { AuthError } from '@supabase/supabase-js';

/**
 * supabase-js's own isAuthError (it marks its errors with `__isAuthError`), written out so this file
 * does not make the login screen wait for supabase-js to load.
 */
function isAuthError(error: unknown): error is AuthError {
  return typeof error === 'object' && error !== null && '__isAuthError' in error;
}

// Turns what the auth server (GoTrue or local-cloud) answered into words for the visitor. The server's
// own message is shown wherever it is already clear; a few codes get the rule or the next step added.

/** supabase/config.toml's `[auth] minimum_password_length`, which the auth server enforces. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters`;
const WEAK_PASSWORD_MESSAGE = `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
/** A wrong code and a reused one get the same answer from the server, so one sentence covers both. */
const WRONG_TOTP_CODE =
  'That code did not work. Codes change every 30 seconds and each one works once: enter the newest code from your authenticator app.';

export interface AuthProblem {
  /** What to show in the page's alert. */
  message: string;
  /** The machine code, when the server sent one (invalid_credentials, weak_password …). */
  code?: string;
  /** The field the problem belongs to, so it can be marked and described there too. */
  field?: 'email' | 'password' | 'username' | 'code' | 'name';
  /** A short line to show at that field (defaults to the message). */
  fieldMessage?: string;
}

/** Network failures and gateway errors: supabase-js retries those itself, so the server said nothing. */
function isUnreachable(error: unknown): boolean {
  if (!isAuthError(error)) return error instanceof TypeError;
  return error.name === 'AuthRetryableFetchError' || error.status === 0 || (error.status ?? 0) >= 502;
}

export function describeAuthError(error: unknown): AuthProblem {
  if (isUnreachable(error)) {
    return { message: 'FolioForge could not reach the sign-in service. Check your connection and try again.' };
  }
  if (!isAuthError(error)) {
    return { message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' };
  }
  const code = error.code;
  switch (code) {
    case 'weak_password':
      return {
        message: /\d/.test(error.message) ? error.message : WEAK_PASSWORD_MESSAGE,
        code,
        field: 'password',
        fieldMessage: WEAK_PASSWORD_MESSAGE,
      };
    case 'same_password':
      return { message: error.message, code, field: 'password' };
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      return { message: `Too many attempts for now: ${error.message}`, code };
    case 'email_address_invalid':
      return { message: error.message, code, field: 'email' };
    case 'validation_failed':
      // GoTrue uses validation_failed for a malformed address and for a missing one.
      return { message: error.message, code, field: /email/i.test(error.message) ? 'email' : undefined };
    case 'user_already_exists':
    case 'email_exists':
      return { message: error.message, code, field: 'email' };
    case 'mfa_verification_failed':
      return { message: WRONG_TOTP_CODE, code, field: 'code' };
    case 'mfa_challenge_expired':
      return { message: 'That took too long. Enter the code your app shows now.', code, field: 'code' };
    case 'mfa_verification_rejected':
      // The server has ended every session: the message says why and when to try again.
      return { message: `${error.message} You have been signed out for your security.`, code };
    case 'mfa_factor_name_conflict':
      return { message: 'You already have an authenticator with this name. Choose another name.', code, field: 'name' };
    case 'too_many_enrolled_mfa_factors':
      return { message: 'You have as many authenticators as an account may have. Remove one to add another.', code };
    case 'insufficient_aal':
      return { message: 'Confirm it is you with a code from your authenticator app first.', code };
    case 'reauthentication_needed':
      return { message: 'For your security, enter the code we emailed you to change your password.', code, field: 'code' };
    case 'reauthentication_not_valid':
      return { message: 'That code is not right or has expired. Check the newest email from us, or send a new code.', code, field: 'code' };
    case 'otp_expired':
      return { message: 'That code is not right or has expired. Ask for a new one.', code, field: 'code' };
    case 'otp_disabled':
      return { message: error.message, code, field: 'email' };
    default:
      if (error.status === 429) return { message: `Too many attempts for now: ${error.message}`, code };
      return { message: error.message || 'Something went wrong. Please try again.', code };
  }
}

/**
 * For `auth.resend`: a server without the endpoint (404) gets the way that always works, since
 * signing up again with an unconfirmed address mails a fresh confirmation link.
 */
export function describeResendError(error: unknown): string {
  if (isAuthError(error) && error.status === 404) {
    return 'A new link cannot be sent from here right now. Register again with the same address and we will email you a fresh confirmation link.';
  }
  return describeAuthError(error).message;
}
