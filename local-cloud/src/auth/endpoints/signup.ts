import type { Hono } from 'hono';
import { checkPasswordStrength, mergeMetadata, requireEmail, type AuthApi } from '../authApi.ts';
import { AuthError } from '../errors.ts';
import { SignupBody } from '../schemas.ts';
import { startSession } from '../sessions.ts';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from '../users.ts';

/** POST /signup: a new account, confirmed by mail (or at once with autoconfirm). */
export function mountSignup(auth: Hono, api: AuthApi): void {
  const { ctx } = api;
  auth.post('/signup', async (c) => {
    api.limit(c, 'signInsSignUps');
    const input = await api.body(c, SignupBody);
    const email = requireEmail(input.email);
    const password = checkPasswordStrength(input.password, api.minimumPasswordLength);
    const redirectTo = api.redirectTarget(c.req.query('redirect_to'));
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
    if (existing) {
      // Not confirmed yet: whoever signs up again cannot prove the address, so the account, its
      // password and its metadata stay as they are (as GoTrue does); only the link is mailed again.
      await api.mailToken(email, existing.id, 'signup', redirectTo);
      const fresh = await ctx.db.asOwner((tx) => findUserById(tx, existing.id));
      return c.json(userJson(fresh as UserRow));
    }
    // Over a mail limit, no account is created that could never be confirmed.
    if (!ctx.config.autoconfirm) api.checkMailLimits(email, 'signup');
    const hash = await api.passwords.hash(password);
    const user = await ctx.db.asOwner((tx) =>
      insertUser(tx, { email, passwordHash: hash, userMetadata: metadata, confirmed: ctx.config.autoconfirm }),
    );
    if (ctx.config.autoconfirm) return c.json(await ctx.db.asOwner((tx) => startSession(ctx, tx, user.id, 'password')));
    await api.mailToken(email, user.id, 'signup', redirectTo);
    const fresh = await ctx.db.asOwner((tx) => findUserById(tx, user.id));
    return c.json(userJson(fresh as UserRow));
  });
}
