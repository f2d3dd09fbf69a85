import type { Hono } from 'hono';
import type { AuthApi } from '../authApi.ts';
import { AuthError, validationFailed } from '../errors.ts';

/** GET /reauthenticate: mails the signed-in user a code (nonce) that PUT /user takes with a new password. */
export function mountReauthenticate(auth: Hono, api: AuthApi): void {
  auth.get('/reauthenticate', async (c) => {
    const { user } = await api.authenticate(c);
    if (!user.email) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    await api.mailReauthentication(user.email, user.id);
    return c.json({});
  });
}
