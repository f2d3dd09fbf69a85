// What every auth endpoint uses: body parsing in GoTrue's error shape, the rate limits of
// config.toml, the mailer with its limits, the redirect allow-list and the caller's session.
import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { clientIp, readJsonBody } from '../http/body.ts';
import { RateLimiter } from '../http/rateLimit.ts';
import { JwtError } from '../jwt.ts';
import { AuthError, validationFailed, weakPassword } from './errors.ts';
import { readProjectConfig } from '../projectConfig.ts';
import { readAuthSettings, type AuthSettings } from './authSettings.ts';
import { EmailFrequencyGuard, sendAuthMail, sendReauthenticationMail, tokenColumnsOf, verifyLink, type MailType } from './mailer.ts';
import type { PasswordHasher } from './passwordHasher.ts';
import { describeZodError } from './schemas.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, isValidEmail, newOtp, normalizeEmail, otpHash, updateUser, type UserRow } from './users.ts';

const FIVE_MINUTES = 5 * 60_000;
const ONE_HOUR = 60 * 60_000;
/** Wrong codes for one address before its outstanding codes stop working (a new one must be mailed). */
const MAX_WRONG_CODES = 5;

export interface AuthApi {
  ctx: LocalCloudContext;
  /** `[auth.mfa]`, secure_password_change, the MFA hook and notifications from config.toml. */
  settings: AuthSettings;
  passwords: PasswordHasher;
  minimumPasswordLength: number;
  /** Parses the JSON body against a schema, turning every failure into GoTrue's error. */
  body<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>>;
  /** Counts a request against `[auth.rate_limit]`; 429 over_request_rate_limit when over. */
  limit(c: Context, kind: 'signInsSignUps' | 'tokenRefreshes' | 'tokenVerifications'): void;
  /** GoTrue's MFA limiter: 15 challenges (and, apart, 15 verifications) a minute per IP, bursts of 30. */
  limitFactor(c: Context, kind: 'challenge' | 'verify'): void;
  /** Throws the 429 mailToken would, without sending: checked before creating what the mail is for. */
  checkMailLimits(email: string, type: MailType): void;
  /** Mails a confirmation, recovery or email-change link and code, within the mail limits. */
  mailToken(email: string, userId: string, type: MailType, redirectTo: string): Promise<void>;
  /** Mails a reauthentication code (no link) and stores its hash, within the mail limits. */
  mailReauthentication(email: string, userId: string): Promise<void>;
  /**
   * Where an auth link may land: an `additional_redirect_urls` match (the app's auth routes; those
   * written for config.toml's site_url follow SITE_URL), else the site URL itself.
   */
  redirectTarget(candidate: string | undefined): string;
  /** The user behind the Bearer access token, with its live session. */
  authenticate(c: Context): Promise<{ claims: JwtClaims; user: UserRow; sessionId: string }>;
  /** Records a wrong code for an address (or `reauth:` + address); true once it has had too many (its codes are then void). */
  wrongCode(key: string): boolean;
  /** Whether an address's codes were voided by wrong tries since its last mail. */
  codesVoided(key: string): boolean;
  /** The stored (and linked) hash of a mailed code for an address, keyed with the server's secret. */
  codeHash(email: string, code: string): string;
}

const emailRateLimitExceeded = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');

export function requireEmail(email: string | undefined): string {
  if (!email) throw validationFailed('Email address is required');
  const normalized = normalizeEmail(email);
  if (!isValidEmail(normalized)) throw validationFailed('Unable to validate email address: invalid format');
  return normalized;
}

export function checkPasswordStrength(password: string | undefined, minimumLength: number): string {
  if (password === undefined || password === '') throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  if (password.length < minimumLength) throw weakPassword(minimumLength);
  if (password.length > 72) throw new AuthError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  return password;
}

