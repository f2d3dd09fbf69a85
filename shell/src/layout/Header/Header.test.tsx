import { afterEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { AuthRetryableFetchError } from '@supabase/supabase-js';
import { setSupabase, useAuthStore } from '@folioforge/shared';
import { Header } from './Header';
import { renderAt } from '../../test/renderWithRouter';

const signOutMock = jest.fn(async (_options: { scope: string }) => {
  // What supabase-js does on success: the SIGNED_OUT reaches the store.
  act(() => useAuthStore.setState({ status: 'signedOut', session: null, user: null }));
  return { error: null as unknown };
});
setSupabase({ auth: { signOut: signOutMock } } as unknown as SupabaseClient);

const routes = [{ path: '*', element: <Header /> }];
const ada = { id: 'u1', email: 'ada@example.com', user_metadata: { name: 'Ada Lovelace' } } as unknown as User;

function signIn(user: User = ada) {
  act(() => useAuthStore.setState({ status: 'signedIn', user, session: { user } as unknown as Session }));
}
const accountButton = () => screen.getByRole('button', { name: /Ada Lovelace/ });

afterEach(() => {
  act(() => useAuthStore.setState({ status: 'loading', session: null, user: null, notice: null }));
  signOutMock.mockClear();
});

test('links to home, pricing, templates, blog and contact us', () => {
  renderAt(routes, '/home');
  expect(screen.getByRole('link', { name: 'FolioForge' })).toHaveAttribute('href', '/home');
  for (const [name, href] of [
    ['Pricing', '/pricing'],
    ['Templates', '/templates'],
    ['Blog', '/blog'],
    ['Contact Us', '/contact-us'],
  ]) {
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  }
});

test('shows neither log in nor the user while the stored session is being read', () => {
  renderAt(routes, '/home');
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
});

test('a visitor sees the login icon; a user sees their name as the account menu button', () => {
  act(() => useAuthStore.setState({ status: 'signedOut' }));
  renderAt(routes, '/templates');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  signIn();
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
});

test("the phone menu's account entry is named by its own text, not only by an icon's label", () => {
  act(() => useAuthStore.setState({ status: 'signedOut' }));
  renderAt(routes, '/templates');
  const logIn = screen.getByRole('link', { name: 'Log in' });
  expect(logIn).not.toHaveAttribute('aria-label');
  expect(logIn).toHaveTextContent(/^Log in$/);
});

test('falls back to the email when the user has no name', () => {
  renderAt(routes, '/home');
  signIn({ id: 'u2', email: 'grace@example.com', user_metadata: {} } as unknown as User);
  expect(screen.getByRole('button', { name: /grace@example\.com/ })).toBeInTheDocument();
});

test('the account menu opens with My portfolios, Account, Sign out and Sign out everywhere; Escape closes it and returns focus', async () => {
  signIn();
  renderAt(routes, '/home');
  await userEvent.click(accountButton());
  expect(accountButton()).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'My portfolios' })).toHaveAttribute('href', '/portfolios');
  expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('link', { name: 'My portfolios' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('link', { name: 'Account' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
  await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
  expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
  expect(accountButton()).toHaveFocus();
});

test('Account goes to /account and closes the menu', async () => {
  signIn();
  const { router } = renderAt(routes, '/home');
  await userEvent.click(accountButton());
  await userEvent.click(screen.getByRole('link', { name: 'Account' }));
  expect(router.state.location.pathname).toBe('/account');
  expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
});

test('a click outside closes the menu', async () => {
  signIn();
  renderAt(routes, '/home');
  await userEvent.click(accountButton());
  await userEvent.click(screen.getByRole('link', { name: 'FolioForge' }));
  expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
});

test.each([
  ['Sign out', 'local'],
  ['Sign out everywhere', 'global'],
])('%s ends the session on the server (%s scope) and goes to /, with the login icon back', async (label, scope) => {
  signIn();
  const { router } = renderAt(routes, '/templates');
  await userEvent.click(accountButton());
  await userEvent.click(screen.getByRole('button', { name: label }));
  expect(signOutMock).toHaveBeenCalledWith({ scope });
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});

test('a failed sign-out says the visitor is still signed in', async () => {
  signOutMock.mockImplementationOnce(async () => ({ error: new AuthRetryableFetchError('Failed to fetch', 0) }));
  signIn();
  renderAt(routes, '/templates');
  await userEvent.click(accountButton());
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('You are still signed in: Failed to fetch')).toBeInTheDocument();
  expect(accountButton()).toBeInTheDocument();
});

test('a session notice is shown once under the header and can be dismissed', async () => {
  renderAt(routes, '/home');
  act(() => useAuthStore.setState({ status: 'signedOut', notice: 'Your session has ended. Please log in again.' }));
  expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss this message' }));
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  expect(useAuthStore.getState().notice).toBeNull();
});

test('another tab signing out turns the header to the visitor view', () => {
  signIn();
  renderAt(routes, '/home');
  act(() => useAuthStore.setState({ status: 'signedOut', session: null, user: null, notice: 'You signed out in another tab.' }));
  expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('You signed out in another tab.');
});

test('the phone menu button says whether the menu is open', async () => {
  renderAt(routes, '/home');
  const button = screen.getByRole('button', { name: 'Menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
});
