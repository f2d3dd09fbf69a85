import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error GoTrue would send: HTTP status, machine code (error_code) and human message. */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const API_VERSION = '2024-01-01';

/**
 * GoTrue's 2024-01-01 error body is `{code, msg}`; older clients read `error_code`. auth-js accepts
 * any of msg/message, so all are sent and every client version parses the same error.
 */
export function sendAuthError(c: Context, err: AuthError) {
  c.header('x-sb-error-code', err.code);
  c.header('X-Supabase-Api-Version', API_VERSION);
  return c.json({ code: err.code, error_code: err.code, msg: err.message, message: err.message, ...err.extra }, err.status);
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
export const refreshNotFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
export const refreshAlreadyUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const weakPassword = (min: number) =>
  new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, { weak_password: { reasons: ['length'] } });