/** Merges user metadata key by key; a null value removes the key (GoTrue's UpdateUserMetaData). */
export function mergeMetadata(current: Record<string, unknown>, updates: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/**
 * A token bucket per key (tollbooth, which GoTrue's MFA limits use): `burst` at once, then
 * `perMinute` spread over each minute.
 */
class TokenBucket {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
  ) {}

  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

/**
 * GoTrue's allow-list globs: `*` matches within one host label or path segment, `**` across them.
 * (gobwas/glob with '.' and '/' as separators.)
 */
function redirectPatternMatches(pattern: string, url: string): boolean {
  const regex = pattern
    .split(/(\*\*|\*|\?)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^./]*' : part === '?' ? '[^./]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${regex}$`).test(url);
}

/**
 * The allow-list with the entries written for config.toml's site_url moved to the site URL in force
 * (SITE_URL), as `env()` in config.toml would: the auth routes stay the auth routes wherever the site runs.
 */
function redirectAllowList(patterns: string[], tomlSiteUrl: string, siteUrl: string): string[] {
  const from = new URL(tomlSiteUrl).origin;
  const to = new URL(siteUrl).origin;
  if (from === to) return patterns;
  return patterns.flatMap((pattern) => (pattern.startsWith(`${from}/`) ? [pattern, `${to}${pattern.slice(from.length)}`] : [pattern]));
}

export function createAuthApi(ctx: LocalCloudContext): AuthApi {
  const { config } = ctx;
  const siteUrl = config.siteUrl ?? 'http://localhost:3000';
  const settings = readAuthSettings();
  const allowList = redirectAllowList(config.additionalRedirectUrls ?? [], readProjectConfig().auth.site_url, siteUrl);
  const factorLimits = { challenge: new TokenBucket(15, 30), verify: new TokenBucket(15, 30) };
  const limits = config.authRateLimits;
  const perIp = {
    signInsSignUps: new RateLimiter(limits.signInsSignUpsPer5Min, FIVE_MINUTES),
    tokenRefreshes: new RateLimiter(limits.tokenRefreshesPer5Min, FIVE_MINUTES),
    tokenVerifications: new RateLimiter(limits.tokenVerificationsPer5Min, FIVE_MINUTES),
  };
  // Project-wide, as on Supabase: the SMTP budget is shared by every address.
  const emailsSent = new RateLimiter(limits.emailSentPerHour, ONE_HOUR);
  const mailGuard = new EmailFrequencyGuard(config.emailSendIntervalSeconds ?? 60);
  const wrongCodes = new Map<string, number>();
  const passwords = ctx.passwords;
  // Derived from the JWT secret, so links mailed before a restart still work.
  const codeKey = createHmac('sha256', ctx.keys.jwtSecret).update('local-cloud mailed codes').digest();

  return {
    ctx,
    settings,
    passwords,
    minimumPasswordLength: config.minimumPasswordLength ?? 6,

    async body(c, schema) {
      const res = await readJsonBody(c, 1024 * 1024, {});
      if (!res.ok) {
        if (res.reason === 'too_large') throw new AuthError(413, 'request_too_large', 'Request body too large');
        throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
      }
      const parsed = schema.safeParse(res.value);
      if (!parsed.success) throw validationFailed(describeZodError(parsed.error));
      return parsed.data;
    },

    limit(c, kind) {
      // Each endpoint counts on its own, per caller address.
      if (!perIp[kind].hit(`${c.req.path}:${clientIp(c)}`))
        throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    },

    limitFactor(c, kind) {
      if (!factorLimits[kind].take(clientIp(c))) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    },

    checkMailLimits(email, type) {
      mailGuard.check(email, type);
      if (!emailsSent.allows('project')) throw emailRateLimitExceeded();
    },

    async mailToken(email, userId, type, redirectTo) {
      mailGuard.check(email, type);
      if (!emailsSent.hit('project')) throw emailRateLimitExceeded();
      const columns = tokenColumnsOf(type);
      const { otp, tokenHash } = newOtp(codeKey, email);
      await ctx.db.asOwner((tx) => updateUser(tx, userId, { [columns.token]: tokenHash, [columns.sentAt]: new Date().toISOString() }));
      wrongCodes.delete(normalizeEmail(email));
      await sendAuthMail(ctx, {
        to: email,
        type,
        otp,
        link: verifyLink(ctx, tokenHash, type, redirectTo),
        subject: settings.mailSubjects[type],
      });
      mailGuard.record(email, type);
    },

    async mailReauthentication(email, userId) {
      mailGuard.check(email, 'reauthentication');
      if (!emailsSent.hit('project')) throw emailRateLimitExceeded();
      const { otp, tokenHash } = newOtp(codeKey, email);
      await ctx.db.asOwner((tx) =>
        updateUser(tx, userId, { reauthentication_token: tokenHash, reauthentication_sent_at: new Date().toISOString() }),
      );
      wrongCodes.delete(`reauth:${normalizeEmail(email)}`);
      await sendReauthenticationMail(ctx, email, otp);
      mailGuard.record(email, 'reauthentication');
    },

    redirectTarget(candidate) {
      if (!candidate) return siteUrl;
      let url: URL;
      try {
        url = new URL(candidate);
      } catch {
        return siteUrl;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
      // Matched without the fragment, as GoTrue does. Any other page of the site (a published /p/
      // page among them) would receive the session in its address: only the auth routes may.
      const target = url.toString().split('#')[0];
      return allowList.some((pattern) => redirectPatternMatches(pattern, target)) ? url.toString() : siteUrl;
    },

    async authenticate(c) {
      const header = c.req.header('authorization') ?? '';
      const m = /^bearer\s+(.+)$/i.exec(header);
      if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      let claims: JwtClaims;
      try {
        claims = await ctx.verifyJwt(m[1].trim());
      } catch (err) {
        const reason =
          err instanceof JwtError && err.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
        throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
      }
      if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
        throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
      }
      const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
      const sub = claims.sub;
      const found = await ctx.db.asOwner(async (tx) => {
        const user = await findUserById(tx, sub);
        const live = sessionId !== '' && (await sessionExists(tx, sessionId));
        return { user, live };
      });
      if (!found.user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (!found.live) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      return { claims, user: found.user, sessionId };
    },

    wrongCode(address) {
      const key = normalizeEmail(address);
      const count = (wrongCodes.get(key) ?? 0) + 1;
      wrongCodes.set(key, count);
      if (wrongCodes.size > 10_000) wrongCodes.delete(wrongCodes.keys().next().value!);
      return count >= MAX_WRONG_CODES;
    },

    codesVoided(address) {
      return (wrongCodes.get(normalizeEmail(address)) ?? 0) >= MAX_WRONG_CODES;
    },

    codeHash(email, code) {
      return otpHash(codeKey, email, code);
    },
  };
}
