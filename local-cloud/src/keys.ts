import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { Keys } from './context.ts';

/** What is persisted: secrets and ids made on first start. The API keys are derived from them. */
const StoredKeys = z.object({
  jwtSecret: z.string().min(32),
  issuedAt: z.number().int(),
  razorpayKeyId: z.string().startsWith('rzp_test_'),
  razorpayKeySecret: z.string().min(16),
  razorpayWebhookSecret: z.string().min(16),
  emailjsPublicKey: z.string().min(8),
  emailjsServiceId: z.string().min(4),
  emailjsTemplateId: z.string().min(4),
});
type StoredKeys = z.infer<typeof StoredKeys>;

const TEN_YEARS = 10 * 365 * 24 * 3600;

const token = (bytes: number) => randomBytes(bytes).toString('base64url');
const alnum = (n: number) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(n), (b) => chars[b % chars.length]).join('');
};

function freshKeys(): StoredKeys {
  return {
    jwtSecret: token(48),
    issuedAt: Math.floor(Date.now() / 1000),
    razorpayKeyId: `rzp_test_${alnum(14)}`,
    razorpayKeySecret: alnum(24),
    razorpayWebhookSecret: alnum(32),
    emailjsPublicKey: alnum(16),
    emailjsServiceId: `service_${alnum(7).toLowerCase()}`,
    emailjsTemplateId: `template_${alnum(7).toLowerCase()}`,
  };
}

/** The anon and service keys are deterministic for a given secret and issue time, so they survive restarts. */
async function apiKey(secret: string, role: 'anon' | 'service_role', iat: number): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, iat, exp: iat + TEN_YEARS })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** Loads <dataDir>/keys.json, creating it (mode 600) on first start. JWT_SECRET, when set, wins. */
export async function loadKeys(dataDir: string, jwtSecretOverride?: string): Promise<Keys> {
  const file = path.join(dataDir, 'keys.json');
  let stored: StoredKeys;
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing === null) {
    stored = freshKeys();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
    await chmod(file, 0o600);
  } else {
    stored = StoredKeys.parse(JSON.parse(existing));
  }
  const jwtSecret = jwtSecretOverride && jwtSecretOverride.length > 0 ? jwtSecretOverride : stored.jwtSecret;
  return {
    jwtSecret,
    anonKey: await apiKey(jwtSecret, 'anon', stored.issuedAt),
    serviceRoleKey: await apiKey(jwtSecret, 'service_role', stored.issuedAt),
    razorpayKeyId: stored.razorpayKeyId,
    razorpayKeySecret: stored.razorpayKeySecret,
    razorpayWebhookSecret: stored.razorpayWebhookSecret,
    emailjsPublicKey: stored.emailjsPublicKey,
    emailjsServiceId: stored.emailjsServiceId,
    emailjsTemplateId: stored.emailjsTemplateId,
  };
}
