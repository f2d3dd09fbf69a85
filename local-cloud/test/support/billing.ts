// A plan bought as the browser buys it, without a browser: the payments function opens a Razorpay
// subscription, the sandbox's checkout endpoint authorises it with a subscription test card, and the
// function verifies it (which records the first charge).
import assert from 'node:assert/strict';
import { callFunction } from './functions.ts';
import { authoriseSubscription } from './servicesRazorpay.ts';
import type { TestCloud } from './servicesCloud.ts';

type Row = Record<string, unknown>;

export async function callPayments(t: TestCloud, token: string | undefined, body: unknown) {
  const res = await callFunction(t, 'payments', token, body);
  return { status: res.status, body: (await res.json()) as Row };
}

/** Subscribes, authorises in the sandbox with a subscription card and verifies, as the browser does. */
export async function subscribed(t: TestCloud, user: { accessToken: string }, planId = 'pro', card?: string) {
  const opened = await callPayments(t, user.accessToken, { action: 'subscribe', planId });
  assert.equal(opened.status, 200, JSON.stringify(opened.body));
  const authorised = await authoriseSubscription(t, String(opened.body.subscriptionId), card);
  assert.equal(authorised.status, 200, JSON.stringify(authorised.body));
  const verified = await callPayments(t, user.accessToken, { action: 'verify-subscription', ...authorised.body });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  return { opened: opened.body, verified: verified.body.subscription as Row, razorpayId: String(opened.body.subscriptionId) };
}
