import { afterEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { Session, User } from '@supabase/supabase-js';
import { ROUTER_FUTURE } from '../routerFuture';
import { useAuthStore } from './authStore';
import { RequireAuth } from './RequireAuth';

function LoginStandIn() {
  const location = useLocation();
  return <pre data-testid="login-state">{JSON.stringify(location.state)}</pre>;
}

function renderAt(element: JSX.Element, entry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: entry.pathname, element },
      { path: '/login', element: <LoginStandIn /> },
    ],
    { initialEntries: [entry], future: ROUTER_FUTURE },
  );
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  return router;
}

const user = { id: 'u1', email: 'ada@example.com' } as User;
const signIn = () => act(() => useAuthStore.setState({ status: 'signedIn', user, session: { user } as Session }));
const signOutStore = () => act(() => useAuthStore.setState({ status: 'signedOut', user: null, session: null }));

afterEach(() => {
  act(() => useAuthStore.setState({ status: 'loading', user: null, session: null }));
});

test('RequireAuth waits while the session is read, then shows the page to a user', () => {
  renderAt(
    <RequireAuth>
      <p>Private page</p>
    </RequireAuth>,
    { pathname: '/account' },
  );
  expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
  signIn();
  expect(screen.getByText('Private page')).toBeInTheDocument();
});

test('RequireAuth sends a visitor to /login with where they were, navigation state included', async () => {
  signOutStore();
  const router = renderAt(
    <RequireAuth>
      <p>Private page</p>
    </RequireAuth>,
    { pathname: '/design', state: { selectedTemplate: { id: 3 } } },
  );
  expect(await screen.findByTestId('login-state')).toHaveTextContent(
    '{"from":{"pathname":"/design","search":"","hash":"","state":{"selectedTemplate":{"id":3}}}}',
  );
  expect(router.state.location.pathname).toBe('/login');
});
