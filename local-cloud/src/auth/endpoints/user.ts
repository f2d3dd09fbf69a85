import type { Hono } from 'hono';
import { checkPasswordStrength, mergeMetadata, requireEmail, type AuthApi } from '../authApi.ts';
import { AuthError } from '../errors.ts';
import { UpdateUserBody } from '../schemas.ts';
import { sessionAal } from '../sessions.ts';
import { findFactors, findUserByEmail, loadUserJson, normalizeEmail, updateUser, type UserRow } from '../users.ts';

const nonceInvalid = () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');

/** GET /user and PUT /user: the signed-in user, and changes to their metadata, password or email. */
export function mountUser(auth: Hono, api: AuthApi): void {
  const { ctx, settings } = api;
  const otpLifetimeMs = (ctx.config.otpExpirySeconds ?? 3600) * 1000;

  auth.get('/user', async (c) => {
    const { user } = await api.authenticate(c);
    return c.json(await ctx.db.asOwner((tx) => loadUserJson(tx, user)));
  });

  /** GoTrue's verifyReauthentication: the mailed nonce, unexpired; it works once. A few wrong ones void it. */
  async function consumeNonce(user: UserRow, nonce: string): Promise<void> {
    const key = `reauth:${user.email ?? ''}`;
    if (!user.email || !user.reauthentication_token || !user.reauthentication_sent_at || api.codesVoided(key)) throw nonceInvalid();
    const fresh = Date.now() - new Date(user.reauthentication_sent_at).getTime() < otpLifetimeMs;
    if (!fresh || api.codeHash(user.email, nonce.trim()) !== user.reauthentication_token) {
      api.wrongCode(key);
      throw nonceInvalid();
    }
    await ctx.db.asOwner((tx) => updateUser(tx, user.id, { reauthentication_token: null, reauthentication_sent_at: null }));
  }

  auth.put('/user', async (c) => {
    const { user, sessionId } = await api.authenticate(c);
    api.limit(c, 'signInsSignUps');
    const input = await api.body(c, UpdateUserBody);
    const password = input.password !== undefined ? checkPasswordStrength(input.password, api.minimumPasswordLength) : undefined;
    const newEmail = input.email !== undefined ? requireEmail(input.email) : undefined;
    const changesEmail = newEmail !== undefined && newEmail !== normalizeEmail(user.email ?? '');

    const { verifiedFactors, session } = await ctx.db.asOwner(async (tx) => ({
      verifiedFactors: (await findFactors(tx, user.id)).filter((f) => f.status === 'verified').length,
      session: await sessionAal(tx, sessionId),
    }));
    // A stolen password alone must not be enough to lock the owner out.
    if (verifiedFactors > 0 && session?.aal !== 'aal2' && (password || changesEmail)) {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    if (password !== undefined && settings.securePasswordChange) {
      const signedInAt = session?.createdAt.getTime() ?? 0;
      if (Date.now() - signedInAt > settings.recentSignInSeconds * 1000) {
        if (!input.nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
        await consumeNonce(user, input.nonce);
      }
    }

    const sets: Record<string, unknown> = {};
    if (input.data) sets.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data ?? {}, input.data));
    if (password !== undefined) {
      if (user.encrypted_password && (await api.passwords.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      sets.encrypted_password = await api.passwords.hash(password);
    }
    let pendingEmail: string | null = null;
    if (newEmail !== undefined && changesEmail) {
      const taken = await ctx.db.asOwner((tx) => findUserByEmail(tx, newEmail));
      if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      if (ctx.config.autoconfirm) sets.email = newEmail;
      else pendingEmail = newEmail;
    }
    if (pendingEmail) {
      // Mailed first: over a mail limit, nothing about the account has changed.
      await api.mailToken(pendingEmail, user.id, 'email_change', api.redirectTarget(c.req.query('redirect_to')));
      sets.email_change = pendingEmail;
    }
    const json = await ctx.db.asOwner(async (tx) =>
      loadUserJson(tx, Object.keys(sets).length ? await updateUser(tx, user.id, sets) : user),
    );
    return c.json(json);
  });
}
