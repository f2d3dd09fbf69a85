// Razorpay's error envelope: {error: {code, description, field?, source, step, reason, metadata}}.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readJsonBody } from '../http/body.ts';

export interface RazorpayErrorBody {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';
    description: string;
    field?: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, unknown>;
  };
}

export function badRequest(description: string, field?: string, extra?: Partial<RazorpayErrorBody['error']>): RazorpayErrorBody {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      ...(field ? { field } : {}),
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...extra,
    },
  };
}

export function sendError(c: Context, status: ContentfulStatusCode, body: RazorpayErrorBody): Response {
  return c.json(body, status);
}

export const AUTHENTICATION_FAILED: RazorpayErrorBody = {
  error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
};

/** Razorpay's answer past its API rate limit (HTTP 429). */
export const TOO_MANY_REQUESTS: RazorpayErrorBody = {
  error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests', source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
};

/** A body past the size the API takes (HTTP 413), refused while it was read. */
const BODY_TOO_LARGE: RazorpayErrorBody = {
  error: { code: 'BAD_REQUEST_ERROR', description: 'The request body is too large', source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
};

/** Reads a JSON body of at most 64 KiB (no order or payment needs more): the value, or the error to answer. */
export async function readRazorpayJson(
  c: Context,
): Promise<{ ok: true; value: unknown } | { ok: false; status: 400 | 413; body: RazorpayErrorBody }> {
  const res = await readJsonBody(c, 64 * 1024);
  if (res.ok) return { ok: true, value: res.value };
  return res.reason === 'too_large'
    ? { ok: false, status: 413, body: BODY_TOO_LARGE }
    : { ok: false, status: 400, body: badRequest('The request body is not valid JSON') };
}

export const NOT_FOUND: RazorpayErrorBody = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'The id provided does not exist',
    source: 'business',
    step: 'NA',
    reason: 'input_validation_failed',
    metadata: {},
  },
};
