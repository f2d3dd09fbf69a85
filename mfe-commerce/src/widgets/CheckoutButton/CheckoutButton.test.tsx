import { beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutButton from './CheckoutButton';
import {
  answer,
  CHECKOUT_SCRIPT_URL,
  deferred,
  FakeRazorpay,
  httpError,
  installFakeRazorpay,
  installFakeSupabase,
  ORDER_ANSWER,
  removeRazorpay,
  renderAtDesign,
  resetCommerceTestState,
  signOutLocally,
  subscriptionRow,
  SUBSCRIPTION_ANSWER,
  type InvokeResult,
} from '../../testing/checkoutTestKit';

beforeEach(resetCommerceTestState);

// The fake function charges ₹100.00 for every order (ORDER_ANSWER): the message shows what the server charged.
// The payments function's answer to verify, as its contract (_shared/contracts/payments.ts) has it.
const PAID = answer({
  status: 'paid',
  orderId: 'order_TEST000001',
  paymentId: 'pay_OK00000042',
  itemType: 'template',
  itemId: '1',
  amount: 10000,
  currency: 'INR',
  paidAt: '2026-04-01T10:00:00.000Z',
  expiresAt: null,
});

/** The payment function: create-order answers the order, verify answers `verifyAnswer`. */
function paymentFunction(verifyAnswer: () => Promise<InvokeResult> = async () => PAID) {
  return installFakeSupabase(async (body) => (body['action'] === 'create-order' ? answer(ORDER_ANSWER) : verifyAnswer()));
}

function statusRegion() {
  return screen.getByRole('status');
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

test('shows the label and the catalog price in INR, asks the function with only the item, and opens the checkout', async () => {
  const order = deferred<InvokeResult>();
  const fake = installFakeSupabase(async (body) => (body['action'] === 'create-order' ? order.promise : PAID));
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 1 }} label="Get Temp 1" />);

  const button = screen.getByRole('button', { name: 'Get Temp 1' });
  expect(screen.getByText('₹100.00 once')).toBeInTheDocument();
  expect(button).toHaveAccessibleDescription('₹100.00 once');

  await userEvent.click(button);
  expect(await within(statusRegion()).findByText('Creating your order…')).toBeInTheDocument();
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  // Only the item: never an amount or currency from the browser.
  expect(fake.bodies()).toEqual([{ action: 'create-order', item: { itemType: 'template', itemId: 1 } }]);
  expect(fake.invoke.mock.calls[0]?.[0]).toBe('payments');

  await act(async () => order.resolve(answer(ORDER_ANSWER)));
  expect(await within(statusRegion()).findByText('Complete the payment in the Razorpay window.')).toBeInTheDocument();
  const checkout = FakeRazorpay.latest();
  expect(checkout.opened).toBe(true);
  expect(checkout.options).toMatchObject({
    key: 'rzp_test_from_function',
    amount: 10000,
    currency: 'INR',
    name: 'FolioForge',
    order_id: 'order_TEST000001',
    prefill: { name: 'Asha Rao', email: 'asha@example.com' },
    theme: { color: '#0f6b5c' },
  });
});

test('success shows "Payment successful!" with the payment id only after the server verified it', async () => {
  const verify = deferred<InvokeResult>();
  const fake = paymentFunction(() => verify.promise);
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 1 }} label="Get Temp 1" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 1' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  act(() => FakeRazorpay.latest().succeed('pay_OK00000042'));

  expect(await within(statusRegion()).findByText('Confirming your payment…')).toBeInTheDocument();
  expect(screen.queryByText(/Payment successful!/)).not.toBeInTheDocument();
  expect(fake.bodies()[1]).toEqual({
    action: 'verify',
    razorpay_order_id: 'order_TEST000001',
    razorpay_payment_id: 'pay_OK00000042',
    razorpay_signature: 'f'.repeat(64),
  });

  // The server has recorded the purchase by now, so the re-read (the cache invalidated) shows it.
  fake.rows.entitlements = { templates: ['1'] };
  await act(async () => verify.resolve(PAID));
  expect(
    await within(statusRegion()).findByText('Payment successful! ₹100.00 paid for Template 1. Payment id: pay_OK00000042'),
  ).toBeInTheDocument();
  expect(await screen.findByText('Purchased')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Get Temp 1' })).not.toBeInTheDocument();
});

