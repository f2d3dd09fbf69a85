// /functions/v1/<name>: runs supabase/functions/<name>/handler.ts with the environment Supabase
// would give it, pointed at this local-cloud (and at its Razorpay sandbox).
import type { Context } from 'hono';
import type { LocalCloudContext, MountRoutes } from '../context.ts';
import { isFunctionName, loadHandler, verifyJwtSetting, type FunctionHandler } from './registry.ts';
import { namecomSandboxCredentials } from '../namecom/credentials.ts';

function functionEnv(ctx: LocalCloudContext): Record<string, string> {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  return {
    SUPABASE_URL: base,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    // Where the apps and the published pages (/p/<slug>) are served.
    SITE_URL: ctx.config.siteUrl ?? 'http://localhost:3000',
    ...(ctx.config.dnsServers?.length ? { DNS_SERVERS: ctx.config.dnsServers.join(',') } : {}),
    RAZORPAY_KEY_ID: ctx.keys.razorpayKeyId,
    RAZORPAY_KEY_SECRET: ctx.keys.razorpayKeySecret,
    RAZORPAY_WEBHOOK_SECRET: ctx.keys.razorpayWebhookSecret,
    RAZORPAY_API_BASE: `${base}/razorpay`,
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

interface LoadedFunction {
  handler: FunctionHandler;
  verifyJwt: boolean;
}

export const mountFunctions: MountRoutes = (app, ctx) => {
  const loaded = new Map<string, Promise<LoadedFunction | undefined>>();

  function load(name: string): Promise<LoadedFunction | undefined> {
    let entry = loaded.get(name);
    if (!entry) {
      // publicUrl is final only once the server listens, so the env is read per call, not captured.
      const env = (key: string) => functionEnv(ctx)[key];
      entry = Promise.all([loadHandler(name, env), verifyJwtSetting(name)]).then(([handler, verifyJwt]) =>
        handler ? { handler, verifyJwt } : undefined,
      );
      entry.catch(() => loaded.delete(name));
      loaded.set(name, entry);
    }
    return entry;
  }

  async function invoke(c: Context): Promise<Response> {
    const name = c.req.param('name') ?? '';
    if (!isFunctionName(name)) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    let fn: LoadedFunction | undefined;
    try {
      fn = await load(name);
    } catch (error) {
      ctx.log.error('function failed to load', { name, error: error instanceof Error ? error.message : String(error) });
      return c.json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
    }
    if (!fn) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // Like Supabase's relay: unless config.toml says verify_jwt = false, a valid project JWT is required.
    if (fn.verifyJwt && c.req.method !== 'OPTIONS') {
      const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!token) return c.json({ code: 401, message: 'Missing authorization header' }, 401);
      try {
        await ctx.verifyJwt(token);
      } catch {
        return c.json({ code: 401, message: 'Invalid JWT' }, 401);
      }
    }
    try {
      const res = await fn.handler(c.req.raw);
      // A fresh Response, so later middleware (CORS) can still set headers on it.
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    } catch (error) {
      ctx.log.error('function threw', { name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return c.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
    }
  }

  app.all('/functions/v1/:name', invoke);
  app.all('/functions/v1/:name/*', invoke);
};
