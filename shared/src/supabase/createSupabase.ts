import type { SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from '../config/runtimeConfig';
import type { Database } from './database.types';

/** The client, typed by the schema the migrations build (generated: `npm run db:types`). */
export type FolioForgeClient = SupabaseClient<Database>;

type Connection = Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>;

/**
 * The spec's Realtime client defaults, set here rather than left to supabase-js's (equal today, and
 * free to change in an upgrade): a push times out after 10 s, a heartbeat every 30 s, and a dropped
 * connection tries again after 1 s, 2 s, 5 s, then every 10 s.
 */
export const REALTIME_OPTIONS = {
  timeout: 10_000,
  heartbeatIntervalMs: 30_000,
  reconnectAfterMs: (tries: number): number => [1000, 2000, 5000][tries - 1] ?? 10_000,
} as const;

let client: FolioForgeClient | undefined;
let loading: Promise<FolioForgeClient> | undefined;
let connection: Connection | undefined;
let onCreate: ((client: FolioForgeClient) => void) | undefined;

/**
 * Where supabase-js keeps the session in localStorage: its own default for this URL, named here so the
 * shell can read the session for the header before supabase-js (≈ 55 KB) has loaded.
 */
export function supabaseStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Records where the one client of the page will connect; supabase-js itself loads on the first
 * loadSupabase(), so a first screen that never calls it does not wait for it. `created` runs once
 * the client exists, before anyone else gets it (the shell connects the auth store there).
 */
export function configureSupabase(config: Connection, created?: (client: FolioForgeClient) => void): void {
  connection = config;
  onCreate = created;
}

/** The one client per page, loading supabase-js the first time it is asked for. */
export function loadSupabase(): Promise<FolioForgeClient> {
  if (client) return Promise.resolve(client);
  if (!connection) return Promise.reject(new Error('Supabase is not configured yet: the shell configures it from app-config.json first.'));
  const { supabaseUrl, supabaseAnonKey } = connection;
  loading ??= import('@supabase/supabase-js').then(
    ({ createClient }) => {
      client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
        auth: {
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
          storageKey: supabaseStorageKey(supabaseUrl),
        },
        realtime: REALTIME_OPTIONS,
      });
      onCreate?.(client);
      return client;
    },
    (error: unknown) => {
      loading = undefined; // a failed download may succeed on the next ask
      throw error;
    },
  );
  return loading;
}

/** Whether supabase-js has loaded, so getSupabase() answers. */
export function isSupabaseLoaded(): boolean {
  return client !== undefined;
}

/**
 * The client, once loaded. Screens the shell opens behind a session (editor, account) get it loaded
 * before they render; public screens ask with loadSupabase() when the visitor acts.
 */
export function getSupabase(): FolioForgeClient {
  if (!client) throw new Error('Supabase is not loaded yet: ask with loadSupabase().');
  return client;
}

/** For tests: install a client (or a fake built on one) without a config. */
export function setSupabase(next: FolioForgeClient | undefined): void {
  client = next;
  loading = undefined;
}
