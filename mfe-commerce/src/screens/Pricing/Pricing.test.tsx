import { beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Pricing from './Pricing';
import {
  answer,
  FakeRazorpay,
  installFakeSupabase,
  ORDER_ANSWER,
  renderAtDesign,
  resetCommerceTestState,
  settleReads,
  subscriptionRow,
  SUBSCRIPTION_ANSWER,
} from '../../testing/checkoutTestKit';

beforeEach(resetCommerceTestState);

const FEATURE_MATRIX: [feature: string, basic: boolean, pro: boolean, premium: boolean][] = [
  ['Custom domain', true, true, true],
  ['Free domain for 1 year', true, true, true],
  ['Remove branding', true, true, true],
  ['Storage space', true, true, true],
  ['Customer accounts', true, true, true],
  ['Customer care', true, true, true],
  ['Customized website', false, true, true],
  ['Pages behind a password', false, true, true],
  ['Professional logo', false, false, true],
  ['Social media logo files', false, false, true],
  ['Priority customer care', false, false, true],
];

function planCard(name: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

test('shows the three plans in US dollars a month, their features and buy buttons', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  expect(screen.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeInTheDocument();
  const plans = within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('heading', { level: 2 });
  expect(plans.map((heading) => heading.textContent)).toEqual(['Basic', 'Pro', 'Premium']);

  for (const [name, price] of [
    ['Basic', '$9.99'],
    ['Pro', '$19.99'],
    ['Premium', '$29.99'],
  ] as const) {
    const card = planCard(name);
    expect(within(card).getAllByText(price).length).toBeGreaterThan(0);
    expect(within(card).getByText('Billed monthly in USD. Cancel any time.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Choose ${name}` })).toHaveAccessibleDescription(`${price} a month`);
  }
  // No plan is priced in rupees anywhere on the page.
  expect(screen.queryByText(/₹\d+\.\d\d\s*(a|per) month/)).not.toBeInTheDocument();
  expect(within(within(planCard('Basic')).getByRole('list', { name: 'Basic features' })).getAllByRole('listitem')).toHaveLength(6);
  expect(within(within(planCard('Pro')).getByRole('list', { name: 'Pro features' })).getAllByRole('listitem')).toHaveLength(8);
  expect(within(within(planCard('Premium')).getByRole('list', { name: 'Premium features' })).getAllByRole('listitem')).toHaveLength(11);
});

test('says what buying a template gives for good and what a plan gives while it lasts, each in its currency', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  const ways = screen.getByRole('region', { name: 'Buy a template or choose a plan' });
  const template = within(ways).getByRole('heading', { name: 'Buy a template, once' }).parentElement as HTMLElement;
  expect(template).toHaveTextContent('₹100.00 to ₹800.00, paid once');
  expect(template).toHaveTextContent(/yours for good/);
  expect(template).toHaveTextContent(/“Made with FolioForge” badge/);
  expect(within(template).getByRole('link', { name: /Browse the templates/ })).toHaveAttribute('href', '/templates');
  const plan = within(ways).getByRole('heading', { name: 'Choose a plan, monthly' }).parentElement as HTMLElement;
  expect(plan).toHaveTextContent('From $9.99 a month');
  expect(plan).toHaveTextContent(/every template, without the badge/);
  expect(plan).toHaveTextContent(/renews each month until you cancel/);
  expect(screen.getByText(/plans in US dollars \(USD\), templates in Indian rupees \(INR\)/)).toBeInTheDocument();
});

test('the comparison is a real table with caption, headers and Included / Not included for every feature', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  const table = screen.getByRole('table', { name: 'Features included in each plan' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Feature', 'Basic', 'Pro', 'Premium']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(FEATURE_MATRIX.length);
  FEATURE_MATRIX.forEach(([feature, ...included], index) => {
    const row = rows[index] as HTMLElement;
    expect(within(row).getByRole('rowheader')).toHaveTextContent(feature);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => (cell.textContent ?? '').replace(/[✓—]/g, ''))).toEqual(
      included.map((yes) => (yes ? 'Included' : 'Not included')),
    );
  });
  // Not hidden in a sideways-scrolling box: the table is laid out to the page's width.
  expect(table.closest('[role="region"][tabindex]')).toBeNull();
});

test('shows how paying works and the accepted payment methods', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  expect(screen.getByRole('img', { name: /Accepted payment methods: .*cards.*UPI/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Paying' })).toBeInTheDocument();
  expect(screen.getByText(/printable receipt on your account page/)).toBeInTheDocument();
});

test('a renewing subscription is marked with its renewal date; other plans point to the account page', async () => {
  const row = subscriptionRow({ plan_id: 'pro' });
  installFakeSupabase(async () => answer(ORDER_ANSWER), {
    entitlements: { plan: 'pro', plan_expires_at: row.current_end },
    subscriptions: [row],
  });
  renderAtDesign(<Pricing />);

  expect(await within(planCard('Pro')).findByText(`Your plan — renews on ${longDate(row.current_end!)} at $19.99`)).toBeInTheDocument();
  expect(within(planCard('Pro')).getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute('href', '/account');
  expect(within(planCard('Pro')).queryByRole('button')).not.toBeInTheDocument();
  for (const name of ['Basic', 'Premium']) {
    expect(within(planCard(name)).queryByRole('button', { name: `Choose ${name}` })).not.toBeInTheDocument();
    expect(within(planCard(name)).getByRole('link', { name: 'change your plan on your account page' })).toBeInTheDocument();
  }
});

test('a cancelled plan still held offers to resume it from its end date, with nothing charged today', async () => {
  const row = subscriptionRow({ plan_id: 'premium', cancel_at_period_end: true });
  installFakeSupabase(async () => answer(SUBSCRIPTION_ANSWER), {
    entitlements: { plan: 'premium', plan_expires_at: row.current_end },
    subscriptions: [row],
  });
  renderAtDesign(<Pricing />);

  const premium = planCard('Premium');
  expect(await within(premium).findByText(`Your current plan until ${longDate(row.current_end!)}`)).toBeInTheDocument();
  expect(within(premium).getByRole('button', { name: 'Resume Premium' })).toBeInTheDocument();
  expect(
    within(premium).getByText(`Nothing is charged today: the first month is charged on ${longDate(row.current_end!)}, when this one ends.`),
  ).toBeInTheDocument();
  expect(
    within(planCard('Basic')).getByText(`Starts on ${longDate(row.current_end!)}, when your Premium plan ends; nothing is charged before.`),
  ).toBeInTheDocument();
});

test('choosing a plan asks the payment function to subscribe to that plan only and opens the checkout in USD', async () => {
  const fake = installFakeSupabase(async () => answer(SUBSCRIPTION_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  await userEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  expect(fake.bodies()).toEqual([{ action: 'subscribe', planId: 'pro' }]);
  expect(FakeRazorpay.latest().options).toMatchObject({
    currency: 'USD',
    amount: 1999,
    subscription_id: 'sub_TEST123456789',
    description: 'Pro plan, billed monthly',
  });
});
