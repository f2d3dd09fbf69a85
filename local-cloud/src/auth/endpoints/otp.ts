import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { mergeMetadata, requireEmail, type AuthApi } from '../authApi.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { OtpBody } from '../schemas.ts';
import { findUserByEmail, insertUser } from '../users.ts';

/**
 * POST /otp: passwordless sign-in by mail, a link and a six-digit code in one message (GoTrue's
 * MagicLink). An address without a confirmed account is signed up instead and gets the confirmation
 * mail, which signs in the same way; with `create_user: false` an unknown address is refused, as
 * GoTrue does. Every answer takes as long, whoever the address belongs to.
 */
export function mountOtp(auth: Hono, api: AuthApi): void {
  const { ctx } = api;
  auth.post('/otp', async (c) => {
    api.limit(c, 'signInsSignUps');
    const input = await api.body(c, OtpBody);
    if (input.email && input.phone) throw validationFailed('Only an email address or phone number should be provided');
    if (input.email && input.channel) throw validationFailed('Channel should only be specified with Phone OTP');
    const createUser = input.create_user ?? true;
    const redirectTo = api.redirectTarget(c.req.query('redirect_to'));

    if (input.phone) {
      // No SMS provider here, as in a project without one.
      if (!createUser) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    }
    if (!input.email) throw validationFailed('One of email or phone must be set');
    const email = requireEmail(input.email);
    // A new account costs a password hash (a password nobody knows: the mail is the way in, as in
    // GoTrue). Every answer pays it, or its time would tell a known address from an unknown one.
    const throwawayPasswordHash = await api.passwords.hash(randomBytes(24).toString('base64url'));
    const user = await ctx.db.asOwner((tx) => findUserByEmail(tx, email));
    if (!createUser && !user) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');

    if (user?.email_confirmed_at) {
      await api.mailToken(email, user.id, 'magiclink', redirectTo);
      return c.json({});
    }
    if (user) {
      // Signed up, never confirmed: the confirmation mail again (it signs in as the link would).
      await api.mailToken(email, user.id, 'signup', redirectTo);
      return c.json({});
    }
    // Over a mail limit, no account is created that could never be confirmed.
    if (!ctx.config.autoconfirm) api.checkMailLimits(email, 'signup');
    const created = await ctx.db.asOwner((tx) =>
      insertUser(tx, {
        email,
        passwordHash: throwawayPasswordHash,
        userMetadata: mergeMetadata({}, input.data ?? {}),
        confirmed: ctx.config.autoconfirm,
      }),
    );
    await api.mailToken(email, created.id, ctx.config.autoconfirm ? 'magiclink' : 'signup', redirectTo);
    return c.json({});
  });
}
