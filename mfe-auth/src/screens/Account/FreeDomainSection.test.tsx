import { beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { ROUTER_FUTURE, ServerStateProvider, queryClient, type DomainOffer } from '@folioforge/shared';
import { FreeDomainSection } from './FreeDomainSection';
import type { PortfolioSummary } from './accountData';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';

let supabase: FakeSupabase;
// Portfolio ids are uuids, as the domains function's contract requires them.
const DRAFT = '0b6c1f3e-8d2a-4c55-9f1e-3a7d2b9c4e01';
const LIVE = '5e2d7a90-1c4b-4f3e-8a6d-9b0c2e4f6a12';
const PAGES: PortfolioSummary[] = [
  { id: DRAFT, title: 'Draft', template_id: '1', published: false, slug: null, updated_at: '2026-03-01T00:00:00Z' },
  { id: LIVE, title: 'Ada’s Studio', template_id: '2', published: true, slug: 'ada', updated_at: '2026-03-02T00:00:00Z' },
];
const DAY = 86_400_000;

beforeEach(() => {
  queryClient.clear();
  supabase = installFakeSupabase();
  supabase.answer('registered_domains', { data: [], error: null });
  supabase.answer('custom_domains', { data: [], error: null });
  supabase.rpc.mockResolvedValue({ data: { available: true, reason: null, next_at: null }, error: null });
});

function renderSection() {
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <ServerStateProvider>
        <FreeDomainSection userId="user-1" portfolios={PAGES} />
      </ServerStateProvider>
    </MemoryRouter>,
  );
}

const offer = (domain: string, extra: Partial<DomainOffer> = {}): DomainOffer => ({
  domain,
  available: true,
  free: true,
  priceUsd: 10.99,
  renewalPriceUsd: 12.99,
  ...extra,
});

test('without a plan it says the free domain comes with one', async () => {
  supabase.rpc.mockResolvedValue({ data: { available: false, reason: 'no_plan', next_at: null }, error: null });
  renderSection();
  expect(await screen.findByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
  expect(screen.queryByLabelText('Name you would like')).not.toBeInTheDocument();
});

test('search: a name that cannot be a domain is said beside the field; a good one lists names, prices and what is free', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({
    data: {
      offers: [
        offer('janedoe.com'),
        offer('janedoe.net', { available: false, free: false, priceUsd: null, renewalPriceUsd: null, note: 'Taken' }),
        offer('janedoe.site', {
          free: false,
          priceUsd: 1.99,
          renewalPriceUsd: 34.99,
          note: 'Costs more than the free domain covers ($20 a year)',
        }),
      ],
    },
    error: null,
  });
  renderSection();
  const field = await screen.findByLabelText('Name you would like');
  await userEvent.type(field, 'jane_doe!');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(/Use only letters a–z, digits and dashes/);
  expect(supabase.functions.invoke).not.toHaveBeenCalled();

  await userEvent.clear(field);
  await userEvent.type(field, 'janedoe');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(supabase.functions.invoke).toHaveBeenCalledWith('domains', { body: { action: 'search', query: 'janedoe' } });
  expect(await screen.findByText('3 names checked: 1 free with your plan.')).toBeInTheDocument();
  const list = within(screen.getByRole('list', { name: 'Names and prices' }));
  expect(list.getByText('$10.99 the first year, $12.99 a year after')).toBeInTheDocument();
  expect(list.getByText('Free with your plan')).toBeInTheDocument();
  expect(list.getByText('Taken')).toBeInTheDocument();
  expect(list.getByText(/Costs more than the free domain covers/)).toBeInTheDocument();
  expect(list.getAllByRole('button')).toHaveLength(1);
});

