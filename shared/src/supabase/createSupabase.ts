import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from '../config/runtimeConfig';
import type { Database } from './database.types';

/** The client, typed by the schema the migrations build (generated: `npm run db:types`). */
export type FolioForgeClient = SupabaseClient<Database>;

let client: FolioForgeClient | undefined;

/** One Supabase client per page: the shell creates it, every remote reuses it through the shared singleton. */
export function createSupabase(config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>): FolioForgeClient {
  client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
  });
  return client;
}

export function getSupabase(): FolioForgeClient {
  if (!client) throw new Error('Supabase client is not created yet: the shell creates it before rendering.');
  return client;
}

/** For tests: install a client (or a fake built on one) without a config. */
export function setSupabase(next: FolioForgeClient | undefined): void {
  client = next;
}
