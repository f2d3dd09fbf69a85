import bcrypt from 'bcryptjs';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { JwtClaims, LocalCloudContext, MountRoutes } from '../context.ts';
import { clientIp, readJsonBody } from '../http/body.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { JwtError } from '../jwt.ts';
import { API_VERSION, AuthError, invalidCredentials, otpExpired, sendAuthError, validationFailed, weakPassword } from './errors.ts';
import { EmailFrequencyGuard, sendAuthMail, verifyLink, type MailType } from './mailer.ts';
import {
  PasswordGrantBody,
  RecoverBody,
  RefreshGrantBody,
  ResendBody,
  SignupBody,
  UpdateUserBody,
  VerifyBody,
  VerifyType,
  describeZodError,
} from './schemas.ts';
import { refreshSession, sessionExists, startSession, type SessionJson } from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByToken,
  isValidEmail,
  newOtp,
  normalizeEmail,
  otpHash,
  updateUser,
  userJson,
  type UserRow,
} from './users.ts';

const MIN_PASSWORD_LENGTH = 6;
const BCRYPT_COST = 10;
const OTP_LIFETIME_SECONDS = 24 * 3600;

/** Parses the JSON body against a schema, turning every failure into GoTrue's error. */
async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const res = await readJsonBody(c, 1024 * 1024, {});
  if (!res.ok) {
    if (res.reason === 'too_large') throw new AuthError(413, 'request_too_large', 'Request body too large');
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  const parsed = schema.safeParse(res.value);
  if (!parsed.success) throw validationFailed(describeZodError(parsed.error));
  return parsed.data;
}

function requireEmail(email: string | undefined): string {
  if (!email) throw validationFailed('Email address is required');
  const normalized = normalizeEmail(email);
  if (!isValidEmail(normalized)) throw validationFailed('Unable to validate email address: invalid format');
  return normalized;
}

function checkPasswordStrength(password: string | undefined): string {
  if (password === undefined || password === '') throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  if (password.length < MIN_PASSWORD_LENGTH) throw weakPassword(MIN_PASSWORD_LENGTH);
  if (password.length > 72) throw new AuthError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  return password;
}

