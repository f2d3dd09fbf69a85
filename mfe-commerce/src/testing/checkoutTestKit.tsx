// Test doubles for the commerce remote: a Supabase client that answers the payment function and the
// user's entitlements and subscriptions, a scripted window.Razorpay, and a router with a /login page
// that shows what it got.
import { jest } from '@jest/globals';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { queryClient, setRuntimeConfig, setSupabase, useAuthStore, type BillingSubscription, type Entitlements } from '@folioforge/shared';
import type { RazorpayCheckoutOptions } from '../checkout/razorpayCheckout';
import { testRuntimeConfig } from '@folioforge/shared/testing';

const TEST_USER_ID = '11111111-1111-4111-8111-111111111111';
export const CHECKOUT_SCRIPT_URL = 'http://localhost:54321/razorpay/v1/checkout.js';

/** What the user holds, as the database would answer: their entitlements row and subscriptions. */
interface BillingRows {
  entitlements?: Partial<Entitlements>;
  subscriptions?: BillingSubscription[];
}

const NO_ENTITLEMENTS: Entitlements = {
  plan: null,
  plan_expires_at: null,
  templates: [],
  remove_branding: false,
  customized_look: false,
  brand_kit: false,
  priority_care: false,
};

/** A subscription row with sensible defaults: Pro, active, renewing in ten days. */
export function subscriptionRow(fields: Partial<BillingSubscription> = {}): BillingSubscription {
  const now = Date.now();
  return {
    id: 'sub-row-1',
    plan_id: 'pro',
    status: 'active',
    amount: 1999,
    currency: 'USD',
    current_start: new Date(now - 20 * 86_400_000).toISOString(),
    current_end: new Date(now + 10 * 86_400_000).toISOString(),
    charge_at: new Date(now + 10 * 86_400_000).toISOString(),
    starts_at: null,
    ended_at: null,
    cancel_at_period_end: false,
    scheduled_plan_id: null,
    failed_charges: 0,
    created_at: new Date(now - 20 * 86_400_000).toISOString(),
    ...fields,
  };
}

export interface InvokeResult {
  data: unknown;
  error: unknown;
}
type InvokeHandler = (body: Record<string, unknown>) => Promise<InvokeResult>;

export function answer(data: unknown): InvokeResult {
  return { data, error: null };
}

/** What supabase-js returns for a non-2xx answer: a FunctionsHttpError whose context is the Response. */
export function httpError(status: number, message: string): InvokeResult {
  const context = new Response(JSON.stringify({ error: message }), { status, headers: { 'Content-Type': 'application/json' } });
  return {
    data: null,
    error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { name: 'FunctionsHttpError', context }),
  };
}

export const ORDER_ANSWER = { orderId: 'order_TEST000001', amount: 10000, currency: 'INR', keyId: 'rzp_test_from_function' };
export const SUBSCRIPTION_ANSWER = {
  subscriptionId: 'sub_TEST123456789',
  keyId: 'rzp_test_from_function',
  planId: 'pro',
  amount: 1999,
  currency: 'USD',
  startsAt: null,
};

interface FakeSupabase {
  invoke: jest.Mock<(name: string, options: { body: Record<string, unknown> }) => Promise<InvokeResult>>;
  rows: BillingRows;
  /** Bodies sent to the payment function, in order. */
  bodies(): Record<string, unknown>[];
  /** Tables read, in order (a checkout that succeeded reads them again). */
  reads(): string[];
}

/** Installs a fake client through setSupabase; `onInvoke` answers the payment function. */
export function installFakeSupabase(onInvoke: InvokeHandler, rows: BillingRows = {}): FakeSupabase {
  const invoke = jest.fn((_name: string, options: { body: Record<string, unknown> }) => onInvoke(options.body));
  const reads: string[] = [];
  const from = (table: string) => {
    reads.push(table);
    const result = () =>
      table === 'entitlements' ? { ...NO_ENTITLEMENTS, ...rows.entitlements } : table === 'subscriptions' ? (rows.subscriptions ?? []) : [];
    const builder = {
      select: () => builder,
      eq: () => builder,
      order: () => builder,
      single: () => Promise.resolve({ data: result(), error: null }),
      then<T>(onFulfilled: (value: { data: unknown; error: null }) => T, onRejected?: (reason: unknown) => T) {
        return Promise.resolve({ data: result(), error: null }).then(onFulfilled, onRejected);
      },
    };
    return builder;
  };
  setSupabase({ functions: { invoke }, from } as unknown as SupabaseClient);
  return { invoke, rows, bodies: () => invoke.mock.calls.map((call) => call[1].body), reads: () => [...reads] };
}

