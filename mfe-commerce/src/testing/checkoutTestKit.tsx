// Test doubles for the commerce remote: a Supabase client that answers the payment function and the
// purchases table, a scripted window.Razorpay, and a router with a /login page that shows what it got.
import { jest } from '@jest/globals';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { setRuntimeConfig, setSupabase, useAuthStore } from '@folioforge/shared';
import type { RazorpayCheckoutOptions } from '../checkout/razorpayCheckout';
import { resetPaidPurchasesForTests } from '../purchases/usePaidPurchases';
import { testRuntimeConfig } from '@folioforge/shared/testing';

export const TEST_USER_ID = '11111111-1111-4111-8111-111111111111';
export const CHECKOUT_SCRIPT_URL = 'http://localhost:54321/razorpay/v1/checkout.js';

export interface PurchaseRow {
  user_id: string;
  item_type: 'template' | 'plan';
  item_id: string;
  status: 'created' | 'paid' | 'failed';
  expires_at: string | null;
}

export interface InvokeResult {
  data: unknown;
  error: unknown;
}
export type InvokeHandler = (body: Record<string, unknown>) => Promise<InvokeResult>;

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

export const ORDER_ANSWER = { orderId: 'order_TEST1', amount: 10000, currency: 'INR', keyId: 'rzp_test_from_function' };

export interface FakeSupabase {
  invoke: jest.Mock<(name: string, options: { body: Record<string, unknown> }) => Promise<InvokeResult>>;
  purchaseRows: PurchaseRow[];
  /** Bodies sent to the payment function, in order. */
  bodies(): Record<string, unknown>[];
}

/** Installs a fake client through setSupabase; `onInvoke` answers the payment function. */
export function installFakeSupabase(onInvoke: InvokeHandler, purchaseRows: PurchaseRow[] = []): FakeSupabase {
  const invoke = jest.fn((_name: string, options: { body: Record<string, unknown> }) => onInvoke(options.body));
  const from = (table: string) => {
    const filters: [string, unknown][] = [];
    const builder = {
      select: () => builder,
      eq: (column: string, value: unknown) => {
        filters.push([column, value]);
        return builder;
      },
      then<T>(onFulfilled: (result: { data: unknown; error: null }) => T, onRejected?: (reason: unknown) => T) {
        const rows = table === 'purchases' ? purchaseRows : [];
        const data = rows.filter((row) =>
          filters.every(([column, value]) => (row as unknown as Record<string, unknown>)[column] === value),
        );
        return Promise.resolve({ data, error: null }).then(onFulfilled, onRejected);
      },
    };
    return builder;
  };
  setSupabase({ functions: { invoke }, from } as unknown as SupabaseClient);
  return { invoke, purchaseRows, bodies: () => invoke.mock.calls.map((call) => call[1].body) };
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
  succeed(paymentId = 'pay_TEST123'): void {
    this.options.handler({ razorpay_payment_id: paymentId, razorpay_order_id: this.options.order_id, razorpay_signature: 'f'.repeat(64) });
  }
  fail(description: string, reason = 'payment_failed'): void {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'bank',
      step: 'payment_authorization',
      reason,
      metadata: { order_id: this.options.order_id, payment_id: 'pay_FAILED1' },
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

export function signIn(): void {
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
  resetPaidPurchasesForTests();
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

/** Lets pending reads (the purchases query) finish inside act, so the screen is settled. */
export async function settleReads(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
