// A user's portfolios as the account holds them, read through supabase-js as that user (what the
// server stored, not what a page shows).
import { createClient } from '@supabase/supabase-js';
import { loadKeys } from '../../local-cloud/src/keys';
import type { SharedStack } from './stack';

/** A saved portfolio's data, as the browser tests read it (templates/src/model has the whole shape). */
export interface StoredData {
  schemaVersion?: number;
  profile: Record<string, string>;
  socials: { id: string; network: string; url: string }[];
  sections: { id: string; kind: string; title: string; hidden: boolean; body: string; items: Record<string, string>[] }[];
}

export interface StoredPortfolio {
  id: string;
  template_id: string;
  title: string | null;
  data: StoredData;
  version: number;
}

/** supabase-js signed in as the user, as a second device would be. */
export async function userClient(stack: SharedStack, user: { email: string; password: string }) {
  const client = createClient(stack.cloudUrl, stack.keys.anonKey!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
  const signIn = await client.auth.signInWithPassword(user);
  if (signIn.error) throw signIn.error;
  return { client, userId: signIn.data.user.id };
}

/** supabase-js as the service role (its key derived from local-cloud's keys.json), for what a test sets up behind the app. */
export async function serviceClient(stack: SharedStack) {
  const { serviceRoleKey } = await loadKeys(stack.dataDir);
  return createClient(stack.cloudUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  });
}

/** Names of the files in one of a portfolio's buckets. */
export async function storedFiles(stack: SharedStack, user: { email: string; password: string }, bucket: string, portfolioId: string) {
  const { client, userId } = await userClient(stack, user);
  const { data, error } = await client.storage.from(bucket).list(`${userId}/${portfolioId}`);
  if (error) throw error;
  return (data ?? []).map((entry) => entry.name);
}

/** Every portfolio of the user, newest first. */
export async function storedPortfolios(stack: SharedStack, user: { email: string; password: string }): Promise<StoredPortfolio[]> {
  const { client, userId } = await userClient(stack, user);
  // Their own: anyone's published rows are readable too.
  const { data, error } = await client
    .from('portfolios')
    .select('id, template_id, title, data, version')
    .eq('owner_id', userId)
    .order('updated_at', { ascending: false });
  if (error) throw error;
  return data as StoredPortfolio[];
}

/** Reads a server state the page does not show until `check` accepts it (or fails after `timeoutMs`). */
async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  failure: (last: T) => string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(failure(value));
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/** Waits until the stored portfolios satisfy `check`, and returns them. */
export function waitForStored(
  stack: SharedStack,
  user: { email: string; password: string },
  check: (rows: StoredPortfolio[]) => boolean,
  timeoutMs = 10_000,
): Promise<StoredPortfolio[]> {
  const failure = (rows: StoredPortfolio[]) =>
    `stored portfolios never matched; last: ${JSON.stringify(rows.map((row) => ({ ...row, data: '…' })))}`;
  return eventually(() => storedPortfolios(stack, user), check, failure, timeoutMs);
}

/** Waits until the names of the files in one of a portfolio's buckets satisfy `check`, and returns them. */
export function waitForStoredFiles(
  stack: SharedStack,
  user: { email: string; password: string },
  bucket: string,
  portfolioId: string,
  check: (names: string[]) => boolean,
  timeoutMs = 10_000,
): Promise<string[]> {
  const failure = (names: string[]) => `stored files never matched; last: ${JSON.stringify(names)}`;
  return eventually(() => storedFiles(stack, user, bucket, portfolioId), check, failure, timeoutMs);
}
