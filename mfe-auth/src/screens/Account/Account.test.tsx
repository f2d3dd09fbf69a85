import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invalidateBilling, portfolioKeys, queryClient } from '@folioforge/shared';
import Account from './Account';
import { shopOrder } from '../../test/shopOrders';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { fakeUser, resetAuthStore, samePassword, signedInAs, signedOut } from '../../test/authFixtures';

let supabase: FakeSupabase;
const user = fakeUser({ id: 'user-1', email: 'ada@example.com', user_metadata: { name: 'Ada Lovelace' } });

beforeEach(() => {
  supabase = installFakeSupabase();
  supabase.answerRpc('my_late_payments', { data: [], error: null });
  supabase.answer('profiles', { data: { id: 'user-1', name: 'Ada Lovelace', username: 'ada' }, error: null });
  supabase.answer('portfolios', { data: [], error: null });
  supabase.answer('subscriptions', { data: [], error: null });
  supabase.answer('billing_history', { data: [], error: null });
  supabase.answer('entitlements', {
    data: { plan: null, plan_expires_at: null, templates: [], remove_branding: false, storage_quota_bytes: 52428800 },
    error: null,
  });
  supabase.answer('storage_usage', { data: { bytes: 0, files: 0 }, error: null });
  supabase.answer('subscribers', { data: [], error: null });
});
afterEach(resetAuthStore);

const section = (name: string) => screen.getByRole('region', { name });

test('a signed-out visitor is sent to log in, to come back here afterwards', async () => {
  signedOut();
  renderScreen(<Account />, '/account');
  expect(await screen.findByRole('heading', { name: '/login page' })).toBeInTheDocument();
  expect(screen.getByTestId('destination-state')).toHaveTextContent('"from":{"pathname":"/account"');
});

test('while the session is read it says so and sends nobody away', () => {
  renderScreen(<Account />, '/account');
  expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
});

