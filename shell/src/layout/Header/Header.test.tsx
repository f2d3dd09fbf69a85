import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore } from '@folioforge/shared';
import { Header } from './Header';
import { renderAt } from '../../test/renderWithRouter';

const signOutMock = jest.fn().mockResolvedValue({ error: null });
jest.mock('@folioforge/shared', () => ({
  ...jest.requireActual('@folioforge/shared'),
  getSupabase: () => ({ auth: { signOut: signOutMock } }),
}));

const routes = [{ path: '*', element: <Header /> }];

afterEach(() => act(() => useAuthStore.setState({ status: 'loading', session: null, user: null })));

test('links to home, pricing, templates, blog and contact us', () => {
  renderAt(routes, '/home');
  expect(screen.getByRole('link', { name: 'FolioForge' })).toHaveAttribute('href', '/home');
  for (const [name, href] of [['Pricing', '/pricing'], ['Templates', '/templates'], ['Blog', '/blog'], ['Contact Us', '/contact-us']]) {
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  }
});

test('shows neither log in nor the user while the stored session is being read', () => {
  renderAt(routes, '/home');
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
});

test('a visitor sees the login icon; a user sees their name and Sign out, which ends the session and goes to /', async () => {
  act(() => useAuthStore.setState({ status: 'signedOut' }));
  const { router } = renderAt(routes, '/templates');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

  const user = { id: 'u1', email: 'ada@example.com', user_metadata: { name: 'Ada Lovelace' } };
  act(() => useAuthStore.setState({ status: 'signedIn', user: user as never, session: { user } as unknown as Session }));
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Sign out' }));
  expect(signOutMock).toHaveBeenCalledWith({ scope: 'local' });
  expect(router.state.location.pathname).toBe('/');
});

test('the phone menu button says whether the menu is open', async () => {
  renderAt(routes, '/home');
  const button = screen.getByRole('button', { name: 'Menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
});
