// A user's portfolios as the account holds them, read through supabase-js as that user (what the
// server stored, not what a page shows).
import { createClient } from '@supabase/supabase-js';
import { loadKeys } from '../../local-cloud/src/keys';
import type { Stack } from './stack';

export interface StoredPortfolio {
  id: string;
  template_id: string;
  title: string | null;
  data: Record<string, string>;
  version: number;
}

/** supabase-js signed in as the user, as a second device would be. */
export async function userClient(stack: Stack, user: { email: string; password: string }) {
  const client = createClient(stack.cloudUrl, stack.keys.anonKey!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
  const signIn = await client.auth.signInWithPassword(user);
  if (signIn.error) throw signIn.error;
  return { client, userId: signIn.data.user.id };
}

/** supabase-js as the service role (its key derived from local-cloud's keys.json), for what a test sets up behind the app. */
export async function serviceClient(stack: Stack) {
  const { serviceRoleKey } = await loadKeys(stack.dataDir);
  return createClient(stack.cloudUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
}

/** Names of the files in one of a portfolio's buckets. */
export async function storedFiles(stack: Stack, user: { email: string; password: string }, bucket: string, portfolioId: string) {
  const { client, userId } = await userClient(stack, user);
  const { data, error } = await client.storage.from(bucket).list(`${userId}/${portfolioId}`);
  if (error) throw error;
  return (data ?? []).map((entry) => entry.name);
}

/** Every portfolio of the user, newest first. */
export async function storedPortfolios(stack: Stack, user: { email: string; password: string }): Promise<StoredPortfolio[]> {
  const { client } = await userClient(stack, user);
  const { data, error } = await client
    .from('portfolios')
    .select('id, template_id, title, data, version')
    .order('updated_at', { ascending: false });
  if (error) throw error;
  return data as StoredPortfolio[];
}

/** Waits until the stored portfolios satisfy `check`, and returns them. */
export async function waitForStored(
  stack: Stack,
  user: { email: string; password: string },
  check: (rows: StoredPortfolio[]) => boolean,
  timeoutMs = 10_000,
): Promise<StoredPortfolio[]> {
  const deadline = Date.now() + timeoutMs;
  let rows: StoredPortfolio[] = [];
  while (Date.now() < deadline) {
    rows = await storedPortfolios(stack, user);
    if (check(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`stored portfolios never matched; last: ${JSON.stringify(rows.map((row) => ({ ...row, data: '…' })))}`);
}
