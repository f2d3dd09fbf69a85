import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** PostgREST's error body: `{code, details, hint, message}`. */
export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (message: string, details: string | null = null) => new RestError(400, 'PGRST100', message, details);

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

function isPgError(err: unknown): err is PgLikeError & { code: string } {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as PgLikeError).code as string)
  );
}

/** HTTP status PostgREST gives a SQLSTATE (its errors.md table). */
function statusFor(code: string, role: string): ContentfulStatusCode {
  // `raise sqlstate 'PT409'`: a function picks its own HTTP status.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2)) as ContentfulStatusCode;
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503' || code === '40001' || code === '40P01') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (/^(08|53|54|55|57|58|XX|F0|HV|P0000)/.test(code)) return 500;
  if (code === 'P0001') return 400;
  return 400;
}

/** Turns a Postgres error into PostgREST's shape; anything else is an internal error. */
export function toRestError(err: unknown, role: string): RestError {
  if (err instanceof RestError) return err;
  if (isPgError(err)) {
    return new RestError(
      statusFor(err.code, role),
      err.code,
      typeof err.message === 'string' ? err.message : 'database error',
      typeof err.detail === 'string' ? err.detail : null,
      typeof err.hint === 'string' ? err.hint : null,
    );
  }
  return new RestError(500, 'PGRST000', 'internal error');
}