describe('signed in', () => {
  beforeEach(() => {
    signedInAs(user);
  });

  test('shows the profile from the profiles table and the email of the user', async () => {
    renderScreen(<Account />, '/account');
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    const profile = section('Profile');
    expect(await within(profile).findByText('ada')).toBeInTheDocument();
    expect(within(profile).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    const query = supabase.queries.find((entry) => entry.table === 'profiles')!.query;
    expect(query.calls).toEqual([
      ['select', ['id, name, username']],
      ['eq', ['id', 'user-1']],
      ['single', []],
    ]);
  });

  test('empty portfolios and purchases point the way', async () => {
    renderScreen(<Account />, '/account');
    const portfolios = section('Your portfolios');
    expect(await within(portfolios).findByText(/No portfolios yet —/)).toBeInTheDocument();
    expect(within(portfolios).getByRole('link', { name: 'pick a template' })).toHaveAttribute('href', '/templates');
    const billing = section('Billing and receipts');
    expect(await within(billing).findByText(/No purchases yet/)).toBeInTheDocument();
    expect(within(billing).getByText(/You have no subscription/)).toBeInTheDocument();
  });

  test("lists the user's portfolios and purchases", async () => {
    supabase.answer('portfolios', {
      data: [
        { id: 'p1', title: 'My studio', template_id: '2', published: true, slug: 'studio', updated_at: '2025-03-01T10:00:00Z' },
        { id: 'p2', title: null, template_id: 'generator', published: false, slug: null, updated_at: '2025-02-01T10:00:00Z' },
      ],
      error: null,
    });
    // Paid orders and subscription charges only: a checkout opened and never paid is not listed.
    supabase.answer('billing_history', {
      data: [
        {
          id: 'b1',
          kind: 'subscription',
          item_type: 'plan',
          item_id: 'pro',
          amount: 1999,
          currency: 'USD',
          paid_at: '2025-03-01T00:00:00Z',
          payment_id: 'pay_PRO1',
          reference: 'sub_PRO1',
          period_start: '2025-03-01T00:00:00Z',
          period_end: '2025-04-01T00:00:00Z',
          receipt_number: 'FF-ABCDEF0123',
        },
        {
          id: 'b2',
          kind: 'order',
          item_type: 'template',
          item_id: '3',
          amount: 80000,
          currency: 'INR',
          paid_at: '2025-02-01T00:00:00Z',
          payment_id: 'pay_TPL3',
          reference: 'order_TPL3',
          period_start: null,
          period_end: null,
          receipt_number: 'FF-9876543210',
        },
      ],
      error: null,
    });
    renderScreen(<Account />, '/account');
    const portfolios = section('Your portfolios');
    expect(await within(portfolios).findByText('My studio')).toBeInTheDocument();
    expect(within(portfolios).getByText('Published')).toBeInTheDocument();
    expect(within(portfolios).getByText('Untitled portfolio')).toBeInTheDocument();
    expect(within(portfolios).getByText('Portfolio generator')).toBeInTheDocument();
    const payments = within(section('Billing and receipts')).getByRole('list', { name: 'Payments' });
    const [pro, template] = await within(payments).findAllByRole('listitem');
    expect(pro).toHaveTextContent('1 Mar 2025');
    expect(pro).toHaveTextContent('Pro plan, monthly');
    expect(pro).toHaveTextContent('1 Mar 2025 – 1 Apr 2025');
    expect(pro).toHaveTextContent('$19.99');
    expect(template).toHaveTextContent('Template 3, bought for good');
    expect(template).toHaveTextContent('₹800.00');

    // The receipt: what was paid, when, in which currency, printable.
    await userEvent.click(within(pro!).getByRole('button', { name: 'Receipt for Pro plan, monthly on 1 Mar 2025' }));
    const receipt = screen.getByRole('dialog', { name: 'Receipt FF-ABCDEF0123' });
    expect(receipt).toHaveTextContent('Billed toAda Lovelace, ada@example.com');
    expect(receipt).toHaveTextContent('Amount paid$19.99 (USD)');
    expect(receipt).toHaveTextContent('Payment idpay_PRO1');
    expect(document.body).toHaveClass('ff-printing-receipt');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.click(within(receipt).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('ff-printing-receipt');
  });

  test('a page published and a plan bought in another remote show here at once, without a reload', async () => {
    const draft = { id: 'p1', title: 'My studio', template_id: '2', published: false, slug: null, updated_at: '2025-03-01T10:00:00Z' };
    supabase.answer('portfolios', { data: [draft], error: null });
    renderScreen(<Account />, '/account');
    const portfolios = section('Your portfolios');
    expect(await within(portfolios).findByText('Draft')).toBeInTheDocument();
    expect(await within(section('Your plan')).findByText(/No plan/)).toBeInTheDocument();

    // The editor publishes: it refreshes its own list of pages, as its mutations do after a change.
    supabase.answer('portfolios', { data: [{ ...draft, published: true, slug: 'studio' }], error: null });
    await act(() => queryClient.invalidateQueries({ queryKey: portfolioKeys.list('user-1') }));
    expect(await within(portfolios).findByText('Published')).toBeInTheDocument();

    // The checkout button finishes a purchase of Pro.
    supabase.answer('entitlements', {
      data: { plan: 'pro', plan_expires_at: '2025-04-01T00:00:00Z', templates: [], remove_branding: true, storage_quota_bytes: 1073741824 },
      error: null,
    });
    await act(() => invalidateBilling(queryClient, 'user-1'));
    expect(await within(section('Your plan')).findByText(/^Pro, paid through/)).toBeInTheDocument();
    expect(within(section('Your plan')).getByText(/of 1 GB used/)).toBeInTheDocument();
  });

  test('a list that fails to load says so and can be asked again', async () => {
    supabase.answer(
      'portfolios',
      { data: null, error: { message: 'permission denied for table portfolios', code: '42501' } },
      { data: [], error: null },
    );
    renderScreen(<Account />, '/account');
    const portfolios = section('Your portfolios');
    expect(await within(portfolios).findByRole('alert')).toHaveTextContent(
      'Your portfolios could not be loaded: permission denied for table portfolios',
    );
    await userEvent.click(within(portfolios).getByRole('button', { name: 'Try again' }));
    expect(await within(portfolios).findByText(/No portfolios yet/)).toBeInTheDocument();
  });

  test('editing the profile: a username someone else holds is refused by the database and said plainly', async () => {
    renderScreen(<Account />, '/account');
    const profile = section('Profile');
    await userEvent.click(await within(profile).findByRole('button', { name: 'Edit profile' }));
    supabase.answer('profiles', {
      data: null,
      error: { code: '23505', message: 'duplicate key value violates unique constraint "profiles_username_key"' },
    });
    const username = within(profile).getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'grace');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByRole('alert')).toHaveTextContent('That username is taken');
    expect(username).toHaveValue('grace');
    expect(supabase.auth.updateUser).not.toHaveBeenCalled();
  });

  test('editing the profile saves the row and the name the header shows', async () => {
    renderScreen(<Account />, '/account');
    const profile = section('Profile');
    await userEvent.click(await within(profile).findByRole('button', { name: 'Edit profile' }));
    supabase.answer('profiles', { data: { id: 'user-1', name: 'Ada King', username: 'ada' }, error: null });
    const name = within(profile).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Your profile is saved.')).toBeInTheDocument();
    expect(within(profile).getByText('Ada King')).toBeInTheDocument();
    expect(supabase.auth.updateUser).toHaveBeenCalledWith({ data: { name: 'Ada King', username: 'ada' } });
    const save = supabase.queries.filter((entry) => entry.table === 'profiles').at(-1)!.query;
    expect(save.calls[0]).toEqual(['upsert', [{ id: 'user-1', name: 'Ada King', username: 'ada' }]]);
  });

  test('a malformed username is caught before saving', async () => {
    renderScreen(<Account />, '/account');
    const profile = section('Profile');
    await userEvent.click(await within(profile).findByRole('button', { name: 'Edit profile' }));
    const username = within(profile).getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'no spaces');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(within(profile).getByRole('alert')).toHaveTextContent('Usernames are 3 to 30 letters');
  });

  test('change password: success and the server refusing the same password', async () => {
    supabase.auth.updateUser.mockResolvedValueOnce({ data: { user: null }, error: samePassword() });
    renderScreen(<Account />, '/account');
    const password = section('Change password');
    await userEvent.type(within(password).getByLabelText('New password'), 'secret1');
    await userEvent.type(within(password).getByLabelText('Confirm new password'), 'secret1');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('alert')).toHaveTextContent('New password should be different from the old password.');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(supabase.auth.updateUser).toHaveBeenLastCalledWith({ password: 'secret1' });
  });

  test('Sign out everywhere ends every session and goes to /', async () => {
    renderScreen(<Account />, '/account');
    await userEvent.click(within(section('Sessions')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(supabase.auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect(await screen.findByRole('heading', { name: '/ page' })).toBeInTheDocument();
  });
});

describe('your plan', () => {
  beforeEach(() => {
    signedInAs(user);
  });

  test('without a plan: how to get one, the free storage in use, the badge, no templates', async () => {
    renderScreen(<Account />, '/account');
    const plan = section('Your plan');
    expect(await within(plan).findByText(/No plan/)).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'see the plans' })).toHaveAttribute('href', '/pricing');
    expect(within(plan).getByText('0.0 MB of 50 MB used (0 files)')).toBeInTheDocument();
    expect(within(plan).getByText('A small “Made with FolioForge” badge. Any plan removes it.')).toBeInTheDocument();
    expect(within(plan).getByText('None yet')).toBeInTheDocument();
  });

  test('with a plan: its name and end, the larger storage, branding removed, the templates bought', async () => {
    supabase.answer('entitlements', {
      data: {
        plan: 'pro',
        plan_expires_at: '2026-12-24T10:00:00Z',
        templates: ['3', '4'],
        remove_branding: true,
        storage_quota_bytes: 1073741824,
      },
      error: null,
    });
    supabase.answer('storage_usage', { data: { bytes: 4404019, files: 1 }, error: null });
    renderScreen(<Account />, '/account');
    const plan = section('Your plan');
    expect(await within(plan).findByText('Pro, paid through 24 Dec 2026')).toBeInTheDocument();
    expect(within(plan).getByText('4.2 MB of 1 GB used (1 file)')).toBeInTheDocument();
    expect(within(plan).getByText('Removed: your plan includes it.')).toBeInTheDocument();
    expect(within(plan).getByText('Template 3, Template 4')).toBeInTheDocument();
  });

  test('a failure says so and offers to try again', async () => {
    supabase.answer('entitlements', { data: null, error: { message: 'network down' } });
    renderScreen(<Account />, '/account');
    const plan = section('Your plan');
    expect(await within(plan).findByText(/Your plan could not be loaded: network down/)).toBeInTheDocument();
    supabase.answer('entitlements', {
      data: { plan: null, plan_expires_at: null, templates: [], remove_branding: false, storage_quota_bytes: 52428800 },
      error: null,
    });
    await userEvent.click(within(plan).getByRole('button', { name: 'Try again' }));
    expect(await within(plan).findByText('0.0 MB of 50 MB used (0 files)')).toBeInTheDocument();
  });
});

