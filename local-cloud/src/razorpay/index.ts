// Razorpay sandbox: the Orders/Payments API a merchant backend calls with its key secret, and the
// checkout.js a page loads to take a (test) payment. Mounted under /razorpay.
import { readFileSync } from 'node:fs';
import type { MountRoutes } from '../context.ts';
import { mountCheckoutApi } from './checkout-api.ts';
import { mountOrdersApi } from './orders-api.ts';
import { ensureRazorpayTables } from './schema.ts';

const CHECKOUT_SCRIPT = readFileSync(new URL('./checkout-browser.js', import.meta.url), 'utf8');

export const mountRazorpay: MountRoutes = (app, ctx) => {
  // Tables are created once, in the background; every handler awaits this before touching them.
  const ready = ensureRazorpayTables(ctx.db);
  ready.catch((error: unknown) => ctx.log.error('razorpay sandbox tables could not be created', { error: String(error) }));

  app.get('/razorpay/v1/checkout.js', (c) => {
    const body = CHECKOUT_SCRIPT.replace('__API_BASE__', `${ctx.config.publicUrl.replace(/\/$/, '')}/razorpay`);
    return c.body(body, 200, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });

  mountCheckoutApi(app, ctx, ready);
  mountOrdersApi(app, ctx, ready);
};