test('a failed verification shows an error, never success, and can be checked again without paying again', async () => {
  let verifyAnswer: InvokeResult = httpError(400, 'Invalid payment signature');
  const fake = paymentFunction(async () => verifyAnswer);
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 2 }} label="Get Temp 2" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 2' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  act(() => FakeRazorpay.latest().succeed('pay_BAD0000001'));

  expect(await within(statusRegion()).findByText(/We could not confirm your payment: Invalid payment signature/)).toBeInTheDocument();
  expect(statusRegion()).toHaveTextContent('pay_BAD0000001');
  expect(screen.queryByText(/Payment successful!/)).not.toBeInTheDocument();

  verifyAnswer = PAID;
  await userEvent.click(screen.getByRole('button', { name: 'Check payment again' }));
  expect(
    await within(statusRegion()).findByText('Payment successful! ₹100.00 paid for Template 2. Payment id: pay_BAD0000001'),
  ).toBeInTheDocument();
  // Checked again, not bought again: one order only.
  expect(fake.bodies().filter((body) => body['action'] === 'create-order')).toHaveLength(1);
});

test('payment.failed shows the reason and lets the visitor try again', async () => {
  const fake = paymentFunction();
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 3 }} label="Get Temp 3" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 3' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  act(() => FakeRazorpay.latest().fail('Your payment has been declined as the card has insufficient funds.'));

  expect(
    await within(statusRegion()).findByText(/Payment failed: Your payment has been declined as the card has insufficient funds\./),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get Temp 3' })).toBeEnabled();

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(2));
  expect(FakeRazorpay.instances[0]?.closed).toBe(true);
  expect(fake.bodies().filter((body) => body['action'] === 'create-order')).toHaveLength(2);

  act(() => FakeRazorpay.latest().succeed('pay_SECOND0001'));
  expect(
    await within(statusRegion()).findByText('Payment successful! ₹100.00 paid for Template 3. Payment id: pay_SECOND0001'),
  ).toBeInTheDocument();
});

test('closing the checkout says the payment was cancelled and nothing was charged', async () => {
  paymentFunction();
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 4 }} label="Get Temp 4" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 4' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  act(() => FakeRazorpay.latest().dismiss());

  expect(await within(statusRegion()).findByText('Payment cancelled. Nothing was charged.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get Temp 4' })).toBeEnabled();
});

test('when checkout.js cannot load, the offline message shows and retry loads it', async () => {
  removeRazorpay();
  const fake = paymentFunction();
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 1 }} label="Get Temp 1" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 1' }));
  expect(within(statusRegion()).getByText('Loading the secure checkout…')).toBeInTheDocument();
  const firstScript = document.querySelector<HTMLScriptElement>('script[data-folioforge-checkout]');
  expect(firstScript?.src).toBe(CHECKOUT_SCRIPT_URL);
  act(() => {
    fireEvent.error(firstScript as HTMLScriptElement);
  });

  expect(await within(statusRegion()).findByText(/You are offline, Failed to load Razorpay/)).toBeInTheDocument();
  expect(fake.invoke).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  const secondScript = document.querySelector<HTMLScriptElement>('script[data-folioforge-checkout]');
  expect(secondScript).not.toBe(firstScript);
  installFakeRazorpay();
  act(() => {
    fireEvent.load(secondScript as HTMLScriptElement);
  });

  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  expect(FakeRazorpay.latest().opened).toBe(true);
  expect(screen.queryByText(/Failed to load Razorpay/)).not.toBeInTheDocument();
});

test('a signed-out visitor is asked to log in and sent to /login with the way back', async () => {
  signOutLocally();
  const fake = paymentFunction();
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 1 }} label="Get Temp 1" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 1' }));
  expect(fake.invoke).not.toHaveBeenCalled();
  await userEvent.click(within(statusRegion()).getByRole('link', { name: 'Log in' }));

  expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  expect(JSON.parse(screen.getByTestId('login-state').textContent ?? 'null')).toEqual({
    from: { pathname: '/design', search: '?step=2', hash: '', state: { selectedTemplate: { id: 1 } } },
  });
});

test('an expired session (401 from the function) also asks to log in', async () => {
  installFakeSupabase(async () => httpError(401, 'Your session has expired. Sign in again.'));
  renderAtDesign(<CheckoutButton item={{ itemType: 'plan', itemId: 'pro' }} label="Choose Pro" />);

  await userEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
  expect(await within(statusRegion()).findByText(/Your session has expired/)).toBeInTheDocument();
  expect(within(statusRegion()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(FakeRazorpay.instances).toHaveLength(0);
});

test('an order the function refuses shows its reason', async () => {
  installFakeSupabase(async () => httpError(502, 'Payment provider refused: Authentication failed'));
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 1 }} label="Get Temp 1" />);

  await userEvent.click(screen.getByRole('button', { name: 'Get Temp 1' }));
  expect(await within(statusRegion()).findByText('Payment provider refused: Authentication failed')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('a template this user already bought shows "Purchased" instead of a buy button', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER), { entitlements: { templates: ['2'] } });
  renderAtDesign(
    <>
      <CheckoutButton item={{ itemType: 'template', itemId: 1 }} label="Get Temp 1" />
      <CheckoutButton item={{ itemType: 'template', itemId: 2 }} label="Get Temp 2" />
    </>,
  );

  expect(await screen.findByText('Purchased')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Get Temp 2' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get Temp 1' })).toBeInTheDocument();
});

