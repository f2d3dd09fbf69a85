// A small client for Razorpay's Orders API. The official SDK cannot target another host, and the
// sandbox lives at <local-cloud>/razorpay, so this speaks the REST API with fetch and basic auth.
export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
}

export interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
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
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

export function razorpayApi(opts: { baseUrl: string; keyId: string; keySecret: string }): RazorpayApi {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${base64(`${opts.keyId}:${opts.keySecret}`)}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: authorization, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = (await res.json().catch(() => ({}))) as { error?: { description?: string } };
    if (!res.ok) throw new RazorpayApiError(res.status, data.error?.description ?? `Razorpay answered ${res.status}`);
    return data as T;
  }

  return {
    createOrder: (input) => call<RazorpayOrder>('POST', '/v1/orders', input),
    fetchPayment: (paymentId) => call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
  };
}
