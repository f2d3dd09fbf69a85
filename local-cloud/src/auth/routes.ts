// /auth/v1: Supabase Auth (GoTrue) for what auth-js uses, one endpoint per file under endpoints/.
import { Hono } from 'hono';
import type { LocalCloudContext, MountRoutes } from '../context.ts';
import { createAuthApi } from './authApi.ts';
import { mountFactors } from './endpoints/factors.ts';
import { mountLogout } from './endpoints/logout.ts';
import { mountOtp } from './endpoints/otp.ts';
import { mountReauthenticate } from './endpoints/reauthenticate.ts';
import { mountRecover } from './endpoints/recover.ts';
import { mountResend } from './endpoints/resend.ts';
import { mountSettings } from './endpoints/settings.ts';
import { mountSignup } from './endpoints/signup.ts';
import { mountToken } from './endpoints/token.ts';
import { mountUser } from './endpoints/user.ts';
import { mountVerify } from './endpoints/verify.ts';
import { API_VERSION, AuthError, sendAuthError } from './errors.ts';

export const mountAuth: MountRoutes = (app: Hono, ctx: LocalCloudContext) => {
  const api = createAuthApi(ctx);
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

  mountSettings(auth, api);
  mountSignup(auth, api);
  mountToken(auth, api);
  mountUser(auth, api);
  mountLogout(auth, api);
  mountRecover(auth, api);
  mountResend(auth, api);
  mountVerify(auth, api);
  mountOtp(auth, api);
  mountReauthenticate(auth, api);
  mountFactors(auth, api);

  // unknown auth paths answer in GoTrue's shape too
  auth.all('*', (c) => sendAuthError(c, new AuthError(404, 'not_found', `Unknown auth endpoint ${c.req.method} ${c.req.path}`)));

  app.route('/auth/v1', auth);
};
