// A small client for Razorpay's REST API (Orders, Payments, Refunds, Plans, Subscriptions). The official SDK
// cannot target another host, and the sandbox lives at <local-cloud>/razorpay, so this speaks the
// REST API with fetch and basic auth.
interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
}

export interface RazorpayPayment {
  id: string;
  order_id: string;
  invoice_id: string | null;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** How it was paid: 'card', 'upi', 'netbanking', 'wallet' …; the card's network and last digits. */
  method: string;
  card: { network: string; last4: string } | null;
  vpa: string | null;
  /** Unix seconds, on Razorpay's clock. */
  created_at: number;
}

/** A refund as Razorpay answers `POST /v1/payments/:id/refund`. */
export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
}

export interface RazorpayPlan {
  id: string;
  period: string;
  interval: number;
  item: { name: string; amount: number; currency: string };
  notes: Record<string, string> | [];
  created_at: number;
}

export interface RazorpaySubscription {
  id: string;
  plan_id: string;
  status: 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired' | 'paused';
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  charge_at: number | null;
  start_at: number | null;
  auth_attempts: number;
  paid_count: number;
  has_scheduled_changes: boolean;
  notes: Record<string, string> | [];
}

export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RazorpayApi {
  createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /** Refunds a captured payment in full (no amount given), at Razorpay's normal speed. */
  refundPayment(paymentId: string): Promise<RazorpayRefund>;
  createPlan(input: {
    period: 'monthly';
    interval: 1;
    item: { name: string; amount: number; currency: string; description: string };
    notes: Record<string, string>;
  }): Promise<RazorpayPlan>;
  fetchPlan(planId: string): Promise<RazorpayPlan>;
  listPlans(count: number, skip: number): Promise<RazorpayPlan[]>;
  createSubscription(input: {
    plan_id: string;
    total_count: number;
    quantity: 1;
    customer_notify: 1;
    start_at?: number;
    notes: Record<string, string>;
  }): Promise<RazorpaySubscription>;
  fetchSubscription(subscriptionId: string): Promise<RazorpaySubscription>;
  cancelSubscription(subscriptionId: string, atCycleEnd: boolean): Promise<RazorpaySubscription>;
  /** Moves the subscription to another plan at the end of its current cycle. */
  changePlanAtCycleEnd(subscriptionId: string, planId: string): Promise<RazorpaySubscription>;
  cancelScheduledChanges(subscriptionId: string): Promise<RazorpaySubscription>;
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

function razorpayApi(opts: { baseUrl: string; authorization: string }): RazorpayApi {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const authorization = opts.authorization;

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: authorization, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = (await res.json().catch(() => ({}))) as { error?: { description?: string } };
    if (!res.ok) throw new RazorpayApiError(res.status, data.error?.description ?? `Razorpay answered ${res.status}`);
    return data as T;
  }
  const sub = (id: string) => `/v1/subscriptions/${encodeURIComponent(id)}`;

  return {
    createOrder: (input) => call<RazorpayOrder>('POST', '/v1/orders', input),
    fetchPayment: (paymentId) => call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
    refundPayment: (paymentId) => call<RazorpayRefund>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, { speed: 'normal' }),
    createPlan: (input) => call<RazorpayPlan>('POST', '/v1/plans', input),
    fetchPlan: (planId) => call<RazorpayPlan>('GET', `/v1/plans/${encodeURIComponent(planId)}`),
    listPlans: async (count, skip) => (await call<{ items: RazorpayPlan[] }>('GET', `/v1/plans?count=${count}&skip=${skip}`)).items,
    createSubscription: (input) => call<RazorpaySubscription>('POST', '/v1/subscriptions', input),
    fetchSubscription: (id) => call<RazorpaySubscription>('GET', sub(id)),
    cancelSubscription: (id, atCycleEnd) =>
      call<RazorpaySubscription>('POST', `${sub(id)}/cancel`, { cancel_at_cycle_end: atCycleEnd ? 1 : 0 }),
    changePlanAtCycleEnd: (id, planId) =>
      call<RazorpaySubscription>('PATCH', sub(id), { plan_id: planId, schedule_change_at: 'cycle_end' }),
    cancelScheduledChanges: (id) => call<RazorpaySubscription>('POST', `${sub(id)}/cancel_scheduled_changes`),
  };
}

/** The client for a function's environment (RAZORPAY_API_BASE points it at the sandbox locally). */
export function razorpayApiFrom(env: (name: string) => string | undefined, requireEnv: (name: string) => string): RazorpayApi {
  return razorpayApi({
    baseUrl: razorpayApiBase(env),
    authorization: `Basic ${base64(`${requireEnv('RAZORPAY_KEY_ID')}:${requireEnv('RAZORPAY_KEY_SECRET')}`)}`,
  });
}

/** Where Razorpay's API (and its hosted checkout) is: RAZORPAY_API_BASE locally, api.razorpay.com otherwise. */
export function razorpayApiBase(env: (name: string) => string | undefined): string {
  return (env('RAZORPAY_API_BASE') || 'https://api.razorpay.com').replace(/\/+$/, '');
}

/** The same API acting for a connected seller (Partner OAuth): their access token as `Bearer`. */
export function razorpayApiForSeller(env: (name: string) => string | undefined, accessToken: string): RazorpayApi {
  return razorpayApi({ baseUrl: razorpayApiBase(env), authorization: `Bearer ${accessToken}` });
}
