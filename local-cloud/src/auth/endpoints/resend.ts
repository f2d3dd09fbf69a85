import type { Hono } from 'hono';
import { requireEmail, type AuthApi } from '../authApi.ts';
import { validationFailed } from '../errors.ts';
import { ResendBody } from '../schemas.ts';
import { findUserByEmail } from '../users.ts';

/**
 * POST /resend: the sign-up confirmation again (address not confirmed yet), or the email-change
 * confirmation again (to the new address). Like /recover it answers the same whoever asks, so it
 * cannot be used to probe who has an account.
 */
export function mountResend(auth: Hono, api: AuthApi): void {
  auth.post('/resend', async (c) => {
    // Bounded by the mail limits, as /recover.
    const input = await api.body(c, ResendBody);
    if (input.type !== 'signup' && input.type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = requireEmail(input.email);
    const redirectTo = api.redirectTarget(c.req.query('redirect_to'));
    const user = await api.ctx.db.asOwner((tx) => findUserByEmail(tx, email));
    if (input.type === 'signup' && user && !user.email_confirmed_at) await api.mailToken(email, user.id, 'signup', redirectTo);
    if (input.type === 'email_change' && user?.email_change) await api.mailToken(user.email_change, user.id, 'email_change', redirectTo);
    return c.json({});
  });
}