test('register: choose the name and the page, then it is registered and the page is named', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: { offers: [offer('janedoe.com')] }, error: null }).mockResolvedValueOnce({
    data: {
      registered: {
        domain: 'janedoe.com',
        registeredAt: '2026-04-01T00:00:00Z',
        expiresAt: '2027-04-01T00:00:00Z',
        renewalPriceUsd: 12.99,
        portfolioId: LIVE,
      },
      url: 'https://janedoe.com/',
    },
    error: null,
  });
  renderSection();
  await userEvent.type(await screen.findByLabelText('Name you would like'), 'janedoe.com');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Choose janedoe.com' }));
  const confirm = screen.getByRole('region', { name: 'Register janedoe.com' });
  expect(within(confirm).getByLabelText('Page it shows')).toHaveValue(LIVE);
  // Once registered, the plan year is used: the search gives way, the news stays.
  supabase.rpc.mockResolvedValue({ data: { available: false, reason: 'used', next_at: '2027-04-01T00:00:00Z' }, error: null });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Register janedoe.com' }));
  expect(supabase.functions.invoke).toHaveBeenLastCalledWith('domains', {
    body: { action: 'register', domain: 'janedoe.com', portfolioId: LIVE },
  });
  const done = await screen.findByText(/is yours/);
  expect(done.closest('[role="status"]')).toHaveTextContent('janedoe.com is yours until 1 Apr 2027. It shows Ada’s Studio');
  expect(screen.getByRole('link', { name: 'Open janedoe.com' })).toHaveAttribute('href', 'https://janedoe.com/');
  expect(await screen.findByText(/This plan year’s free domain is used/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Name you would like')).not.toBeInTheDocument();
  expect(screen.getByText(/is yours/)).toBeInTheDocument();
});

test("the registrar's refusal is said where the registration was asked for", async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: { offers: [offer('janedoe.com')] }, error: null }).mockResolvedValueOnce({
    data: null,
    error: new FunctionsHttpError(
      new Response(JSON.stringify({ error: 'janedoe.com is taken. Choose another name.' }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  });
  renderSection();
  await userEvent.type(await screen.findByLabelText('Name you would like'), 'janedoe');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Choose janedoe.com' }));
  await userEvent.click(screen.getByRole('button', { name: 'Register janedoe.com' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('janedoe.com is taken. Choose another name.');
  expect(screen.getByRole('button', { name: 'Register janedoe.com' })).toBeEnabled();
});

test('a registered domain shows its page, its expiry and when renewal opens; in the window it renews', async () => {
  const expiresSoon = new Date(Date.now() + 10 * DAY).toISOString();
  const expiresLater = new Date(Date.now() + 200 * DAY).toISOString();
  supabase.answer('registered_domains', {
    data: [
      { domain: 'janedoe.com', status: 'active', registered_at: '2025-04-01T00:00:00Z', expires_at: expiresSoon, renewal_price_usd: 12.99 },
      {
        domain: 'adastudio.org',
        status: 'active',
        registered_at: '2026-01-01T00:00:00Z',
        expires_at: expiresLater,
        renewal_price_usd: 13.99,
      },
    ],
    error: null,
  });
  supabase.answer('custom_domains', {
    data: [{ id: 'c1', domain: 'janedoe.com', portfolio_id: LIVE, token: 't', verified_at: '2025-04-01T00:00:00Z' }],
    error: null,
  });
  supabase.rpc.mockResolvedValue({ data: { available: false, reason: 'used', next_at: expiresSoon }, error: null });
  supabase.functions.invoke.mockResolvedValueOnce({
    data: {
      registered: {
        domain: 'janedoe.com',
        registeredAt: '2025-04-01T00:00:00Z',
        expiresAt: '2027-04-11T00:00:00Z',
        renewalPriceUsd: 12.99,
        portfolioId: LIVE,
      },
    },
    error: null,
  });
  renderSection();
  const domains = within(await screen.findByRole('list', { name: 'Domains registered for you' }));
  const [soon, later] = domains.getAllByRole('listitem');
  expect(soon).toHaveTextContent('Ada’s Studio');
  expect(soon).toHaveTextContent('You can renew it now.');
  expect(later).toHaveTextContent('No page: choose one below');
  expect(later).toHaveTextContent(/Renewal opens on/);
  expect(within(later!).queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();
  expect(screen.getByText(/This plan year’s free domain is used\. The next one is available on/)).toBeInTheDocument();

  await userEvent.click(within(soon!).getByRole('button', { name: 'Renew janedoe.com for a year' }));
  expect(supabase.functions.invoke).toHaveBeenCalledWith('domains', { body: { action: 'renew', domain: 'janedoe.com' } });
  expect(await within(soon!).findByText('Renewed: janedoe.com is yours until 11 Apr 2027.')).toBeInTheDocument();
});
