import type { Hono } from 'hono';
import type { AuthApi } from '../authApi.ts';

/** GET /health and GET /settings: what auth-js asks before anything else. */
export function mountSettings(auth: Hono, api: AuthApi): void {
  auth.get('/health', (c) => c.json({ version: 'local-cloud', name: 'GoTrue', description: 'local-cloud stand-in for Supabase Auth' }));
  auth.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false, google: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: api.ctx.config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
}