describe('customers who signed up', () => {
  beforeEach(() => {
    signedInAs(user);
  });

  test('none yet says where they come from', async () => {
    renderScreen(<Account />, '/account');
    expect(await within(section('Customers who signed up')).findByText(/No one yet/)).toBeInTheDocument();
  });

  test('lists each with the page they signed up on', async () => {
    supabase.answer('portfolios', {
      data: [{ id: 'p1', title: 'My studio', template_id: '2', published: true, slug: 'studio', updated_at: '2025-03-01T10:00:00Z' }],
      error: null,
    });
    supabase.answer('subscribers', {
      data: [{ id: 's1', portfolio_id: 'p1', email: 'grace@example.com', name: 'Grace', created_at: '2025-03-02T10:00:00Z' }],
      error: null,
    });
    renderScreen(<Account />, '/account');
    const customers = section('Customers who signed up');
    const entry = (await within(customers).findByText('grace@example.com')).closest('li')!;
    expect(entry).toHaveTextContent('Grace');
    expect(entry).toHaveTextContent('on My studio');
    expect(entry).toHaveTextContent('2 Mar 2025');
    const query = supabase.queries.find((candidate) => candidate.table === 'subscribers')!.query;
    expect(query.calls[0]).toEqual(['select', ['id, portfolio_id, email, name, created_at']]);
  });
});

