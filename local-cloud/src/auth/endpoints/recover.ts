import type { Hono } from 'hono';
import { requireEmail, type AuthApi } from '../authApi.ts';
import { RecoverBody } from '../schemas.ts';
import { findUserByEmail } from '../users.ts';

/** POST /recover: mails a password-reset link and code; the same answer whether or not the address has an account. */
export function mountRecover(auth: Hono, api: AuthApi): void {
  auth.post('/recover', async (c) => {
    // Bounded by the mail limits: one mail per address per max_frequency, email_sent per hour.
    const input = await api.body(c, RecoverBody);
    const email = requireEmail(input.email);
    const user = await api.ctx.db.asOwner((tx) => findUserByEmail(tx, email));
    if (user) await api.mailToken(email, user.id, 'recovery', api.redirectTarget(c.req.query('redirect_to')));
    return c.json({});
  });
}
