// The Razorpay sandbox as the merchant's dashboard sees it, for browser tests: its API with the key
// secret (what was really charged), its clock (a month passes in a test) and how a subscription's
// stored card answers the next renewals.
import fs from 'node:fs';
import path from 'node:path';
import type { SharedStack } from './stack';

function secretAuth(stack: SharedStack): string {
  const keys = JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'keys.json'), 'utf8')) as {
    razorpayKeyId: string;
    razorpayKeySecret: string;
  };
  return `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`;
}

export async function razorpay(
  stack: SharedStack,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${stack.cloudUrl}/razorpay${route}`, {
    method,
    headers: { Authorization: secretAuth(stack), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`razorpay sandbox ${method} ${route} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

/** Moves the sandbox clock to just past the subscription's next charge; its webhooks are delivered on return. */
export async function passNextCharge(stack: SharedStack, subscriptionId: string): Promise<string[]> {
  const sub = await razorpay(stack, 'GET', `/v1/subscriptions/${subscriptionId}`);
  const clock = await razorpay(stack, 'GET', '/_sandbox/clock');
  const result = await razorpay(stack, 'POST', '/_sandbox/clock', { advance_seconds: Number(sub.charge_at) - Number(clock.now) + 60 });
  return result.events as string[];
}

export async function advanceClock(stack: SharedStack, seconds: number): Promise<string[]> {
  return (await razorpay(stack, 'POST', '/_sandbox/clock', { advance_seconds: seconds })).events as string[];
}

/** From now on the subscription's card 'succeed's or 'fail's on automatic charges. */
export async function setRenewals(stack: SharedStack, subscriptionId: string, nextCharges: 'succeed' | 'fail'): Promise<void> {
  await razorpay(stack, 'POST', `/_sandbox/subscriptions/${subscriptionId}/card`, { next_charges: nextCharges });
}
