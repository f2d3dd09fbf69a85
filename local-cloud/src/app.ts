import { Hono } from 'hono';
import type { LocalCloudContext } from './context.ts';
import { cors } from './http/cors.ts';
import { mountAuth } from './auth/routes.ts';
import { mountAuthAdmin } from './authAdmin/index.ts';
import { mountRest } from './rest/routes.ts';
import { mountStorage } from './storage/index.ts';
import { mountFunctions } from './functions/index.ts';
import { mountRazorpay } from './razorpay/index.ts';
import { mountNamecom } from './namecom/index.ts';
import { mountEmailjs } from './emailjs/index.ts';
import { mountTestControls } from './testControls/index.ts';

/** 503 in a shape every Supabase client reads a message from (GoTrue, PostgREST, Storage). */
function unavailable(reason: string): Response {
  const message = `local-cloud is unavailable: ${reason}`;
  return Response.json(
    { code: 'service_unavailable', error: 'Service Unavailable', message, msg: message, statusCode: '503' },
    { status: 503, headers: { 'Retry-After': '1' } },
  );
}

/** The whole HTTP surface of local-cloud, mounted on one Hono app. */
export function createApp(ctx: LocalCloudContext): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    ctx.log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use('*', cors(ctx.config.allowedOrigins));

  // A request that met a disk or database fault answers 503 with the reason, whatever shape of
  // 500 its service made of it: the client may retry, and the developer reads what to fix.
  app.use('*', async (c, next) => {
    const before = ctx.health.faultsSeen.count;
    await next();
    const after = ctx.health.faultsSeen;
    if (c.res.status >= 500 && after.count > before) c.res = unavailable(after.reason ?? 'the disk or database failed');
  });

  app.get('/health', async (c) => {
    // Checks the disk and the database each time, so it tells even of a fault no request met yet.
    await ctx.health.check();
    const problem = ctx.health.current;
    if (problem) return c.json({ status: 'unavailable', database: ctx.db.kind, reason: problem.reason, since: problem.since }, 503);
    return c.json({ status: 'ok', database: ctx.db.kind });
  });

  // Before mountAuth: its catch-all answers every other /auth/v1 path.
  mountAuthAdmin(app, ctx);
  mountAuth(app, ctx);
  mountRest(app, ctx);
  mountStorage(app, ctx);
  mountFunctions(app, ctx);
  mountRazorpay(app, ctx);
  mountNamecom(app, ctx);
  mountEmailjs(app, ctx);
  mountTestControls(app, ctx);

  app.notFound((c) => c.json({ message: 'no route matched with those values' }, 404));
  app.onError((err, c) => {
    const reason = ctx.health.report(err);
    if (reason) return unavailable(reason);
    ctx.log.error('unhandled error', { path: c.req.path, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    return c.json({ message: 'An invalid response was received from the upstream server' }, 500);
  });
  return app;
}
