// supabase/config.toml, read the way the Supabase CLI reads it: one file configures the hosted
// project and local-cloud alike (auth limits, redirect URLs, mail settings, functions).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { z } from 'zod';

export const CONFIG_TOML = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/config.toml');

/** "1m0s", "60s", "1h" (Go durations, as config.toml writes them) in seconds. */
export function goDurationSeconds(value: string): number {
  let total = 0;
  const parts = value.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g);
  let matched = '';
  for (const [whole, amount, unit] of parts) {
    matched += whole;
    total += Number(amount) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
  }
  if (matched !== value) throw new Error(`not a duration: "${value}"`);
  return total;
}

/** GoTrue's limits, with Supabase's documented windows (see AuthRateLimits). */
const RateLimitToml = z.object({
  email_sent: z.number().int().nonnegative().default(2),
  sign_in_sign_ups: z.number().int().nonnegative().default(30),
  token_refresh: z.number().int().nonnegative().default(150),
  token_verifications: z.number().int().nonnegative().default(30),
});

const ConfigToml = z.object({
  auth: z
    .object({
      site_url: z.string().default('http://localhost:3000'),
      additional_redirect_urls: z.array(z.string()).default([]),
      minimum_password_length: z.number().int().positive().default(6),
      rate_limit: RateLimitToml.prefault({}),
      email: z
        .object({
          max_frequency: z.string().default('1m0s'),
          otp_expiry: z.number().int().positive().default(3600),
        })
        .prefault({}),
    })
    .prefault({}),
  functions: z.record(z.string(), z.object({ verify_jwt: z.boolean().default(true) })).default({}),
  db: z.object({ seed: z.object({ enabled: z.boolean().default(true) }).prefault({}) }).prefault({}),
});

type ProjectConfig = z.infer<typeof ConfigToml>;

/**
 * How many of each an IP (or, for mail, the whole project) may do per window: `[auth.rate_limit]`.
 * Windows as Supabase documents them: email_sent per hour; the others per 5 minutes per IP.
 */
export interface AuthRateLimits {
  emailSentPerHour: number;
  signInsSignUpsPer5Min: number;
  tokenRefreshesPer5Min: number;
  tokenVerificationsPer5Min: number;
}

export function authRateLimits(config: ProjectConfig): AuthRateLimits {
  const limits = config.auth.rate_limit;
  return {
    emailSentPerHour: limits.email_sent,
    signInsSignUpsPer5Min: limits.sign_in_sign_ups,
    tokenRefreshesPer5Min: limits.token_refresh,
    tokenVerificationsPer5Min: limits.token_verifications,
  };
}

/** Reads and checks config.toml; a missing file means every default, a broken one is an error worth reading. */
export function readProjectConfig(file = CONFIG_TOML): ProjectConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return ConfigToml.parse({});
  }
  const parsed = ConfigToml.safeParse(parse(text));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
