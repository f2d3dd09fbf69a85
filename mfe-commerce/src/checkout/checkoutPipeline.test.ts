// The purchase pipeline on its own, without React or a page: each step's outcome and what is said.
import { expect, jest, test } from '@jest/globals';
import { FunctionCallError } from '@folioforge/shared';
import { runCheckout, type CheckoutState, type CheckoutSteps } from './checkoutPipeline';
import type { OpenedCheckout } from './paymentApi';
import type { RazorpayCheckoutOptions, RazorpayConstructor } from './razorpayCheckout';

const ORDER: OpenedCheckout = { kind: 'order', keyId: 'rzp_test_key', orderId: 'order_TEST000001', amount: 10000, currency: 'INR' };
const PAID = { razorpay_payment_id: 'pay_TEST000123', razorpay_order_id: 'order_TEST000001', razorpay_signature: 'f'.repeat(64) };

/** Razorpay's checkout as the pipeline sees it: the dialog it opened, and the buyer's moves in it. */
function fakeRazorpay() {
  const dialogs: { options: RazorpayCheckoutOptions; closed: boolean }[] = [];
  const Razorpay = jest.fn((options: RazorpayCheckoutOptions) => {
    const dialog = { options, closed: false };
    dialogs.push(dialog);
    return { on: jest.fn(), open: jest.fn(), close: () => void (dialog.closed = true) };
  }) as unknown as RazorpayConstructor;
  return { Razorpay, dialogs, pay: (response: unknown = PAID) => dialogs.at(-1)!.options.handler(response) };
}

function steps(overrides: Partial<CheckoutSteps> = {}) {
  const razorpay = fakeRazorpay();
  const all = {
    loadRazorpay: jest.fn(async () => razorpay.Razorpay),
    open: jest.fn(async () => ORDER),
    confirm: jest.fn(async () => ({ paymentId: PAID.razorpay_payment_id })),
    buyer: jest.fn(() => ({ signedIn: true, hadSession: true, email: 'ada@example.com' })),
    paid: jest.fn(),
    ...overrides,
  } satisfies CheckoutSteps;
  return { ...all, razorpay };
}

function run(given: ReturnType<typeof steps>) {
  const states: CheckoutState['phase'][] = [];
  let last: CheckoutState = { phase: 'idle' };
  const handle = runCheckout(
    { item: { itemType: 'template', itemId: 1 }, description: 'Template 1' },
    (state) => {
      states.push(state.phase);
      last = state;
    },
    given,
  );
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { handle, states, last: () => last, settled };
}

test('paid only once the server confirms, with every step said on the way, and the cache told once', async () => {
  const given = steps();
  const { states, last, settled } = run(given);
  await settled();
  expect(given.razorpay.dialogs[0]!.options).toMatchObject({ order_id: 'order_TEST000001', prefill: { email: 'ada@example.com' } });
  given.razorpay.pay();
  await settled();
  expect(states).toEqual(['loading-script', 'creating-order', 'awaiting-payment', 'verifying', 'paid']);
  expect(last()).toMatchObject({ phase: 'paid', paymentId: 'pay_TEST000123', charged: { amount: 10000, currency: 'INR' } });
  expect(given.paid).toHaveBeenCalledTimes(1);
});

test('a signed-out visitor is asked to log in before anything loads', () => {
  const given = steps({ buyer: () => ({ signedIn: false, hadSession: false }) });
  const { states } = run(given);
  expect(states).toEqual(['login-required']);
  expect(given.loadRazorpay).not.toHaveBeenCalled();
});

test('an expired session (the function answers 401) asks to log in again', async () => {
  const given = steps({ open: jest.fn(async () => Promise.reject(new FunctionCallError('refused', 'Sign in to buy', 401))) });
  const { last, settled } = run(given);
  await settled();
  expect(last()).toEqual({ phase: 'login-required', reason: 'session-expired' });
});

test('cancelled while the order is made: nothing more is said and no dialog opens', async () => {
  let resolveOrder!: (opened: OpenedCheckout) => void;
  const given = steps({ open: jest.fn(() => new Promise<OpenedCheckout>((resolve) => (resolveOrder = resolve))) });
  const { handle, states, settled } = run(given);
  await settled();
  handle.cancel();
  resolveOrder(ORDER);
  await settled();
  expect(states).toEqual(['loading-script', 'creating-order']);
  expect(given.razorpay.dialogs).toHaveLength(0);
});

test('a failed confirmation is checked again with the same payment, never a second order', async () => {
  const confirm = jest
    .fn<CheckoutSteps['confirm']>()
    .mockRejectedValueOnce(new FunctionCallError('unreachable', 'FolioForge could not be reached.'))
    .mockResolvedValueOnce({ paymentId: PAID.razorpay_payment_id });
  const given = steps({ confirm });
  const { handle, last, settled } = run(given);
  await settled();
  given.razorpay.pay();
  await settled();
  expect(last()).toEqual({ phase: 'failed', step: 'verify', message: 'FolioForge could not be reached.', paymentId: 'pay_TEST000123' });
  handle.retryVerification();
  await settled();
  expect(last().phase).toBe('paid');
  expect(confirm).toHaveBeenCalledTimes(2);
  expect(confirm.mock.calls[1]).toEqual([ORDER, PAID]);
  expect(given.open).toHaveBeenCalledTimes(1);
});
