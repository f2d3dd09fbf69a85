import { Hono } from 'hono';
import type { LocalCloudContext } from './context.ts';
import { cors } from './http/cors.ts';
import { mountAuth } from './auth/routes.ts';
import { mountRest } from './rest/routes.ts';
import { mountStorage } from './storage/index.ts';
import { mountFunctions } from './functions/index.ts';
import { mountRazorpay } from './razorpay/index.ts';
import { mountEmailjs } from './emailjs/index.ts';
import { mountMail } from './mail/index.ts';

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
  app.use('*', cors);

  app.get('/health', (c) => c.json({ status: 'ok', database: ctx.db.kind }));

  mountAuth(app, ctx);
  mountRest(app, ctx);
  mountStorage(app, ctx);
  mountFunctions(app, ctx);
  mountRazorpay(app, ctx);
  mountEmailjs(app, ctx);
  mountMail(app, ctx);

  app.notFound((c) => c.json({ message: 'no route matched with those values' }, 404));
  app.onError((err, c) => {
    ctx.log.error('unhandled error', { path: c.req.path, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    return c.json({ message: 'An invalid response was received from the upstream server' }, 500);
  });
  return app;
}
