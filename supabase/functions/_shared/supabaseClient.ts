// supabase-js for server code. Functions never use Realtime, but the client builds its socket
// factory eagerly and Node 20 has no global WebSocket; a stand-in keeps construction working there.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { requireEnv, type Env } from './env.ts';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not available in this function');
  }
}

/** A client with the given key; with `accessToken`, it acts as that user (row-level security applies). */
export function serverClient(url: string, key: string, accessToken?: string): SupabaseClient {
  const hasWebSocket = typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function';
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
    ...(hasWebSocket ? {} : { realtime: { transport: RealtimeUnavailable as unknown as Transport } }),
  });
}

/** How a function reaches Supabase: as the service role, anonymously (to check a token), and as the caller. */
export interface SupabaseClients {
  admin: SupabaseClient;
  anonClient(): SupabaseClient;
  /** Supabase as the signed-in user (row-level security applies). */
  userClient(token: string): SupabaseClient;
}

/** The clients for a function's environment (SUPABASE_URL and the keys Supabase sets for every function). */
export function supabaseClientsFrom(env: Env): SupabaseClients {
  const url = requireEnv(env, 'SUPABASE_URL');
  const anonKey = requireEnv(env, 'SUPABASE_ANON_KEY');
  return {
    admin: serverClient(url, requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY')),
    anonClient: () => serverClient(url, anonKey),
    userClient: (token) => serverClient(url, anonKey, token),
  };
}
