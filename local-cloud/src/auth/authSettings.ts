// The parts of supabase/config.toml only the auth API reads, as the Supabase CLI names them:
// [auth.mfa] and its factor types, [auth.email] secure_password_change and the MFA notifications,
// and [auth.hook.mfa_verification_attempt]. The rest of config.toml is read by projectConfig.ts.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { z } from 'zod';
import { CONFIG_TOML } from '../projectConfig.ts';

const FactorTypeToml = z.object({ enroll_enabled: z.boolean().default(false), verify_enabled: z.boolean().default(false) });
const HookToml = z.object({ enabled: z.boolean().default(false), uri: z.string().default('') });
const NotificationToml = z.object({ enabled: z.boolean().default(false) });
const TemplateToml = z.object({ subject: z.string().optional() });

const AuthSettingsToml = z.object({
  auth: z
    .object({
      mfa: z
        .object({
          max_enrolled_factors: z.number().int().positive().default(10),
          totp: FactorTypeToml.prefault({}),
        })
        .prefault({}),
      email: z
        .object({
          secure_password_change: z.boolean().default(false),
          notification: z
            .object({
              mfa_factor_enrolled: NotificationToml.prefault({}),
              mfa_factor_unenrolled: NotificationToml.prefault({}),
            })
            .prefault({}),
          template: z
            .object({
              confirmation: TemplateToml.prefault({}),
              recovery: TemplateToml.prefault({}),
              magic_link: TemplateToml.prefault({}),
              email_change: TemplateToml.prefault({}),
            })
            .prefault({}),
        })
        .prefault({}),
      hook: z.object({ mfa_verification_attempt: HookToml.prefault({}) }).prefault({}),
    })
    .prefault({}),
});

export interface AuthSettings {
  /** `[auth.mfa] max_enrolled_factors`: factors of any status a user may hold (GoTrue's default 10). */
  maxEnrolledFactors: number;
  /** GoTrue's MFA_MAX_VERIFIED_FACTORS, which config.toml does not expose: 10. */
  maxVerifiedFactors: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
  /** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION: a challenge is answered within 300 s. */
  challengeExpirySeconds: number;
  /** GoTrue's MFA_FACTOR_EXPIRY_DURATION: an unverified factor older than this is dropped at the next enrolment. */
  unverifiedFactorExpirySeconds: number;
  /** `[auth.email] secure_password_change`: a password change needs the mailed nonce unless signed in recently. */
  securePasswordChange: boolean;
  /**
   * How recent a sign-in spares the nonce. GoTrue fixes it at 24 hours; local-cloud reads
   * AUTH_RECENT_SIGN_IN_SECONDS so a browser test can make every session count as old.
   */
  recentSignInSeconds: number;
  /** `[auth.hook.mfa_verification_attempt]`: the Postgres function asked about every code, or null. */
  mfaVerificationHook: string | null;
  notifyFactorEnrolled: boolean;
  notifyFactorUnenrolled: boolean;
  /** `[auth.email.template.<name>] subject`, where config.toml sets one (GoTrue's default otherwise). */
  mailSubjects: Partial<Record<'signup' | 'recovery' | 'magiclink' | 'email_change', string>>;
}

/** `pg-functions://postgres/<schema>/<function>` → `"schema"."function"`, refusing anything that is not a plain name. */
function pgFunctionHookName(uri: string): string {
  const m = /^pg-functions:\/\/[^/]+\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)$/.exec(uri);
  if (!m) throw new Error(`[auth.hook.mfa_verification_attempt] uri must be pg-functions://<db>/<schema>/<function>, got "${uri}"`);
  return `"${m[1]}"."${m[2]}"`;
}

export function readAuthSettings(file = CONFIG_TOML, env: NodeJS.ProcessEnv = process.env): AuthSettings {
  let raw: unknown = {};
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const parsed = AuthSettingsToml.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { mfa, email, hook } = parsed.data.auth;
  const recent = env.AUTH_RECENT_SIGN_IN_SECONDS;
  const recentSignInSeconds = recent !== undefined && recent !== '' && /^\d+$/.test(recent) ? Number(recent) : 24 * 60 * 60;
  return {
    maxEnrolledFactors: mfa.max_enrolled_factors,
    maxVerifiedFactors: 10,
    totpEnrollEnabled: mfa.totp.enroll_enabled,
    totpVerifyEnabled: mfa.totp.verify_enabled,
    challengeExpirySeconds: 300,
    unverifiedFactorExpirySeconds: 300,
    securePasswordChange: email.secure_password_change,
    recentSignInSeconds,
    mfaVerificationHook: hook.mfa_verification_attempt.enabled ? pgFunctionHookName(hook.mfa_verification_attempt.uri) : null,
    notifyFactorEnrolled: email.notification.mfa_factor_enrolled.enabled,
    notifyFactorUnenrolled: email.notification.mfa_factor_unenrolled.enabled,
    mailSubjects: {
      signup: email.template.confirmation.subject,
      recovery: email.template.recovery.subject,
      magiclink: email.template.magic_link.subject,
      email_change: email.template.email_change.subject,
    },
  };
}
