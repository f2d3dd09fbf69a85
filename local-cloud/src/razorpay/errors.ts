// Razorpay's error envelope: {error: {code, description, field?, source, step, reason, metadata}}.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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
