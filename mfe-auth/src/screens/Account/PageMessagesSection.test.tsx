import { beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerStateProvider, queryClient } from '@folioforge/shared';
import { PageMessagesSection } from './PageMessagesSection';
import type { PortfolioSummary } from './accountData';
import type { PageMessage } from './pageMessagesData';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';

let supabase: FakeSupabase;
const PAGES: PortfolioSummary[] = [
  { id: 'p-live', title: 'Ada’s Studio', template_id: '2', published: true, slug: 'ada', updated_at: '2026-03-02T00:00:00Z' },
  { id: 'p-untitled', title: null, template_id: '1', published: true, slug: 'grace', updated_at: '2026-03-02T00:00:00Z' },
];
const NEW: PageMessage = {
  id: 'm-new',
  portfolio_id: 'p-live',
  sender_name: 'Zoë 🎨 <b>Visitor</b>',
  sender_email: 'zoe@example.com',
  message: 'Hello!\nDo you take commissions?',
  created_at: '2026-06-10T09:30:00Z',
  read_at: null,
};
const OLD: PageMessage = {
  id: 'm-old',
  portfolio_id: 'p-untitled',
  sender_name: 'Grace',
  sender_email: 'grace@example.com',
  message: 'Thanks',
  created_at: '2026-06-01T09:30:00Z',
  read_at: '2026-06-02T00:00:00Z',
};

beforeEach(() => {
  queryClient.clear();
  supabase = installFakeSupabase();
});

function renderSection() {
  return render(
    <ServerStateProvider>
      <PageMessagesSection userId="user-1" portfolios={PAGES} />
    </ServerStateProvider>,
  );
}

test('lists messages newest first: sender, reply address, page, time and the text as written', async () => {
  supabase.answer('page_messages', { data: [NEW, OLD], error: null });
  renderSection();
  expect(await screen.findByRole('heading', { name: 'Messages from your pages (1 new)' })).toBeInTheDocument();
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(2);
  const first = within(items[0]!);
  // A name is text, never markup.
  expect(first.getByRole('heading', { name: 'New Zoë 🎨 <b>Visitor</b>' })).toBeInTheDocument();
  expect(first.getByRole('link', { name: 'zoe@example.com' })).toHaveAttribute('href', 'mailto:zoe@example.com');
  expect(first.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
    `mailto:zoe@example.com?subject=${encodeURIComponent('Your message on Ada’s Studio')}`,
  );
  expect(first.getByText('Hello!\nDo you take commissions?', { normalizer: (text) => text })).toBeInTheDocument();
  expect(first.getByText(/on Ada’s Studio/)).toBeInTheDocument();
  expect(within(items[1]!).getByText(/on \/p\/grace/)).toBeInTheDocument();
  expect(within(items[1]!).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  const query = supabase.queries.find((entry) => entry.table === 'page_messages')!.query;
  expect(query.calls).toContainEqual(['order', ['created_at', { ascending: false }]]);
});

test('marking read and deleting write to the row and ask for the list again', async () => {
  supabase.answer('page_messages', { data: [NEW, OLD], error: null });
  renderSection();
  const first = within((await screen.findAllByRole('listitem'))[0]!);
  supabase.answer('page_messages', { data: null, error: null }, { data: [{ ...NEW, read_at: '2026-06-10T10:00:00Z' }, OLD], error: null });
  await userEvent.click(first.getByRole('button', { name: 'Mark as read' }));
  const update = supabase.queries.find((entry) => entry.query.calls.some(([call]) => call === 'update'))!.query;
  expect(update.calls[0]![0]).toBe('update');
  expect(update.calls).toContainEqual(['eq', ['id', 'm-new']]);
  expect(await screen.findByRole('heading', { name: 'Messages from your pages' })).toBeInTheDocument();

  supabase.answer('page_messages', { data: null, error: null }, { data: [OLD], error: null });
  await userEvent.click(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  const removal = supabase.queries.find((entry) => entry.query.calls.some(([call]) => call === 'delete'))!.query;
  expect(removal.calls).toContainEqual(['eq', ['id', 'm-new']]);
});

test('a refused deletion is said beside the message, which stays', async () => {
  supabase.answer('page_messages', { data: [NEW], error: null });
  renderSection();
  const item = within((await screen.findAllByRole('listitem'))[0]!);
  supabase.answer('page_messages', { data: null, error: { message: 'permission denied' } }, { data: [NEW], error: null });
  await userEvent.click(item.getByRole('button', { name: 'Delete' }));
  expect(await item.findByText('The message could not be deleted: permission denied')).toBeInTheDocument();
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
});

test('none yet, and a failure to load with a way to try again', async () => {
  supabase.answer('page_messages', { data: null, error: { message: 'network down' } }, { data: [], error: null });
  renderSection();
  expect(await screen.findByText(/Your messages could not be loaded: network down/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
});

test('a password-only session of a user with two-factor on is told a code is needed, not "no messages" (issue 45 #3)', async () => {
  // The database shows no messages to it (restrictive policy on mfa_satisfied()), and says why when asked.
  supabase.answer('page_messages', { data: [], error: null });
  supabase.rpc.mockImplementation((name: unknown) => Promise.resolve({ data: name === 'mfa_satisfied' ? false : true, error: null }));
  renderSection();
  expect(await screen.findByText(/Your messages are shown once you enter the code from your authenticator app/)).toBeInTheDocument();
  expect(screen.queryByText(/No messages yet/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Enter your code' }));
  // A fresh session carries the new factor, so the app asks for its code.
  expect(supabase.auth.refreshSession).toHaveBeenCalled();
});
