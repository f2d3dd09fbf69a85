import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from '../config/runtimeConfig';

let client: SupabaseClient | undefined;

/** One Supabase client per page: the shell creates it, every remote reuses it through the shared singleton. */
export function createSupabase(config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>): SupabaseClient {
  client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
  });
  return client;
}

export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('Supabase client is not created yet: the shell creates it before rendering.');
  return client;
}

/** For tests: install a client (or a fake built on one) without a config. */
export function setSupabase(next: SupabaseClient | undefined): void {
  client = next;
}