describe('live, without a reload', () => {
  const PAGE = { id: 'p1', title: 'My studio', template_id: '2', published: true, slug: 'studio', updated_at: '2025-03-01T10:00:00Z' };
  const MESSAGE = {
    id: 'm1',
    portfolio_id: 'p1',
    sender_name: 'Zoë',
    sender_email: 'zoe@example.com',
    message: 'Do you take commissions?',
    created_at: '2026-06-10T09:30:00Z',
    read_at: null,
  };
  const SIGN_UP = { id: 's1', portfolio_id: 'p1', email: 'grace@example.com', name: 'Grace', created_at: '2025-03-02T10:00:00Z' };
  const reads = (table: string) => supabase.queries.filter((entry) => entry.table === table).length;

  beforeEach(() => {
    signedInAs(user);
    supabase.answer('portfolios', { data: [PAGE], error: null });
    supabase.answer('page_messages', { data: [], error: null });
  });

  async function openAccount() {
    renderScreen(<Account />, '/account');
    await within(section('Customers who signed up')).findByText(/No one yet/);
    // Joined once the pages are listed, narrowed to them.
    await act(async () => undefined);
    const joined = supabase.realtime.open('account:user-1').filter((channel) => channel.joined);
    expect(joined).toHaveLength(1);
    return joined[0]!;
  }

  test("the user's portfolios, and messages and sign-ups on their pages only, are listened to", async () => {
    const channel = await openAccount();
    expect(channel.changes).toEqual([
      { event: '*', schema: 'public', table: 'portfolios', filter: 'owner_id=eq.user-1' },
      { event: '*', schema: 'public', table: 'shop_orders', filter: 'owner_id=eq.user-1' },
      { event: '*', schema: 'public', table: 'page_messages', filter: 'portfolio_id=in.(p1)' },
      { event: 'INSERT', schema: 'public', table: 'subscribers', filter: 'portfolio_id=in.(p1)' },
    ]);
  });

  test('a new page message and a new sign-up arrive on the open page', async () => {
    await openAccount();
    supabase.answer('page_messages', { data: [MESSAGE], error: null });
    act(() => supabase.realtime.change('page_messages', 'INSERT', MESSAGE));
    expect(await screen.findByRole('heading', { name: 'Messages from your pages (1 new)' })).toBeInTheDocument();
    expect(screen.getByText('Do you take commissions?')).toBeInTheDocument();

    supabase.answer('subscribers', { data: [SIGN_UP], error: null });
    act(() => supabase.realtime.change('subscribers', 'INSERT', SIGN_UP));
    const entry = (await within(section('Customers who signed up')).findByText('grace@example.com')).closest('li')!;
    expect(entry).toHaveTextContent('on My studio');
  });

  test('a new shop order arrives on the open page, in Orders and Customers', async () => {
    await openAccount();
    const order = shopOrder({ buyer_name: 'नेहा 🌸', buyer_email: 'neha@example.com' });
    supabase.answer('shop_orders', { data: [order], error: null });
    act(() => supabase.realtime.change('shop_orders', 'INSERT', { ...order, owner_id: 'user-1' }));
    expect(await within(section('Orders')).findByText('नेहा 🌸', { selector: 'span' })).toBeInTheDocument();
    expect(await within(section('Customers')).findByText('neha@example.com')).toBeInTheDocument();
  });

  test('a change on a page not listed (another user’s) reads nothing again', async () => {
    await openAccount();
    const before = reads('page_messages');
    act(() => supabase.realtime.change('page_messages', 'INSERT', { ...MESSAGE, portfolio_id: 'someone-elses' }));
    await act(async () => undefined);
    expect(reads('page_messages')).toBe(before);
  });

  test('a dropped connection loses nothing: rejoined, the lists are read again', async () => {
    await openAccount();
    act(() => supabase.realtime.drop());
    // Arrived while the connection was down: told to no one.
    supabase.answer('page_messages', { data: [MESSAGE], error: null });
    act(() => supabase.realtime.change('page_messages', 'INSERT', MESSAGE));
    await act(async () => undefined);
    expect(screen.queryByText('Do you take commissions?')).toBeNull();

    act(() => supabase.realtime.rejoin());
    expect(await screen.findByText('Do you take commissions?')).toBeInTheDocument();
  });
});
