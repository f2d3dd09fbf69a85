// Starts local-cloud for a test suite on a random port with a temp data dir, on either backend.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startLocalCloud, type LocalCloud, type StartOptions } from '../../src/index.ts';
import { TEST_BCRYPT_COST } from '../../src/auth/passwordHasher.ts';
import { copyMigratedPglite } from '../../../tooling/pgliteTemplate.mjs';
import { postgresUnavailableReason, startTempPostgres, type TempPostgres } from './postgres.ts';

export type Backend = 'pglite' | 'postgres';
/**
 * Both backends, for suites about what differs between them: local-cloud's own Postgres path (its pool,
 * migrations on a real server, faults) and requests that race, which only a real server runs at once.
 */
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

const pgReason = postgresUnavailableReason();

/**
 * The one backend a supabase-js journey runs on: a real Postgres 15 (what hosted Supabase runs) where
 * this machine has one, where a journey takes about half its time on PGlite, else PGlite. PGlite, the
 * embedded default of `npm start`, still runs every suite about what differs and every browser test's
 * stack. LOCAL_CLOUD_TEST_BACKEND=pglite (or postgres) chooses, e.g. after a change to src/db.
 */
export const JOURNEY_BACKEND: Backend =
  process.env.LOCAL_CLOUD_TEST_BACKEND === 'pglite' || process.env.LOCAL_CLOUD_TEST_BACKEND === 'postgres'
    ? process.env.LOCAL_CLOUD_TEST_BACKEND
    : pgReason
      ? 'pglite'
      : 'postgres';
export const JOURNEY_BACKENDS: Backend[] = [JOURNEY_BACKEND];

type TestBody = (t: TestContext) => void | Promise<void>;

/**
 * In a suite on both backends, `test` for what differs between them (races) and this for the rest: it
 * declares a test on the journey backend only, so the other backend does not ask it a second time.
 */
export function journeyTestOn(backend: Backend): (name: string, body: TestBody) => void {
  return backend === JOURNEY_BACKEND ? (name, body) => void test(name, body) : () => undefined;
}

let printed = false;

/** The skip option for a suite: false to run, or the reason it cannot. */
export function skipFor(backend: Backend): string | false {
  if (backend === 'postgres' && pgReason) {
    if (!printed) console.log(`# skipping postgres suites: ${pgReason}`);
    printed = true;
    return pgReason;
  }
  return false;
}

/**
 * In a suite on both backends, `test` for a race (requests at once on one row or name): PGlite runs one
 * query at a time, so a race is asked on Postgres, where they truly meet; on PGlite it shows as skipped,
 * unless there is no Postgres to ask it on.
 */
export function raceTestOn(backend: Backend): (name: string, body: TestBody) => void {
  const skip = backend === 'pglite' && !pgReason ? 'PGlite runs one query at a time: the race is asked on Postgres' : false;
  return (name, body) => void test(name, { skip }, body);
}

/** Where races run: Postgres, where requests truly meet, else PGlite (raceTestOn). */
const RACE_BACKEND: Backend = pgReason ? 'pglite' : 'postgres';
/**
 * The backends of a suite of journeys and races only: the journey backend and the races' (one and the
 * same unless LOCAL_CLOUD_TEST_BACKEND chose PGlite). A suite on a backend where none of its tests runs
 * would still start a local-cloud in its before().
 */
export const JOURNEY_AND_RACE_BACKENDS: Backend[] = [...new Set([JOURNEY_BACKEND, RACE_BACKEND])];

/** Limits no test suite reaches, for suites about something else than limits. */
export const RELAXED_RATE_LIMITS = {
  emailSentPerHour: 1_000_000,
  signInsSignUpsPer5Min: 1_000_000,
  tokenRefreshesPer5Min: 1_000_000,
  tokenVerificationsPer5Min: 1_000_000,
};

let cluster: Promise<TempPostgres> | null = null;
let dbCounter = 0;

export interface TestCloud extends LocalCloud {
  /** A fresh supabase-js client with the anon key and no persisted session. */
  client(): SupabaseClient;
  serviceClient(): SupabaseClient;
  /** Stops this one and starts local-cloud again on the same data (folder and database), e.g. with more migrations. */
  restart(options?: StartOptions): Promise<TestCloud>;
  stop(): Promise<void>;
}

