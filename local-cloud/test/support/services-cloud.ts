// A started local-cloud for the services' tests: free port, fresh data folder, autoconfirmed sign-ups.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../../../supabase/functions/_shared/supabase-client.ts';
import { startLocalCloud, type LocalCloud } from '../../src/index.ts';

export interface TestCloud {
  cloud: LocalCloud;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestCloud(): Promise<TestCloud> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-services-'));
  const cloud = await startLocalCloud({
    port: 0,
    dataDir,
    autoconfirm: true,
    silent: !process.env.LOCAL_CLOUD_LOG,
    authRateLimitPerMinute: 100_000,
    emailSendIntervalSeconds: 0,
  });
  return {
    cloud,
    url: cloud.url,
    dataDir,
    async stop() {
      await cloud.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function anonClient(t: TestCloud): SupabaseClient {
  return serverClient(t.url, t.cloud.keys.anonKey);
}

export function serviceClient(t: TestCloud): SupabaseClient {
  return serverClient(t.url, t.cloud.keys.serviceRoleKey);
}

let counter = 0;

/** Signs up (autoconfirm) and returns a client acting as that user, with its id and access token. */
export async function signedInUser(t: TestCloud, label = 'user'): Promise<{ client: SupabaseClient; id: string; accessToken: string; email: string }> {
  const email = `${label}-${Date.now()}-${++counter}@example.test`;
  const client = anonClient(t);
  const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
  if (error) throw error;
  if (!data.session || !data.user) throw new Error('sign-up returned no session: is autoconfirm on?');
  return { client, id: data.user.id, accessToken: data.session.access_token, email };
}
