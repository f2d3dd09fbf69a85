import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { getSupabase, queryClient, setRuntimeConfig, type BillingSubscription } from '@folioforge/shared';
import { testRuntimeConfig } from '@folioforge/shared/testing';
import Account from './Account';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { fakeUser, resetAuthStore, signedInAs } from '../../test/authFixtures';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

/** A stand-in for the commerce remote's CheckoutButton: shows what it was given. */
function FakeCheckoutButton({ item, label }: { item: { itemType: string; itemId: string }; label: string }) {
  return <button type="button">{`${label} [${item.itemType} ${item.itemId}]`}</button>;
}

let supabase: FakeSupabase;
let invoke: jest.Mock<(name: string, options: { body: Record<string, unknown> }) => Promise<unknown>>;
const user = fakeUser({ id: 'user-1', email: 'ada@example.com', user_metadata: { name: 'Ada Lovelace' } });

const DAY = 86_400_000;
const iso = (fromNowDays: number) => new Date(Date.now() + fromNowDays * DAY).toISOString();
const medium = (value: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' }).format(new Date(value));

function subscription(fields: Partial<BillingSubscription> = {}): BillingSubscription {
  return {
    id: 's1',
    plan_id: 'pro',
    status: 'active',
    amount: 1999,
    currency: 'USD',
    current_start: iso(-20),
    current_end: iso(10),
    charge_at: iso(10),
    starts_at: null,
    ended_at: null,
    cancel_at_period_end: false,
    scheduled_plan_id: null,
    failed_charges: 0,
    created_at: iso(-20),
    ...fields,
  };
}

function withSubscriptions(...rows: BillingSubscription[]) {
  supabase.answer('subscriptions', { data: rows, error: null });
}

const billing = () => screen.getByRole('region', { name: 'Billing and receipts' });

beforeEach(() => {
  setRuntimeConfig(testRuntimeConfig());
  queryClient.clear();
  supabase = installFakeSupabase();
  supabase.answer('profiles', { data: { id: 'user-1', name: 'Ada Lovelace', username: 'ada' }, error: null });
  supabase.answer('portfolios', { data: [], error: null });
  supabase.answer('entitlements', { data: { plan: null, plan_expires_at: null, templates: [], remove_branding: false }, error: null });
  supabase.answer('storage_usage', { data: { bytes: 0, files: 0 }, error: null });
  supabase.answer('subscribers', { data: [], error: null });
  supabase.answer('billing_history', { data: [], error: null });
  withSubscriptions();
  invoke = jest.fn<(name: string, options: { body: Record<string, unknown> }) => Promise<unknown>>();
  (getSupabase() as unknown as { functions: { invoke: typeof invoke } }).functions = { invoke };
  (loadRemote as jest.Mock).mockReset().mockResolvedValue({ default: FakeCheckoutButton } as never);
  signedInAs(user);
});
afterEach(resetAuthStore);

describe('the subscription on /account', () => {
  test('renewing: the amount and date of the next charge; cancelling asks first and says what happens', async () => {
    const row = subscription();
    withSubscriptions(row);
    invoke.mockResolvedValue({ data: { subscription: { ...row, cancel_at_period_end: true } }, error: null });
    renderScreen(<Account />, '/account');

    expect(
      await within(billing()).findByText(
        (_, element) => element?.textContent === `Pro, $19.99 a month. Renews on ${medium(row.current_end!)}: $19.99 will be charged then.`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(billing()).getByRole('button', { name: 'Cancel subscription' }));
    const question = within(billing()).getByRole('group', { name: /Cancel your subscription\?/ });
    expect(question).toHaveTextContent(`Pro stays until ${medium(row.current_end!)}, and you will not be charged again.`);
    withSubscriptions({ ...row, cancel_at_period_end: true });
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, cancel' }));
    expect(invoke).toHaveBeenCalledWith('payments', { body: { action: 'cancel-subscription' } });
    // Read again after the change: now it ends, and can be resumed.
    expect(await within(billing()).findByText(/ends on .*you will not be charged again/)).toBeInTheDocument();
    expect(await within(billing()).findByRole('button', { name: 'Resume Pro [plan pro]' })).toBeInTheDocument();
  });

  test('changing plan happens when the paid month ends, at the new price; keeping the plan drops the change', async () => {
    const row = subscription({ plan_id: 'basic', amount: 999 });
    withSubscriptions(row);
    invoke.mockResolvedValue({ data: { subscription: { ...row, scheduled_plan_id: 'premium' } }, error: null });
    renderScreen(<Account />, '/account');

    const select = await within(billing()).findByLabelText('Change plan');
    await userEvent.selectOptions(select, 'premium');
    expect(
      within(billing()).getByText(
        `Upgrade to Premium from ${medium(row.current_end!)}, when the month you paid for ends: $29.99 a month from then. Until then you keep Basic.`,
      ),
    ).toBeInTheDocument();
    withSubscriptions({ ...row, scheduled_plan_id: 'premium' });
    await userEvent.click(within(billing()).getByRole('button', { name: `Change to Premium on ${medium(row.current_end!)}` }));
    expect(invoke).toHaveBeenCalledWith('payments', { body: { action: 'change-plan', planId: 'premium' } });
    expect(await within(billing()).findByText(`From ${medium(row.current_end!)}: Premium, $29.99 a month.`)).toBeInTheDocument();

    withSubscriptions(row);
    await userEvent.click(within(billing()).getByRole('button', { name: 'Keep Basic' }));
    expect(invoke).toHaveBeenLastCalledWith('payments', { body: { action: 'change-plan', planId: 'basic' } });
    expect(await within(billing()).findByLabelText('Change plan')).toBeInTheDocument();
  });

  test('a failed renewal: the amount that failed, Razorpay retrying, and until when the plan carries on', async () => {
    const row = subscription({ status: 'pending', failed_charges: 2, current_end: iso(-2) });
    withSubscriptions(row);
    renderScreen(<Account />, '/account');

    const alert = await within(billing()).findByRole('alert');
    expect(alert).toHaveTextContent(
      `The renewal payment of $19.99 due on ${medium(row.current_end!)} did not go through (2 attempts so far).`,
    );
    expect(alert).toHaveTextContent(`carries on meanwhile, for up to 7 days (until ${medium(iso(5))})`);
    expect(within(billing()).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  test('a plan that lapsed after failed renewals says so and points to the plans', async () => {
    withSubscriptions(subscription({ status: 'halted', plan_id: 'premium', amount: 2999, current_end: iso(-5), failed_charges: 4 }));
    renderScreen(<Account />, '/account');

    expect(
      await within(billing()).findByText(/Your Premium plan has ended: the renewal payment of \$29\.99 due on .* did not go through/),
    ).toBeInTheDocument();
    expect(within(billing()).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
  });

  test('a resumed plan: the current one until its end, then the next from that date, nothing charged before', async () => {
    const ending = subscription({ cancel_at_period_end: true });
    const resumed = subscription({
      id: 's2',
      status: 'authenticated',
      current_start: null,
      current_end: null,
      starts_at: ending.current_end,
      charge_at: ending.current_end,
    });
    withSubscriptions(resumed, ending);
    renderScreen(<Account />, '/account');

    expect(
      await within(billing()).findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            `Pro until ${medium(ending.current_end!)}, then Pro from ${medium(ending.current_end!)}: $19.99 will be charged then, and monthly until you cancel.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(billing()).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument());
  });
});
