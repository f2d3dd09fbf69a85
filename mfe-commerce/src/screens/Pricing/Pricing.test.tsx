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
  TEST_USER_ID,
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
  ['Professional logo', false, false, true],
  ['Social media logo files', false, false, true],
  ['Priority customer care', false, false, true],
];

function planCard(name: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

test('shows the three plans with their INR prices, features and buy buttons', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  expect(screen.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeInTheDocument();
  const plans = within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('heading', { level: 2 });
  expect(plans.map((heading) => heading.textContent)).toEqual(['Basic', 'Pro', 'Premium']);

  for (const [name, price] of [
    ['Basic', '₹9.99'],
    ['Pro', '₹19.99'],
    ['Premium', '₹29.99'],
  ] as const) {
    const card = planCard(name);
    expect(within(card).getAllByText(price).length).toBeGreaterThan(0);
    expect(within(card).getByRole('button', { name: `Choose ${name}` })).toBeEnabled();
  }
  expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  expect(within(within(planCard('Basic')).getByRole('list', { name: 'Basic features' })).getAllByRole('listitem')).toHaveLength(6);
  expect(within(within(planCard('Pro')).getByRole('list', { name: 'Pro features' })).getAllByRole('listitem')).toHaveLength(7);
  expect(within(within(planCard('Premium')).getByRole('list', { name: 'Premium features' })).getAllByRole('listitem')).toHaveLength(10);
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
});

test('shows the accepted payment methods image and the premium plans text', async () => {
  installFakeSupabase(async () => answer(ORDER_ANSWER));
  renderAtDesign(<Pricing />);
  await settleReads();

  expect(screen.getByRole('img', { name: /Accepted payment methods: .*cards.*UPI/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Premium plans' })).toBeInTheDocument();
});

test('an active plan is shown as the current plan until its end date; an expired one is not', async () => {
  const inTenDays = new Date(Date.now() + 10 * 86_400_000);
  installFakeSupabase(
    async () => answer(ORDER_ANSWER),
    [
      { user_id: TEST_USER_ID, item_type: 'plan', item_id: 'pro', status: 'paid', expires_at: inTenDays.toISOString() },
      { user_id: TEST_USER_ID, item_type: 'plan', item_id: 'premium', status: 'paid', expires_at: '2020-01-01T00:00:00Z' },
    ],
  );
  renderAtDesign(<Pricing />);

  const expected = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(inTenDays);
  expect(await within(planCard('Pro')).findByText(`Your current plan until ${expected}`)).toBeInTheDocument();
  expect(within(planCard('Premium')).queryByText(/Your current plan/)).not.toBeInTheDocument();
  expect(within(planCard('Basic')).queryByText(/Your current plan/)).not.toBeInTheDocument();
});

test('choosing a plan asks the payment function for that plan only and opens the checkout in INR', async () => {
  const fake = installFakeSupabase(async () => answer({ ...ORDER_ANSWER, amount: 1999 }));
  renderAtDesign(<Pricing />);

  await userEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  expect(fake.bodies()).toEqual([{ action: 'create-order', item: { itemType: 'plan', itemId: 'pro' } }]);
  expect(FakeRazorpay.latest().options).toMatchObject({ currency: 'INR', amount: 1999, description: 'Pro plan, 1 month' });
});
