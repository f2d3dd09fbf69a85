// Razorpay sandbox: the Orders/Payments and Plans/Subscriptions APIs a merchant backend calls with
// its key secret, the checkout.js a page loads to take a (test) payment or authorise a
// subscription, webhooks to the razorpay-webhook function, and test-mode controls (a clock that
// tests move on, and how a stored card answers renewals), and Partner OAuth (auth.razorpay.com at
// /razorpay/auth) with the API acting for a connected seller's account. Mounted under /razorpay.
import { readFileSync } from 'node:fs';
import type { MountRoutes } from '../context.ts';
import { mountCheckoutApi } from './checkoutApi.ts';
import { SandboxClock } from './clock.ts';
import { mountHostedPages } from './hostedPages.ts';
import { mountOAuth } from './oauth.ts';
import { mountOrdersApi } from './ordersApi.ts';
import { mountSandboxControls } from './sandboxApi.ts';
import type { Sandbox } from './sandbox.ts';
import { ensureRazorpayTables } from './schema.ts';
import { mountSubscriptionsApi } from './subscriptionsApi.ts';
import { TEST_CARDS } from './testInstruments.ts';
import { createWebhookSender } from './webhooks.ts';

const CHECKOUT_SCRIPT = readFileSync(new URL('./checkoutBrowser.js', import.meta.url), 'utf8');

export const mountRazorpay: MountRoutes = (app, ctx) => {
  const clock = new SandboxClock(ctx.db);
  // Tables are created and the clock read once, in the background; every handler awaits this.
  const ready = ensureRazorpayTables(ctx.db).then(() => clock.load());
  ready.catch((error: unknown) => ctx.log.error('razorpay sandbox tables could not be created', { error: String(error) }));
  const apiBase = () => `${ctx.config.publicUrl.replace(/\/$/, '')}/razorpay`;
  const sandbox: Sandbox = {
    ctx,
    ready,
    clock,
    webhooks: createWebhookSender(ctx, ready),
    apiBase,
    pendingRefundAccounts: ctx.testControls ? new Set() : undefined,
  };

  app.get('/razorpay/v1/checkout.js', (c) => {
    const body = CHECKOUT_SCRIPT.replace('__API_BASE__', apiBase()).replace('/* __TEST_CARDS__ */ []', JSON.stringify(TEST_CARDS));
    return c.body(body, 200, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });

  mountCheckoutApi(app, sandbox);
  mountHostedPages(app, sandbox);
  mountOAuth(app, sandbox);
  mountOrdersApi(app, sandbox);
  mountSubscriptionsApi(app, sandbox);
  mountSandboxControls(app, sandbox);
};
