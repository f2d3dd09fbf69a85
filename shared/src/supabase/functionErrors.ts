// What an Edge Function call through supabase-js answered when it failed: the function's refusal
// (`{ error, fieldErrors?, retryAfterSeconds? }`, _shared/contracts/functionContract.ts) and the HTTP
// status, or nothing when no answer came (offline, host down).
import type { Refusal } from '../../../supabase/functions/_shared/contracts/functionContract';

export interface FunctionFailure extends Partial<Omit<Refusal, 'error'>> {
  /** The HTTP status, when the function (or its relay) answered. */
  status?: number;
  /** The function's `{ error }` message, when it sent one. */
  message?: string;
}

function isResponseLike(value: unknown): value is Pick<Response, 'status' | 'json'> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Response).status === 'number' &&
    typeof (value as Response).json === 'function'
  );
}

/** A refusal's body as the function sent it; an answer that is not one keeps only its status. */
export async function refusalIn(response: Pick<Response, 'status' | 'json'>): Promise<FunctionFailure> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { status: response.status }; // not JSON
  }
  // The refusal's schema loads with the first failure: it is written in zod, which no page needs to
  // start. If the app's own files cannot be reached just then, the status is still the answer.
  const contract = await import('../../../supabase/functions/_shared/contracts/functionContract').catch(() => undefined);
  if (!contract) return { status: response.status };
  const refusal = contract.refusalSchema().safeParse(body);
  if (!refusal.success || !refusal.data.error) return { status: response.status };
  const { error: message, ...details } = refusal.data;
  return { status: response.status, message, ...details };
}

/** Reads supabase-js's FunctionsError (its `context` is the Response) without trusting its body. */
export async function functionFailureOf(error: unknown): Promise<FunctionFailure> {
  const context = typeof error === 'object' && error !== null ? (error as { context?: unknown }).context : undefined;
  return isResponseLike(context) ? refusalIn(context) : {};
}