/** Merges user metadata key by key; a null value removes the key (GoTrue's UpdateUserMetaData). */
function mergeMetadata(current: Record<string, unknown>, updates: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

function otpStillValid(sentAt: Date | string | null): boolean {
  return sentAt !== null && Date.now() - new Date(sentAt).getTime() < OTP_LIFETIME_SECONDS * 1000;
}

export const mountAuth: MountRoutes = (app: Hono, ctx: LocalCloudContext) => {
  const siteUrl = ctx.config.siteUrl ?? 'http://localhost:3000';
  const limiter = new RateLimiter(ctx.config.authRateLimitPerMinute);
  const mailGuard = new EmailFrequencyGuard(ctx.config.emailSendIntervalSeconds ?? 60);

  /** Only the site itself or a loopback origin may receive sessions in a redirect. */
  function allowedRedirect(candidate: string | undefined): string {
    if (!candidate) return siteUrl;
    try {
      const url = new URL(candidate);
      const site = new URL(siteUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
      if (url.origin === site.origin || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return url.toString();
    } catch {
      /* not a URL: fall back */
    }
    return siteUrl;
  }

  function rateLimit(c: Context, endpoint: string) {
    if (!limiter.hit(`${endpoint}:${clientIp(c)}`)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /** The user behind the Bearer access token, with its live session. */
  async function authenticate(c: Context): Promise<{ claims: JwtClaims; user: UserRow; sessionId: string }> {
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
  }

  async function mailToken(
    email: string,
    userId: string,
    type: MailType,
    redirectTo: string,
    column: 'confirmation' | 'recovery' | 'email_change',
  ) {
    mailGuard.check(email, type);
    const { otp, tokenHash } = newOtp(email);
    await ctx.db.asOwner((tx) =>
      updateUser(tx, userId, { [`${column}_token`]: tokenHash, [`${column}_sent_at`]: new Date().toISOString() }),
    );
    await sendAuthMail(ctx, email, type, otp, verifyLink(ctx, tokenHash, type, redirectTo));
    mailGuard.record(email, type);
  }

  const auth = new Hono();

  auth.use('*', async (c, next) => {
    await next();
    c.header('X-Supabase-Api-Version', API_VERSION);
  });

  auth.onError((err, c) => {
    if (err instanceof AuthError) return sendAuthError(c, err);
    ctx.log.error('auth handler failed', { path: c.req.path, error: err instanceof Error ? err.message : String(err) });
    return sendAuthError(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });

  auth.get('/health', (c) => c.json({ version: 'local-cloud', name: 'GoTrue', description: 'local-cloud stand-in for Supabase Auth' }));

  auth.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false, google: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: ctx.config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  auth.post('/signup', async (c) => {
    rateLimit(c, 'signup');
    const input = await body(c, SignupBody);
    const email = requireEmail(input.email);
    const password = checkPasswordStrength(input.password);
    const redirectTo = allowedRedirect(c.req.query('redirect_to'));
    const metadata = mergeMetadata({}, input.data ?? {});

    const existing = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
    if (existing?.email_confirmed_at) {
      if (ctx.config.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
      // Confirmations on: answer like a fresh sign-up so addresses cannot be enumerated.
      const fake = userJson({
        ...existing,
        id: crypto.randomUUID(),
        raw_user_meta_data: metadata,
        created_at: new Date(),
        updated_at: new Date(),
        email_confirmed_at: null,
        last_sign_in_at: null,
        confirmation_sent_at: new Date(),
      });
      return c.json({ ...fake, identities: [] });
    }
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    let user: UserRow;
    if (existing) {
      user = await ctx.db.asOwner((tx) =>
        updateUser(tx, existing.id, { encrypted_password: hash, raw_user_meta_data: JSON.stringify(metadata) }),
      );
    } else {
      user = await ctx.db.asOwner(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at)
           values ($1, $2, $3::jsonb, $4::jsonb, case when $5::boolean then now() end) returning id`,
          [email, hash, JSON.stringify(metadata), JSON.stringify({ provider: 'email', providers: ['email'] }), ctx.config.autoconfirm],
        );
        return (await findUserById(tx, rows[0].id)) as UserRow;
      });
    }
    if (ctx.config.autoconfirm) {
      return c.json(await ctx.db.asOwner((tx) => startSession(ctx, tx, user.id, 'password')));
    }
    await mailToken(email, user.id, 'signup', redirectTo, 'confirmation');
    const fresh = await ctx.db.asOwner((tx) => findUserById(tx, user.id));
    return c.json(userJson(fresh as UserRow));
  });

  auth.post('/token', async (c) => {
    rateLimit(c, 'token');
    const grant = c.req.query('grant_type');
    if (grant === 'password') {
      const input = await body(c, PasswordGrantBody);
      if (!input.email || !input.password) throw invalidCredentials();
      const email = normalizeEmail(input.email);
      const user = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
      // bcrypt runs outside any transaction so the database queue is not held for it
      const ok = user?.encrypted_password ? await bcrypt.compare(input.password, user.encrypted_password) : false;
      if (!user || !ok) throw invalidCredentials();
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return c.json(await ctx.db.asOwner((tx) => startSession(ctx, tx, user.id, 'password')));
    }
    if (grant === 'refresh_token') {
      const input = await body(c, RefreshGrantBody);
      if (!input.refresh_token) throw new AuthError(400, 'validation_failed', 'refresh_token required');
      const token = input.refresh_token;
      const result = await ctx.db.asOwner((tx) => refreshSession(ctx, tx, token));
      if (result instanceof AuthError) throw result; // thrown after commit: reuse detection must stick
      return c.json(result);
    }
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
  });

  auth.get('/user', async (c) => {
    const { user } = await authenticate(c);
    return c.json(userJson(user));
  });

  auth.put('/user', async (c) => {
    const { user } = await authenticate(c);
    const input = await body(c, UpdateUserBody);
    const sets: Record<string, unknown> = {};
    if (input.data) sets.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data ?? {}, input.data));
    if (input.password !== undefined) {
      const password = checkPasswordStrength(input.password);
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      sets.encrypted_password = await bcrypt.hash(password, BCRYPT_COST);
    }
    let pendingEmail: string | null = null;
    if (input.email !== undefined) {
      const email = requireEmail(input.email);
      if (email !== normalizeEmail(user.email ?? '')) {
        const taken = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
        if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        if (ctx.config.autoconfirm) sets.email = email;
        else pendingEmail = email;
      }
    }
    if (pendingEmail) mailGuard.check(pendingEmail, 'email_change');
    let updated = Object.keys(sets).length ? await ctx.db.asOwner((tx) => updateUser(tx, user.id, sets)) : user;
    if (pendingEmail) {
      const { otp, tokenHash } = newOtp(pendingEmail);
      updated = await ctx.db.asOwner((tx) =>
        updateUser(tx, user.id, {
          email_change: pendingEmail,
          email_change_token: tokenHash,
          email_change_sent_at: new Date().toISOString(),
        }),
      );
      await sendAuthMail(
        ctx,
        pendingEmail,
        'email_change',
        otp,
        verifyLink(ctx, tokenHash, 'email_change', allowedRedirect(c.req.query('redirect_to'))),
      );
      mailGuard.record(pendingEmail, 'email_change');
    }
    return c.json(userJson(updated));
  });

  auth.post('/logout', async (c) => {
    const { user, sessionId } = await authenticate(c);
    const scope = c.req.query('scope') ?? 'global';
    await ctx.db.asOwner(async (tx) => {
      if (scope === 'local') await tx.query('delete from local_cloud.sessions where id = $1', [sessionId]);
      else if (scope === 'others') await tx.query('delete from local_cloud.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      else if (scope === 'global') await tx.query('delete from local_cloud.sessions where user_id = $1', [user.id]);
      else throw validationFailed(`Unsupported logout scope "${scope}"`);
    });
    return c.body(null, 204);
  });

  auth.post('/recover', async (c) => {
    rateLimit(c, 'recover');
    const input = await body(c, RecoverBody);
    const email = requireEmail(input.email);
    const user = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
    if (user) await mailToken(email, user.id, 'recovery', allowedRedirect(c.req.query('redirect_to')), 'recovery');
    return c.json({});
  });

  // Sends the confirmation mail again to an address not yet confirmed. Like /recover it answers the
  // same for unknown and already-confirmed addresses, so it cannot be used to probe who has an account.
  auth.post('/resend', async (c) => {
    rateLimit(c, 'recover');
    const input = await body(c, ResendBody);
    if (input.type !== 'signup') throw validationFailed('Only type "signup" can be resent here');
    const email = requireEmail(input.email);
    const user = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
    if (user && !user.email_confirmed_at)
      await mailToken(email, user.id, 'signup', allowedRedirect(c.req.query('redirect_to')), 'confirmation');
    return c.json({});
  });

  /** Checks a mailed token and applies what it confirms; returns the user id to start a session for. */
  async function consumeToken(type: string, tokenHash: string): Promise<string> {
    const kind = VerifyType.safeParse(type);
    if (!kind.success) throw validationFailed(`Verify requires a verification type`);
    const t = kind.data;
    if (t === 'invite') throw validationFailed('Invites are not supported');
    return ctx.db.asOwner(async (tx) => {
      if (t === 'signup' || t === 'email' || t === 'magiclink') {
        const user = await findUserByToken(tx, 'confirmation_token', tokenHash);
        if (user && otpStillValid(user.confirmation_sent_at)) {
          await updateUser(tx, user.id, {
            confirmation_token: null,
            email_confirmed_at: user.email_confirmed_at ?? new Date().toISOString(),
          });
          return user.id;
        }
        if (t === 'signup') throw otpExpired();
      }
      if (t === 'recovery' || t === 'email' || t === 'magiclink') {
        const user = await findUserByToken(tx, 'recovery_token', tokenHash);
        if (user && otpStillValid(user.recovery_sent_at)) {
          // following a recovery link proves the address, so it also confirms it
          await updateUser(tx, user.id, { recovery_token: null, email_confirmed_at: user.email_confirmed_at ?? new Date().toISOString() });
          return user.id;
        }
        throw otpExpired();
      }
      const user = await findUserByToken(tx, 'email_change_token', tokenHash);
      if (!user || !user.email_change || !otpStillValid(user.email_change_sent_at)) throw otpExpired();
      await updateUser(tx, user.id, { email: user.email_change, email_change: null, email_change_token: null, email_change_sent_at: null });
      return user.id;
    });
  }

  auth.post('/verify', async (c) => {
    rateLimit(c, 'verify');
    const input = await body(c, VerifyBody);
    let tokenHash: string;
    if (input.token_hash) tokenHash = input.token_hash;
    else if (input.token && input.email) tokenHash = otpHash(input.email, input.token);
    else throw validationFailed('Verify requires either a token_hash, or a token and an email');
    const userId = await consumeToken(input.type, tokenHash);
    const session: SessionJson = await ctx.db.asOwner((tx) => startSession(ctx, tx, userId, 'otp'));
    return c.json(session);
  });

  auth.get('/verify', async (c) => {
    rateLimit(c, 'verify');
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = allowedRedirect(c.req.query('redirect_to'));
    try {
      if (!token) throw otpExpired();
      const userId = await consumeToken(type, token);
      const s = await ctx.db.asOwner((tx) => startSession(ctx, tx, userId, 'otp'));
      const fragment = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type: type === 'email' || type === 'magiclink' ? 'magiclink' : type,
      });
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
    } catch (err) {
      if (!(err instanceof AuthError) || err.status === 429) throw err;
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: err.code,
        error_description: err.code === 'otp_expired' ? 'Email link is invalid or has expired' : err.message,
      });
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
    }
  });

  // unknown auth paths answer in GoTrue's shape too
  auth.all('*', (c) => sendAuthError(c, new AuthError(404, 'not_found', `Unknown auth endpoint ${c.req.method} ${c.req.path}`)));

  app.route('/auth/v1', auth);
};
