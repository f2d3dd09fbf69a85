// What every function does with a browser's request: read a bounded body, know the signed-in user,
// and answer errors as JSON with a status.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { z } from 'zod';
import { corsHeaders, json } from './cors.ts';

/** More an answer may say about a refusal: which fields are wrong, when to try again. */
export interface RefusalDetails {
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** An answer to the caller: its status and a message fit to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
  }
}

/** The body as text, refused as soon as it passes `maxBytes`: a huge or endless one is never buffered. */
export async function readRawBody(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, 'Request body too large');
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, 'Request body too large');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The caller's access token from `Authorization: Bearer …`, if any. */
export function bearerToken(req: Request): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() || undefined;
}

/** The signed-in user, checked by Supabase Auth itself (works with any signing key setup). */
export async function requireUser(anon: SupabaseClient, req: Request, signInMessage: string): Promise<{ id: string; token: string }> {
  const token = bearerToken(req);
  if (!token) throw new HttpError(401, signInMessage);
  const { data, error } = await anon.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'Your session has expired. Sign in again.');
  return { id: data.user.id, token };
}

/**
 * Refuses (403) a user who has a verified second factor but whose session has not used it (aal1), for
 * what must not be done with a stolen password alone: paying, cancelling, domains, the account's data.
 * Asked of Postgres as the user (`mfa_satisfied()`, the rule the tables' restrictive policies apply),
 * so the function and the database never disagree. `asUser` is a client carrying the user's token.
 */
export async function requireSecondFactor(asUser: SupabaseClient): Promise<void> {
  const { data, error } = await asUser.rpc('mfa_satisfied');
  if (error) throw new HttpError(503, 'Your sign-in could not be checked. Try again.');
  if (data !== true) throw new HttpError(403, 'Enter the code from your authenticator app first: sign in again to do so.');
}

/** The body as JSON checked by `schema`; 400 with the first problem when it is not. */
export async function readJsonBody<T extends z.ZodType>(req: Request, maxBytes: number, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = JSON.parse(await readRawBody(req, maxBytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Request body is not JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `Invalid request: ${issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : 'bad body'}`);
  }
  return parsed.data;
}

/**
 * A function's handler that answers its own HttpErrors as `{ error }` JSON with their status, and
 * anything unexpected as a 500 with `serviceError` (the details go to the log, not the browser).
 */
export function answeringErrors(
  name: string,
  serviceError: string,
  handle: (req: Request) => Promise<Response>,
  /** The CORS headers for this request (default: any origin). */
  cors: (req: Request) => Record<string, string> = () => corsHeaders,
) {
  return async (req: Request): Promise<Response> => {
    try {
      return await handle(req);
    } catch (error) {
      if (error instanceof HttpError) {
        const { retryAfterSeconds } = error.details;
        const headers = { ...cors(req), ...(retryAfterSeconds !== undefined ? { 'Retry-After': String(retryAfterSeconds) } : {}) };
        return json({ error: error.message, ...error.details }, error.status, headers);
      }
      console.error(`${name} function failed`, error);
      return json({ error: serviceError }, 500, cors(req));
    }
  };
}
