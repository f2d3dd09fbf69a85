import type { Hono } from 'hono';
import type { AuthApi } from '../authApi.ts';
import { AuthError, invalidCredentials } from '../errors.ts';
import { PasswordGrantBody, RefreshGrantBody } from '../schemas.ts';
import { refreshSession, startSession } from '../sessions.ts';
import { findUserByEmail, normalizeEmail } from '../users.ts';

/** POST /token: sign-in with a password, or a new access token for a refresh token. */
export function mountToken(auth: Hono, api: AuthApi): void {
  const { ctx } = api;
  auth.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (grant === 'password') {
      api.limit(c, 'signInsSignUps');
      const input = await api.body(c, PasswordGrantBody);
      if (!input.email || !input.password) throw invalidCredentials();
      const email = normalizeEmail(input.email);
      const user = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
      // bcrypt runs on a worker, outside any transaction, so neither the event loop nor the database waits.
      const ok = user?.encrypted_password ? await api.passwords.compare(input.password, user.encrypted_password) : false;
      if (!user || !ok) throw invalidCredentials();
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return c.json(await ctx.db.asOwner((tx) => startSession(ctx, tx, user.id, 'password')));
    }
    if (grant === 'refresh_token') {
      api.limit(c, 'tokenRefreshes');
      const input = await api.body(c, RefreshGrantBody);
      if (!input.refresh_token) throw new AuthError(400, 'validation_failed', 'refresh_token required');
      const token = input.refresh_token;
      const result = await ctx.db.asOwner((tx) => refreshSession(ctx, tx, token));
      if (result instanceof AuthError) throw result; // thrown after commit: reuse detection must stick
      return c.json(result);
    }
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
  });
}
