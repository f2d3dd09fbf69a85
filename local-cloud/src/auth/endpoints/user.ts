import type { Hono } from 'hono';
import { checkPasswordStrength, mergeMetadata, requireEmail, type AuthApi } from '../authApi.ts';
import { AuthError } from '../errors.ts';
import { UpdateUserBody } from '../schemas.ts';
import { findUserByEmail, normalizeEmail, updateUser, userJson } from '../users.ts';

/** GET /user and PUT /user: the signed-in user, and changes to their metadata, password or email. */
export function mountUser(auth: Hono, api: AuthApi): void {
  const { ctx } = api;
  auth.get('/user', async (c) => {
    const { user } = await api.authenticate(c);
    return c.json(userJson(user));
  });

  auth.put('/user', async (c) => {
    const { user } = await api.authenticate(c);
    const input = await api.body(c, UpdateUserBody);
    const sets: Record<string, unknown> = {};
    if (input.data) sets.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data ?? {}, input.data));
    if (input.password !== undefined) {
      const password = checkPasswordStrength(input.password, api.minimumPasswordLength);
      if (user.encrypted_password && (await api.passwords.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      sets.encrypted_password = await api.passwords.hash(password);
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
    if (pendingEmail) {
      // Mailed first: over a mail limit, nothing about the account has changed.
      await api.mailToken(pendingEmail, user.id, 'email_change', api.redirectTarget(c.req.query('redirect_to')));
      sets.email_change = pendingEmail;
    }
    const updated = Object.keys(sets).length ? await ctx.db.asOwner((tx) => updateUser(tx, user.id, sets)) : user;
    return c.json(userJson(updated));
  });
}
