import type { Context, Hono } from 'hono';
import type { AuthApi } from '../authApi.ts';
import { AuthError, otpExpired, validationFailed } from '../errors.ts';
import { VerifyBody, VerifyType } from '../schemas.ts';
import { startSession, type SessionJson } from '../sessions.ts';
import { findUserByToken, normalizeEmail, updateUser } from '../users.ts';

/** GET /verify (the mailed link) and POST /verify (a link's hash, or the mailed code with its address). */
export function mountVerify(auth: Hono, api: AuthApi): void {
  const { ctx } = api;
  const lifetimeMs = (ctx.config.otpExpirySeconds ?? 3600) * 1000;
  const stillValid = (sentAt: Date | string | null) => sentAt !== null && Date.now() - new Date(sentAt).getTime() < lifetimeMs;

  /** Checks a mailed token and applies what it confirms; returns the user id to start a session for. */
  async function consumeToken(type: string, tokenHash: string): Promise<string> {
    const kind = VerifyType.safeParse(type);
    if (!kind.success) throw validationFailed(`Verify requires a verification type`);
    const t = kind.data;
    if (t === 'invite') throw validationFailed('Invites are not supported');
    return ctx.db.asOwner(async (tx) => {
      if (t === 'signup' || t === 'email' || t === 'magiclink') {
        const user = await findUserByToken(tx, 'confirmation_token', tokenHash);
        if (user && stillValid(user.confirmation_sent_at)) {
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
        if (user && stillValid(user.recovery_sent_at)) {
          // following a recovery link proves the address, so it also confirms it
          await updateUser(tx, user.id, { recovery_token: null, email_confirmed_at: user.email_confirmed_at ?? new Date().toISOString() });
          return user.id;
        }
        throw otpExpired();
      }
      const user = await findUserByToken(tx, 'email_change_token_new', tokenHash);
      if (!user || !user.email_change || !stillValid(user.email_change_sent_at)) throw otpExpired();
      await updateUser(tx, user.id, {
        email: user.email_change,
        email_change: null,
        email_change_token_new: null,
        email_change_sent_at: null,
      });
      return user.id;
    });
  }

  /** Voids the sign-up, sign-in and reset tokens mailed to an address: neither their codes nor their links work. */
  async function voidMailedTokens(email: string): Promise<void> {
    await ctx.db.asOwner((tx) =>
      tx.query(`update auth.users set confirmation_token = null, recovery_token = null where lower(email) = $1`, [normalizeEmail(email)]),
    );
  }

  auth.post('/verify', async (c) => {
    api.limit(c, 'tokenVerifications');
    const input = await api.body(c, VerifyBody);
    let userId: string;
    if (input.token_hash) {
      userId = await consumeToken(input.type, input.token_hash);
    } else if (input.token && input.email) {
      // A six-digit code can be guessed: a few wrong ones and the address's codes stop working, and so
      // do the links mailed with them (a new mail is needed).
      if (api.codesVoided(input.email)) throw otpExpired();
      try {
        userId = await consumeToken(input.type, api.codeHash(input.email, input.token));
      } catch (err) {
        if (err instanceof AuthError && err.code === 'otp_expired' && api.wrongCode(input.email)) await voidMailedTokens(input.email);
        throw err;
      }
    } else {
      throw validationFailed('Verify requires either a token_hash, or a token and an email');
    }
    const session: SessionJson = await ctx.db.asOwner((tx) => startSession(ctx, tx, userId, 'otp'));
    return c.json(session);
  });

  auth.get('/verify', async (c: Context) => {
    api.limit(c, 'tokenVerifications');
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = api.redirectTarget(c.req.query('redirect_to'));
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
}
