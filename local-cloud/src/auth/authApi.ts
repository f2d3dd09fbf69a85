// What every auth endpoint uses: body parsing in GoTrue's error shape, the rate limits of
// config.toml, the mailer with its limits, the redirect allow-list and the caller's session.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { JwtClaims, LocalCloudContext } from '../context.ts';
import { clientIp, readJsonBody } from '../http/body.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { JwtError } from '../jwt.ts';
import { AuthError, validationFailed, weakPassword } from './errors.ts';
import { EmailFrequencyGuard, sendAuthMail, verifyLink, type MailType } from './mailer.ts';
import type { PasswordHasher } from './passwordHasher.ts';
import { describeZodError } from './schemas.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, isValidEmail, newOtp, normalizeEmail, updateUser, type UserRow } from './users.ts';

const FIVE_MINUTES = 5 * 60_000;
const ONE_HOUR = 60 * 60_000;
/** Wrong codes for one address before its outstanding codes stop working (a new one must be mailed). */
export const MAX_WRONG_CODES = 5;

export interface AuthApi {
  ctx: LocalCloudContext;
  passwords: PasswordHasher;
  minimumPasswordLength: number;
  /** Parses the JSON body against a schema, turning every failure into GoTrue's error. */
  body<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>>;
  /** Counts a request against `[auth.rate_limit]`; 429 over_request_rate_limit when over. */
  limit(c: Context, kind: 'signInsSignUps' | 'tokenRefreshes' | 'tokenVerifications'): void;
  /** Throws the 429 mailToken would, without sending: checked before creating what the mail is for. */
  checkMailLimits(email: string, type: MailType): void;
  /** Mails a confirmation, recovery or email-change link and code, within the mail limits. */
  mailToken(email: string, userId: string, type: MailType, redirectTo: string): Promise<void>;
  /** Where an auth link may land: the site URL's origin or an additional_redirect_urls match, else the site URL. */
  redirectTarget(candidate: string | undefined): string;
  /** The user behind the Bearer access token, with its live session. */
  authenticate(c: Context): Promise<{ claims: JwtClaims; user: UserRow; sessionId: string }>;
  /** Records a wrong code for an address; true once it has had too many (its codes are then void). */
  wrongCode(email: string): boolean;
  /** Whether an address's codes were voided by wrong tries since its last mail. */
  codesVoided(email: string): boolean;
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
 * GoTrue's allow-list globs: `*` matches within one host label or path segment, `**` across them.
 * (gobwas/glob with '.' and '/' as separators.)
 */
export function redirectPatternMatches(pattern: string, url: string): boolean {
  const regex = pattern
    .split(/(\*\*|\*|\?)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^./]*' : part === '?' ? '[^./]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${regex}$`).test(url);
}

export function createAuthApi(ctx: LocalCloudContext): AuthApi {
  const { config } = ctx;
  const siteUrl = config.siteUrl ?? 'http://localhost:3000';
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

  return {
    ctx,
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

    checkMailLimits(email, type) {
      mailGuard.check(email, type);
      if (!emailsSent.allows('project')) throw emailRateLimitExceeded();
    },

    async mailToken(email, userId, type, redirectTo) {
      mailGuard.check(email, type);
      if (!emailsSent.hit('project')) throw emailRateLimitExceeded();
      const column = type === 'signup' ? 'confirmation' : type;
      const { otp, tokenHash } = newOtp(email);
      await ctx.db.asOwner((tx) =>
        updateUser(tx, userId, { [`${column}_token`]: tokenHash, [`${column}_sent_at`]: new Date().toISOString() }),
      );
      wrongCodes.delete(normalizeEmail(email));
      await sendAuthMail(ctx, email, type, otp, verifyLink(ctx, tokenHash, type, redirectTo));
      mailGuard.record(email, type);
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
      if (url.origin === new URL(siteUrl).origin) return url.toString();
      return (config.additionalRedirectUrls ?? []).some((pattern) => redirectPatternMatches(pattern, url.toString()))
        ? url.toString()
        : siteUrl;
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

    wrongCode(email) {
      const key = normalizeEmail(email);
      const count = (wrongCodes.get(key) ?? 0) + 1;
      wrongCodes.set(key, count);
      if (wrongCodes.size > 10_000) wrongCodes.delete(wrongCodes.keys().next().value!);
      return count >= MAX_WRONG_CODES;
    },

    codesVoided(email) {
      return (wrongCodes.get(normalizeEmail(email)) ?? 0) >= MAX_WRONG_CODES;
    },
  };
}
