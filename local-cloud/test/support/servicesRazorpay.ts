// Helpers for Razorpay sandbox tests: the Orders API with basic auth, and a merchant page that
// opens checkout.js and records what the callbacks received.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestCloud } from './servicesCloud.ts';

export function basicAuth(keyId: string, secret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
}

export async function razorpayApi(t: TestCloud, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, auth?: string) {
  const res = await fetch(`${t.url}/razorpay${path}`, {
    method,
    headers: {
      Authorization: auth ?? basicAuth(t.cloud.keys.razorpayKeyId, t.cloud.keys.razorpayKeySecret),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: Record<string, unknown> } };
}

export async function createOrder(t: TestCloud, amount = 99_900): Promise<{ id: string; amount: number }> {
  const { status, body } = await razorpayApi(t, 'POST', '/v1/orders', {
    amount,
    currency: 'INR',
    receipt: `rcpt_${Math.random().toString(36).slice(2)}`,
  });
  if (status !== 200) throw new Error(`order creation failed: ${JSON.stringify(body)}`);
  return body as unknown as { id: string; amount: number };
}

export function expectedSignature(orderId: string, paymentId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function merchantPage(cloudUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title>
<script src="${cloudUrl}/razorpay/v1/checkout.js"></script></head>
<body><main><h1>Shop</h1><button id="buy">Buy</button></main></body></html>`;
}

interface CheckoutEvents {
  success: Array<{
    razorpay_payment_id: string;
    razorpay_order_id?: string;
    razorpay_subscription_id?: string;
    razorpay_signature: string;
  }>;
  failed: Array<{
    error: {
      code: string;
      description: string;
      source: string;
      step: string;
      reason: string;
      metadata: { order_id?: string; subscription_id?: string; payment_id: string };
    };
  }>;
  dismissed: number;
}

/**
 * Opens checkout for an order (or, with subscriptionId, a subscription) from the page's Buy button;
 * callbacks are recorded on window.__events.
 */
export async function openCheckout(
  page: Page,
  opts: { key: string; orderId?: string; subscriptionId?: string; amount?: number; currency?: string; escape?: boolean },
): Promise<void> {
  await page.evaluate((o) => {
    const w = window as unknown as {
      __events: CheckoutEvents;
      __rzp: unknown;
      Razorpay: new (options: unknown) => { on(e: string, cb: (x: unknown) => void): void; open(): void };
    };
    w.__events = { success: [], failed: [], dismissed: 0 };
    const rzp = new w.Razorpay({
      key: o.key,
      amount: o.amount,
      currency: o.currency ?? 'INR',
      name: 'FolioForge',
      description: 'Pro plan',
      order_id: o.orderId,
      subscription_id: o.subscriptionId,
      prefill: { name: 'Asha Rao', email: 'asha@example.test', contact: '9999999999' },
      theme: { color: '#6c2bd9' },
      modal: {
        ondismiss: () => {
          w.__events.dismissed++;
        },
        escape: o.escape,
      },
      handler: (r: CheckoutEvents['success'][number]) => {
        w.__events.success.push(r);
      },
    });
    rzp.on('payment.failed', (e) => {
      w.__events.failed.push(e as CheckoutEvents['failed'][number]);
    });
    w.__rzp = rzp;
    document.getElementById('buy')!.focus();
    rzp.open();
  }, opts);
}

export async function events(page: Page): Promise<CheckoutEvents> {
  return page.evaluate(() => (window as unknown as { __events: CheckoutEvents }).__events);
}

export async function payWithCard(page: Page, number: string, expiry = '12/30', cvv = '123'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(expiry);
  await dialog.getByLabel('CVV').fill(cvv);
  await dialog.getByRole('button', { name: /^(Pay|Retry payment|Authorise card|Retry authorisation)/ }).click();
}

/** Sandbox control: moves the clock on and bills what falls due → the events sent, in order. */
export async function advanceClock(t: TestCloud, seconds: number): Promise<{ now: number; events: string[] }> {
  const { status, body } = await razorpayApi(t, 'POST', '/_sandbox/clock', { advance_seconds: seconds });
  if (status !== 200) throw new Error(`clock refused: ${JSON.stringify(body)}`);
  return body as unknown as { now: number; events: string[] };
}

interface WebhookDelivery {
  event_id: string;
  event: string;
  body: string;
  signature: string;
  url: string;
  attempts: number;
  response_status: number | null;
  delivered: boolean;
}

/** Every webhook the sandbox sent, oldest first (after those under way are delivered). */
export async function webhookDeliveries(t: TestCloud): Promise<WebhookDelivery[]> {
  const { body } = await razorpayApi(t, 'GET', '/_sandbox/webhooks');
  return body.items as unknown as WebhookDelivery[];
}

/** Pays an order, or authorises a subscription, through the sandbox's checkout endpoint directly (what checkout.js posts). */
export async function payThroughCheckout(
  t: TestCloud,
  target: { order_id: string } | { subscription_id: string; email: string },
  card: string,
) {
  const res = await fetch(`${t.url}/razorpay/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      key_id: t.cloud.keys.razorpayKeyId,
      ...target,
      method: 'card',
      card: { number: card, expiry: '12/30', cvv: '123' },
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: Record<string, unknown> } };
}

/** Authorises a subscription with one of Razorpay's subscription test cards. */
export const authoriseSubscription = (t: TestCloud, subscriptionId: string, card = '4718 6091 0820 4366') =>
  payThroughCheckout(t, { subscription_id: subscriptionId, email: 'asha@example.test' }, card);
