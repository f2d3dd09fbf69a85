// /functions/v1/<name>: Supabase's relay in front of the edge runtime. It finds the function, checks
// the caller's JWT unless config.toml says verify_jwt = false, and hands the request to the function's
// Deno worker (edgeWorkers.ts), which runs supabase/functions/<name>/index.ts with the environment
// Supabase would give it, pointed at this local-cloud (and at its Razorpay sandbox and EmailJS sink).
import type { Context } from 'hono';
import type { LocalCloudContext, MountRoutes } from '../context.ts';
import { clientIp } from '../http/body.ts';
import { EdgeWorkerError } from './edgeWorkers.ts';
import { functionExists, isFunctionName, verifyJwtSetting } from './registry.ts';
import { namecomSandboxCredentials } from '../namecom/credentials.ts';
import { partnerApp, sellerTokenKey, shopOrderLinkKey } from '../razorpay/partner.ts';

/** What a function reads from its environment; publicUrl is final only once the server listens. */
export function functionEnv(ctx: LocalCloudContext): Record<string, string> {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  return {
    SUPABASE_URL: base,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    // Where the apps and the published pages (/p/<slug>) are served.
    SITE_URL: ctx.config.siteUrl ?? 'http://localhost:3000',
    // The pages that may call the public functions (contact, subscribe): the same origins as the API's CORS.
    ALLOWED_ORIGINS: [...ctx.config.allowedOrigins].join(','),
    ...(ctx.config.dnsServers?.length ? { DNS_SERVERS: ctx.config.dnsServers.join(',') } : {}),
    RAZORPAY_KEY_ID: ctx.keys.razorpayKeyId,
    RAZORPAY_KEY_SECRET: ctx.keys.razorpayKeySecret,
    RAZORPAY_WEBHOOK_SECRET: ctx.keys.razorpayWebhookSecret,
    RAZORPAY_API_BASE: `${base}/razorpay`,
    // Razorpay for sellers: the sandbox's partner app (auth.razorpay.com lives at /razorpay/auth) and
    // the key the sellers function encrypts the sellers' tokens with.
    RAZORPAY_AUTH_BASE: `${base}/razorpay/auth`,
    RAZORPAY_PARTNER_CLIENT_ID: partnerApp(ctx.keys).clientId,
    RAZORPAY_PARTNER_CLIENT_SECRET: partnerApp(ctx.keys).clientSecret,
    SELLER_TOKEN_KEY: sellerTokenKey(ctx.keys),
    // The key of the buyers' private order links (orders/status).
    SHOP_ORDER_LINK_KEY: shopOrderLinkKey(ctx.keys),
    // The contact function sends through this local-cloud's EmailJS sink, as through api.emailjs.com.
    EMAILJS_ORIGIN: `${base}/emailjs`,
    EMAILJS_PUBLIC_KEY: ctx.keys.emailjsPublicKey,
    EMAILJS_SERVICE_ID: ctx.keys.emailjsServiceId,
    EMAILJS_TEMPLATE_ID: ctx.keys.emailjsTemplateId,
    // Account mails (deletion code, deletion done) have a template of their own on EmailJS; the sink
    // has one template and shows every parameter, so locally they share it.
    EMAILJS_ACCOUNT_TEMPLATE_ID: ctx.keys.emailjsTemplateId,
    // The domains function registers free domains through this local-cloud's Name.com sandbox.
    NAMECOM_API_URL: `${base}/namecom`,
    NAMECOM_USERNAME: namecomSandboxCredentials(ctx.keys).username,
    NAMECOM_TOKEN: namecomSandboxCredentials(ctx.keys).token,
  };
}

export const mountFunctions: MountRoutes = (app, ctx) => {
  async function invoke(c: Context): Promise<Response> {
    const name = c.req.param('name') ?? '';
    if (!isFunctionName(name) || !(await functionExists(name)))
      return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // Like Supabase's relay: unless config.toml says verify_jwt = false, a valid project JWT is required.
    if ((await verifyJwtSetting(name)) && c.req.method !== 'OPTIONS') {
      const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!token) return c.json({ code: 401, message: 'Missing authorization header' }, 401);
      try {
        await ctx.verifyJwt(token);
      } catch {
        return c.json({ code: 401, message: 'Invalid JWT' }, 401);
      }
    }
    const subPath = c.req.path.slice(`/functions/v1/${name}`.length);
    try {
      // As Supabase's gateway does, the function learns the caller's address from X-Forwarded-For,
      // set from the socket (a value the caller sent is replaced, never trusted).
      return await ctx.functions.fetch(name, c.req.raw, subPath, { forwardedFor: clientIp(c).replace(/^::ffff:/, '') });
    } catch (error) {
      if (!(error instanceof EdgeWorkerError)) throw error;
      ctx.log.error('function failed', { name, code: error.code, error: error.message });
      return c.json({ code: error.code, message: error.message }, error.status);
    }
  }

  app.all('/functions/v1/:name', invoke);
  app.all('/functions/v1/:name/*', invoke);
};