test('a plan-holder is told their plan covers a template instead of being offered it', async () => {
  const paidThrough = new Date(Date.now() + 12 * 86_400_000);
  installFakeSupabase(async () => answer(ORDER_ANSWER), { entitlements: { plan: 'pro', plan_expires_at: paidThrough.toISOString() } });
  renderAtDesign(<CheckoutButton item={{ itemType: 'template', itemId: 3 }} label="Get Temp 3" />);

  expect(
    await screen.findByText(`Included in your Pro plan (paid through ${dateFormat.format(paidThrough)}): publish it without buying.`),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Get Temp 3' })).not.toBeInTheDocument();
});

test('a plan opens a subscription in dollars; after the server verifies, the amount charged and the renewal date show', async () => {
  const renews = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const fake = installFakeSupabase(async (body) =>
    body['action'] === 'subscribe'
      ? answer(SUBSCRIPTION_ANSWER)
      : answer({ subscription: subscriptionRow({ current_start: new Date().toISOString(), current_end: renews, charge_at: renews }) }),
  );
  renderAtDesign(<CheckoutButton item={{ itemType: 'plan', itemId: 'pro' }} label="Choose Pro" />);

  expect(screen.getByRole('button', { name: 'Choose Pro' })).toHaveAccessibleDescription('$19.99 a month');
  await userEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  expect(fake.bodies()).toEqual([{ action: 'subscribe', planId: 'pro' }]);
  const options = FakeRazorpay.latest().options;
  expect(options).toMatchObject({
    subscription_id: 'sub_TEST123456789',
    amount: 1999,
    currency: 'USD',
    description: 'Pro plan, billed monthly',
  });
  expect(options.order_id).toBeUndefined();

  const readsBefore = fake.reads().length;
  // By the time the server answers, the subscription is in the account.
  fake.rows.subscriptions = [subscriptionRow({ current_end: renews })];
  act(() => FakeRazorpay.latest().succeed('pay_SUB0000001'));
  expect(
    await within(statusRegion()).findByText(
      `Payment successful! $19.99 paid for Pro; it renews on ${dateFormat.format(new Date(renews))} at $19.99 until you cancel. Payment id: pay_SUB0000001`,
    ),
  ).toBeInTheDocument();
  expect(fake.bodies()[1]).toEqual({
    action: 'verify-subscription',
    razorpay_payment_id: 'pay_SUB0000001',
    razorpay_subscription_id: 'sub_TEST123456789',
    razorpay_signature: 'f'.repeat(64),
  });
  // The plan, subscriptions and receipts are read again for every screen: subscribed, the button
  // gives way to the account page, and what was charged stays said.
  await waitFor(() => expect(fake.reads().slice(readsBefore)).toEqual(expect.arrayContaining(['entitlements', 'subscriptions'])));
  expect(await screen.findByRole('link', { name: 'Manage your subscription' })).toHaveAttribute('href', '/account');
  expect(screen.queryByRole('button', { name: 'Choose Pro' })).not.toBeInTheDocument();
  expect(statusRegion()).toHaveTextContent('Payment successful! $19.99 paid for Pro');
});

test('resuming a plan before it ends authorises the card and says nothing was charged today', async () => {
  const startsAt = new Date(Date.now() + 9 * 86_400_000).toISOString();
  installFakeSupabase(async (body) =>
    body['action'] === 'subscribe'
      ? answer({ ...SUBSCRIPTION_ANSWER, startsAt })
      : answer({
          subscription: subscriptionRow({
            status: 'authenticated',
            current_start: null,
            current_end: null,
            starts_at: startsAt,
            charge_at: startsAt,
          }),
        }),
  );
  renderAtDesign(<CheckoutButton item={{ itemType: 'plan', itemId: 'pro' }} label="Resume Pro" />);

  await userEvent.click(screen.getByRole('button', { name: 'Resume Pro' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  act(() => FakeRazorpay.latest().succeed('pay_AUTH000001'));
  expect(
    await within(statusRegion()).findByText(
      `Pro continues from ${dateFormat.format(new Date(startsAt))}: $19.99 will be charged then, and monthly until you cancel. Nothing was charged today.`,
    ),
  ).toBeInTheDocument();
});

test('a second subscription is refused by the server, with its reason', async () => {
  installFakeSupabase(async () => httpError(409, 'You already subscribe to Pro. Change or cancel it on your account page.'));
  renderAtDesign(<CheckoutButton item={{ itemType: 'plan', itemId: 'premium' }} label="Choose Premium" />);

  await userEvent.click(screen.getByRole('button', { name: 'Choose Premium' }));
  expect(
    await within(statusRegion()).findByText('You already subscribe to Pro. Change or cancel it on your account page.'),
  ).toBeInTheDocument();
  expect(FakeRazorpay.instances).toHaveLength(0);
});