/** A scripted stand-in for Razorpay's checkout: tests decide when it succeeds, fails or is dismissed. */
export class FakeRazorpay {
  static instances: FakeRazorpay[] = [];
  readonly options: RazorpayCheckoutOptions;
  opened = false;
  closed = false;
  private readonly failedListeners: ((response: unknown) => void)[] = [];

  constructor(options: RazorpayCheckoutOptions) {
    this.options = options;
    FakeRazorpay.instances.push(this);
  }
  static latest(): FakeRazorpay {
    const latest = FakeRazorpay.instances.at(-1);
    if (!latest) throw new Error('No checkout was opened');
    return latest;
  }
  on(event: string, callback: (response: unknown) => void): void {
    if (event === 'payment.failed') this.failedListeners.push(callback);
  }
  open(): void {
    this.opened = true;
  }
  close(): void {
    this.closed = true;
  }
  succeed(paymentId = 'pay_TEST000123'): void {
    this.options.handler({
      razorpay_payment_id: paymentId,
      ...(this.options.subscription_id
        ? { razorpay_subscription_id: this.options.subscription_id }
        : { razorpay_order_id: this.options.order_id }),
      razorpay_signature: 'f'.repeat(64),
    });
  }
  fail(description: string, reason = 'payment_failed'): void {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'bank',
      step: 'payment_authorization',
      reason,
      metadata: { order_id: this.options.order_id ?? this.options.subscription_id, payment_id: 'pay_FAILED0001' },
    };
    this.failedListeners.forEach((listener) => listener({ error }));
  }
  dismiss(): void {
    this.options.modal?.ondismiss?.();
  }
}

type WindowWithRazorpay = Window & { Razorpay?: unknown };

export function installFakeRazorpay(): void {
  (window as WindowWithRazorpay).Razorpay = FakeRazorpay;
}

export function removeRazorpay(): void {
  delete (window as WindowWithRazorpay).Razorpay;
}

function signIn(): void {
  const user = { id: TEST_USER_ID, email: 'asha@example.com', user_metadata: { name: 'Asha Rao' } } as unknown as User;
  useAuthStore.setState({ status: 'signedIn', user, session: null });
}

export function signOutLocally(): void {
  useAuthStore.setState({ status: 'signedOut', user: null, session: null });
}

/** Common set-up: config loaded, signed in, checkout.js already present, nothing remembered. */
export function resetCommerceTestState(): void {
  setRuntimeConfig(testRuntimeConfig({ razorpayKeyId: 'rzp_test_from_config', razorpayCheckoutUrl: CHECKOUT_SCRIPT_URL }));
  FakeRazorpay.instances = [];
  installFakeRazorpay();
  document.querySelectorAll('script[data-folioforge-checkout]').forEach((script) => script.remove());
  queryClient.clear();
  signIn();
}

function LoginProbe() {
  const location = useLocation();
  return (
    <div>
      <h1>Login page</h1>
      <pre data-testid="login-state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

/** Renders `ui` at /design (with the editor's navigation state), beside a /login page that shows its state. */
export function renderAtDesign(ui: ReactElement) {
  return render(
    <MemoryRouter
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      initialEntries={[{ pathname: '/design', search: '?step=2', state: { selectedTemplate: { id: 1 } } }]}
    >
      <Routes>
        <Route path="/design" element={ui} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A promise the test settles when it chooses, to look at the screen in between. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets pending reads (the billing queries) finish inside act, so the screen is settled. */
export async function settleReads(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
