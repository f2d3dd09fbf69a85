// Rate limits of the functions anyone may call (contact, subscribe), kept in Postgres
// (public.take_rate_limit) so every worker of a function counts the same. Each request spends from
// one or more budgets: its sender's first, so a sender past their own budget spends nobody else's.
import type { SupabaseClient } from '@supabase/supabase-js';
import { sha256Hex } from './hmac.ts';
import { HttpError } from './request.ts';

export interface Budget {
  /** What is counted, e.g. `contact:sender:<hash>`; hashed before it is stored. */
  key: string;
  max: number;
  perSeconds: number;
}

/**
 * The caller's network address as the edge's gateway passes it (the first `x-forwarded-for` entry;
 * local-cloud's relay sets it from the socket, dropping what the client sent).
 */
export function clientAddress(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

/**
 * Spends one request from each budget in order; throws 429 (with when to try again) at the first one
 * spent out. The budgets before it keep the request counted: a sender who tries too often pays for it.
 */
export async function spendBudgets(admin: SupabaseClient, budgets: Budget[], refusal: string): Promise<void> {
  for (const budget of budgets) {
    const [name, ...rest] = budget.key.split(':');
    const { data, error } = await admin.rpc('take_rate_limit', {
      bucket: `${name}:${await sha256Hex(rest.join(':'))}`,
      max_hits: budget.max,
      per_seconds: budget.perSeconds,
    });
    if (error || typeof data !== 'number') throw new HttpError(503, 'This could not be checked just now. Try again in a minute.');
    if (data > 0) throw new HttpError(429, refusal, { retryAfterSeconds: data });
  }
}
