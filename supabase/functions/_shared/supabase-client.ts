// supabase-js for server code. Functions never use Realtime, but the client builds its socket
// factory eagerly and Node 20 has no global WebSocket; a stand-in keeps construction working there.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';

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
