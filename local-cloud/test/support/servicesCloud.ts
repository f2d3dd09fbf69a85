// A started local-cloud for the services' tests, on PGlite or Postgres (the core's test support),
// with autoconfirmed sign-ups.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { LocalCloud, StartOptions } from '../../src/index.ts';
import {
  BACKENDS,
  JOURNEY_AND_RACE_BACKENDS,
  JOURNEY_BACKENDS,
  journeyTestOn,
  raceTestOn,
  skipFor,
  startTestCloud as startCoreTestCloud,
  stopClusters,
  type Backend,
} from './cloud.ts';

export interface TestCloud {
  cloud: LocalCloud;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export { BACKENDS, JOURNEY_AND_RACE_BACKENDS, JOURNEY_BACKENDS, journeyTestOn, raceTestOn, skipFor, stopClusters, type Backend };

/** A local-cloud on a free port with a fresh data folder (and a fresh database on Postgres). */
export async function startTestCloud(
  backend: Backend,
  options: Pick<StartOptions, 'allowedOrigins' | 'dnsServers' | 'emailjsPerSecond' | 'sweepIntervalMs'> = {},
): Promise<TestCloud> {
  const cloud = await startCoreTestCloud(backend, { autoconfirm: true, silent: !process.env.LOCAL_CLOUD_LOG, ...options });
  return { cloud, url: cloud.url, dataDir: cloud.ctx.config.dataDir, stop: () => cloud.stop() };
}

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** Node 20 has no global WebSocket and supabase-js builds its Realtime socket factory eagerly. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used in these tests');
  }
}

function serverClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as unknown as Transport },
  });
}

export function anonClient(t: TestCloud): SupabaseClient {
  return serverClient(t.url, t.cloud.keys.anonKey);
}

export function serviceClient(t: TestCloud): SupabaseClient {
  return serverClient(t.url, t.cloud.keys.serviceRoleKey);
}

/** Ends the hold on a freed address (held_addresses) as if its 30 days had passed: anyone may take it. */
export async function endAddressHold(t: TestCloud, slug: string): Promise<void> {
  const past = new Date(Date.now() - 60_000).toISOString();
  const { error } = await serviceClient(t).from('held_addresses').update({ held_until: past }).eq('slug', slug);
  if (error) throw new Error(`the hold on ${slug} could not be ended: ${error.message}`);
}

let counter = 0;

/** A signed-up user: a client acting as them, their id, access token and email. */
export interface TestUser {
  client: SupabaseClient;
  id: string;
  accessToken: string;
  email: string;
}

/** Signs up (autoconfirm) and returns a client acting as that user, with its id and access token. */
export async function signedInUser(t: TestCloud, label = 'user'): Promise<TestUser> {
  const email = `${label}-${Date.now()}-${++counter}@example.test`;
  const client = anonClient(t);
  const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
  if (error) throw error;
  if (!data.session || !data.user) throw new Error('sign-up returned no session: is autoconfirm on?');
  return { client, id: data.user.id, accessToken: data.session.access_token, email };
}
