// What an Edge Function call through supabase-js answered when it failed: the function's own
// `{ error }` message and the HTTP status, or nothing when no answer came (offline, host down).

export interface FunctionFailure {
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

/** Reads supabase-js's FunctionsError (its `context` is the Response) without trusting its body. */
export async function functionFailureOf(error: unknown): Promise<FunctionFailure> {
  const context = typeof error === 'object' && error !== null ? (error as { context?: unknown }).context : undefined;
  if (!isResponseLike(context)) return {};
  try {
    const body: unknown = await context.json();
    const message = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    return typeof message === 'string' && message ? { status: context.status, message } : { status: context.status };
  } catch {
    return { status: context.status }; // not JSON
  }
}