export async function startTestCloud(backend: Backend, options: StartOptions = {}): Promise<TestCloud> {
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-test-'));
  let databaseUrl: string | undefined;
  // A copy of a migrated database, what migrating from nothing would make, unless the suite is about
  // migrating or seeding: on PGlite in a second instead of ten, on Postgres in a tenth of a second.
  const fromNothing = Boolean(options.migrationsDir || options.seed);
  if (backend === 'postgres') {
    cluster ??= startTempPostgres();
    const name = `lc_${process.pid}_${++dbCounter}`;
    databaseUrl = await (fromNothing ? (await cluster).createDatabase(name) : (await cluster).createMigratedDatabase(name));
  } else if (!fromNothing) {
    copyMigratedPglite(dataDir);
  }
  const prepared = Date.now();
  const cloud = await startOn(dataDir, databaseUrl, options);
  // A start that takes long says where its time went, for a slow CI run to be read.
  if (Date.now() - started > 30_000)
    console.warn(
      `# local-cloud on ${backend} took ${Math.round((Date.now() - started) / 1000)} s to start: the database ${Math.round((prepared - started) / 1000)} s, the server ${Math.round((Date.now() - prepared) / 1000)} s`,
    );
  return cloud;
}

async function startOn(dataDir: string, databaseUrl: string | undefined, options: StartOptions): Promise<TestCloud> {
  const cloud = await startLocalCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    silent: true,
    rateLimits: RELAXED_RATE_LIMITS,
    emailjsPerSecond: 1000,
    emailSendIntervalSeconds: 0,
    // Suites sweep when they mean to (cloud.sweeps.run()); the start-up sweep has its own test.
    sweepIntervalMs: 0,
    // bcrypt at its least cost, as GoTrue's own tests: new hashes are real and verify, at ~1/50 the CPU.
    passwordHashCost: TEST_BCRYPT_COST,
    ...options,
  });
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // realtime is not used; Node 20 has no WebSocket, so give it an inert constructor
    realtime: { transport: class {} as never },
  };
  return {
    ...cloud,
    client: () => createClient(cloud.url, cloud.keys.anonKey, clientOptions),
    serviceClient: () => createClient(cloud.url, cloud.keys.serviceRoleKey, clientOptions),
    async restart(next: StartOptions = {}) {
      await cloud.close();
      return startOn(dataDir, databaseUrl, next);
    },
    async stop() {
      await cloud.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One local-cloud for every suite of a file that needs these settings: started by the first suite that
 * asks, stopped when the file is done; tests keep apart by their own users. Call at the top level.
 */
export function fileCloud(backend: Backend, options: StartOptions = {}): () => Promise<TestCloud> {
  let started: Promise<TestCloud> | undefined;
  after(async () => {
    await (await started)?.stop();
  });
  return () => (started ??= startTestCloud(backend, options));
}

/** Stops the shared Postgres cluster; call from a top-level after(). */
export async function stopClusters(): Promise<void> {
  if (cluster) await (await cluster).stop();
  cluster = null;
}

let emailCounter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now()}.${++emailCounter}@example.com`;

/** The newest auth mail to an address, from the mailbox. */
export async function latestMailTo(cloud: LocalCloud, to: string) {
  const mails = (await cloud.ctx.mailbox.list()).filter((m) => m.to === to && m.kind === 'auth');
  mails.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (!mails[0]) throw new Error(`no mail to ${to}`);
  return mails[0];
}

/** Signs up, confirms via the mailed link and signs in; returns the signed-in client. */
export async function signedInUser(cloud: TestCloud, meta: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const password = 'correct-horse-1';
  const sb = cloud.client();
  const { error } = await sb.auth.signUp({ email, password, options: { data: meta } });
  if (error) throw error;
  const mail = await latestMailTo(cloud, email);
  const res = await fetch(mail.links[0], { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`verify link answered ${res.status}`);
  const signIn = await sb.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { sb, email, password, user: signIn.data.user, session: signIn.data.session };
}

/**
 * Records a paid purchase as the payment function would (service role): a template, or a plan for
 * `days` from now (negative: one that has ended).
 */
export async function grantPurchase(
  service: SupabaseClient,
  userId: string,
  item: { itemType: 'template' | 'plan'; itemId: string },
  days = 30,
): Promise<void> {
  const { error } = await service.from('purchases').insert({
    user_id: userId,
    item_type: item.itemType,
    item_id: item.itemId,
    amount: 100,
    order_id: `order_test_${randomUUID()}`,
    status: 'paid',
    paid_at: new Date().toISOString(),
    expires_at: item.itemType === 'plan' ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
  });
  if (error) throw new Error(`could not record the purchase: ${error.message}`);
}
