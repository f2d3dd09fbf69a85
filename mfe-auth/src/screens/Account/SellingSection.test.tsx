import { beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { ServerStateProvider, queryClient } from '@folioforge/shared';
import { SellingSection } from './SellingSection';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';

let supabase: FakeSupabase;
const CONSENT = 'https://auth.razorpay.com/authorize?response_type=code&client_id=c&state=s';
const CONNECTED = { connected: true, accountId: 'acc_Ada0Bakes00001', connectedAt: '2026-11-30T10:00:00Z', mode: 'test' };

beforeEach(() => {
  queryClient.clear();
  supabase = installFakeSupabase();
});

const refusal = (status: number, error: string) => ({
  data: null,
  error: new FunctionsHttpError(new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } })),
});

function renderSection(at = '/account', goTo = jest.fn<(url: string) => void>()) {
  const rendered = renderScreen(
    <ServerStateProvider>
      <SellingSection userId="user-1" goTo={goTo} />
    </ServerStateProvider>,
    at,
  );
  return { ...rendered, goTo };
}

test('not connected: “Connect with Razorpay” leaves for Razorpay’s consent page', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: { connected: false }, error: null });
  supabase.functions.invoke.mockResolvedValueOnce({ data: { authorizeUrl: CONSENT }, error: null });
  const { goTo } = renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Connect with Razorpay' }));
  await waitFor(() => expect(goTo).toHaveBeenCalledWith(CONSENT));
  expect(supabase.functions.invoke).toHaveBeenLastCalledWith('sellers', expect.objectContaining({ body: { action: 'connect' } }));
  expect(screen.getByText(/FolioForge takes no fee/)).toBeInTheDocument();
});

test('a refused connect says why in words and stays on the page', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: { connected: false }, error: null });
  supabase.functions.invoke.mockResolvedValueOnce(
    refusal(403, 'Enter the code from your authenticator app first: sign in again to do so.'),
  );
  const { goTo } = renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Connect with Razorpay' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app first');
  expect(goTo).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Connect with Razorpay' })).toBeEnabled();
});

test('back from Razorpay: the result is said once, focused, and leaves the address', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: CONNECTED, error: null });
  const { router } = renderSection('/account?selling=connected#selling');
  const said = await screen.findByText(/Your Razorpay account is connected/);
  expect(said.closest('[tabindex="-1"]')).toHaveFocus();
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByText('acc_Ada0Bakes00001 (test mode)')).toBeInTheDocument();
  expect(screen.getByText('30 Nov 2026')).toBeInTheDocument();
});

test('back from a denied consent or a spent link: nothing changed, and it says so', async () => {
  supabase.functions.invoke.mockResolvedValue({ data: { connected: false }, error: null });
  const denied = renderSection('/account?selling=denied');
  expect(await screen.findByRole('alert')).toHaveTextContent('You did not allow the connection on Razorpay, so nothing changed.');
  denied.unmount();
  renderSection('/account?selling=expired');
  expect(await screen.findByRole('alert')).toHaveTextContent('That connection link had expired or was already used');
  // A made-up result says nothing.
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

test('connected: Disconnect asks first; keeping it returns the keyboard; confirming disconnects', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: CONNECTED, error: null });
  renderSection();
  const disconnect = await screen.findByRole('button', { name: 'Disconnect' });
  await userEvent.click(disconnect);
  const question = screen.getByRole('group', { name: /Disconnect acc_Ada0Bakes00001\?/ });
  expect(within(question).getByRole('button', { name: 'Yes, disconnect' })).toHaveFocus();
  await userEvent.click(within(question).getByRole('button', { name: 'Keep it connected' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Disconnect' })).toHaveFocus());
  expect(supabase.functions.invoke).toHaveBeenCalledTimes(1);

  supabase.functions.invoke.mockResolvedValueOnce({ data: { disconnected: true }, error: null });
  await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
  expect(await screen.findByText(/Your Razorpay account is disconnected/)).toBeInTheDocument();
  expect(supabase.functions.invoke).toHaveBeenLastCalledWith('sellers', expect.objectContaining({ body: { action: 'disconnect' } }));
  expect(screen.getByRole('button', { name: 'Connect with Razorpay' })).toBeInTheDocument();
  expect(screen.queryByText('acc_Ada0Bakes00001 (test mode)')).not.toBeInTheDocument();
});

test('a disconnect Razorpay did not answer keeps the account shown, with the reason', async () => {
  supabase.functions.invoke.mockResolvedValueOnce({ data: CONNECTED, error: null });
  supabase.functions.invoke.mockResolvedValueOnce(
    refusal(503, 'Razorpay did not answer, so your account is still connected. Try again in a minute.'),
  );
  renderSection();
  await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Razorpay did not answer, so your account is still connected.');
  expect(screen.getByText('acc_Ada0Bakes00001 (test mode)')).toBeInTheDocument();
});

test('a status that could not be read offers to try again', async () => {
  supabase.functions.invoke.mockResolvedValueOnce(refusal(503, 'Your Razorpay connection could not be read. Try again.'));
  supabase.functions.invoke.mockResolvedValueOnce({ data: { connected: false }, error: null });
  renderSection();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your Razorpay connection could not be loaded');
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Connect with Razorpay' })).toBeInTheDocument();
});
