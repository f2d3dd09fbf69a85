// Helpers for the two-factor suites: TOTP codes computed as an authenticator app would, clients that
// call from another loopback address (another "IP"), and users with a verified factor.
import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { totpCodeAt, totpStep } from '../../src/auth/totp.ts';
import { latestMailTo, uniqueEmail, type TestCloud } from './cloud.ts';

/** The claims of an access token, unverified (the test only reads them). */
export function claimsOf(token: string): { aal?: string; amr?: { method: string; timestamp: number }[]; session_id?: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

/**
 * The code an authenticator shows now, or for a later step. A factor takes each step's code once,
 * so a test that verifies twice within one 30-second step asks for the next step's code (GoTrue
 * accepts one step of skew either way).
 */
export const codeFor = (secret: string, stepsAhead = 0) => totpCodeAt(secret, totpStep(Date.now() / 1000) + stepsAhead);

/** A code that is certainly wrong now (none of the three steps the server accepts). */
export function wrongCodeFor(secret: string): string {
  const now = totpStep(Date.now() / 1000);
  const taken = new Set([now - 1, now, now + 1, now + 2].map((step) => totpCodeAt(secret, step)));
  for (let n = 0; ; n++) {
    const candidate = String((n * 7919) % 1_000_000).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * fetch from another loopback address (127.0.0.x): local-cloud listens on 127.0.0.1 and sees the
 * caller's address, so this is a second IP for its per-IP limits and challenge checks.
 */
function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const url = new URL(req.url);
    return new Promise<Response>((resolve, reject) => {
      const out = request(
        {
          host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: req.method,
          headers: Object.fromEntries(req.headers),
          localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(key, value);
            const status = res.statusCode ?? 500;
            resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  };
}

const clientOptions = (fetchImpl?: typeof fetch) => ({
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: class {} as never },
  global: fetchImpl ? { fetch: fetchImpl } : undefined,
});

/** A fresh anon client calling from the given loopback address. */
export function clientFrom(cloud: TestCloud, localAddress: string): SupabaseClient {
  return createClient(cloud.url, cloud.keys.anonKey, clientOptions(fetchFrom(localAddress)));
}

let addresses = 0;
/** A loopback address no other test user calls from: each user gets its own per-IP budgets. */
export function nextAddress(): string {
  addresses += 1;
  return `127.0.${10 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** The status and error code of a raw auth call, for answers supabase-js turns into its own errors. */
export async function authAnswer(cloud: TestCloud, path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${cloud.url}/auth/v1${path}`, {
    ...init,
    headers: { apikey: cloud.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  return { status: res.status, code: res.headers.get('x-sb-error-code') };
}

/** Signs up from its own address, confirms through the mailed link and signs in. */
export async function signedInFrom(cloud: TestCloud, address = nextAddress()) {
  const email = uniqueEmail('mfa');
  const password = 'correct-horse-1';
  const sb = clientFrom(cloud, address);
  const signUp = await sb.auth.signUp({ email, password });
  if (signUp.error) throw signUp.error;
  const res = await fetch((await latestMailTo(cloud, email)).links[0]!, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`verify link answered ${res.status}`);
  const signIn = await sb.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { sb, email, password, address, user: signIn.data.user, session: signIn.data.session };
}

export interface TwoFactorUser {
  sb: SupabaseClient;
  email: string;
  password: string;
  /** The loopback address this user's clients call from. */
  address: string;
  userId: string;
  factorId: string;
  secret: string;
}

/** Signs up, confirms, signs in and enrols a verified TOTP factor; `sb` holds the aal2 session. */
export async function twoFactorUser(cloud: TestCloud, friendlyName = 'Phone'): Promise<TwoFactorUser> {
  const { sb, email, password, user, address } = await signedInFrom(cloud);
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (enrolled.error) throw enrolled.error;
  const verified = await sb.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: codeFor(enrolled.data.totp.secret) });
  if (verified.error) throw verified.error;
  return { sb, email, password, address, userId: user!.id, factorId: enrolled.data.id, secret: enrolled.data.totp.secret };
}

/** A new client signed in with the password only: an aal1 session of a user who has a factor. */
export async function passwordOnly(
  cloud: TestCloud,
  user: { email: string; password: string; address: string },
  sb = clientFrom(cloud, user.address),
) {
  const signIn = await sb.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signIn.error) throw signIn.error;
  return { sb, session: signIn.data.session! };
}
