import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Login from './Login';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import {
  deferred,
  emailNotConfirmed,
  fakeUser,
  invalidCredentials,
  rateLimited,
  resetAuthStore,
  signedInAs,
  signedOut,
  unreachable,
} from '../../test/authFixtures';

let supabase: FakeSupabase;

beforeEach(() => {
  supabase = installFakeSupabase();
  signedOut();
});
afterEach(resetAuthStore);

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const signIn = () => screen.getByRole('button', { name: 'Sign In' });

async function logIn(email: string, password: string) {
  if (email) await userEvent.type(emailField(), email);
  if (password) await userEvent.type(passwordField(), password);
  await userEvent.click(signIn());
}

describe('what the screen shows', () => {
  test('heading, Email named username, Password, Sign In, the side panel and Forgot password', () => {
    renderScreen(<Login />, '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('name', 'username');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(signIn()).toBeEnabled();
    const panel = screen.getByRole('complementary');
    expect(within(panel).getByText('FolioForge')).toBeInTheDocument();
    expect(within(panel).getByText(/create and showcase a professional portfolio with ease/i)).toBeInTheDocument();
    expect(within(panel).getByText("Don't you have an account?")).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  test('serves /login the same way', () => {
    renderScreen(<Login />, '/login');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  test('a signed-in visitor is told so, with a way home, and can still log in as someone else', () => {
    signedInAs(fakeUser({ email: 'ada@example.com' }));
    renderScreen(<Login />, '/');
    expect(screen.getByRole('status')).toHaveTextContent('You are signed in as ada@example.com');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    expect(signIn()).toBeInTheDocument();
  });
});

describe('signing in', () => {
  test('a missing address or password is said beside its field, announced, and nothing is sent', async () => {
    renderScreen(<Login />, '/');
    await logIn('', 'secret1');
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByTestId('form-announcer')).toHaveTextContent('one field needs attention. Enter your email address.');
    await userEvent.clear(passwordField());
    await logIn('ada@example.com', '');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(passwordField()).toHaveFocus();
    expect(passwordField()).toHaveAccessibleDescription('Enter your password.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(supabase.auth.signInWithPassword).not.toHaveBeenCalled();
  });

  test('success goes to /home', async () => {
    renderScreen(<Login />, '/');
    await logIn('  ada@example.com ', 'secret1');
    expect(supabase.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
    expect(await screen.findByRole('heading', { name: '/home page' })).toBeInTheDocument();
  });

  test('success goes back to the page that sent the visitor, with its navigation state', async () => {
    const from = { pathname: '/design', search: '?step=2', hash: '', state: { selectedTemplate: { id: 2 } } };
    renderScreen(<Login />, { pathname: '/login', state: { from } });
    await logIn('ada@example.com', 'secret1');
    expect(await screen.findByTestId('destination')).toHaveTextContent('/design?step=2');
    expect(screen.getByTestId('destination-state')).toHaveTextContent('{"selectedTemplate":{"id":2}}');
  });

  test('?redirect= is followed for paths of this site only', async () => {
    const { unmount } = renderScreen(<Login />, '/login?redirect=%2Fpricing');
    await logIn('ada@example.com', 'secret1');
    expect(await screen.findByTestId('destination')).toHaveTextContent('/pricing');
    unmount();

    for (const evil of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example']) {
      const view = renderScreen(<Login />, `/login?redirect=${encodeURIComponent(evil)}`);
      await logIn('ada@example.com', 'secret1');
      expect(await screen.findByTestId('destination')).toHaveTextContent('/home');
      view.unmount();
    }
  });

  test('shows the busy state while signing in and blocks a second press', async () => {
    const answer = deferred<unknown>();
    supabase.auth.signInWithPassword.mockReturnValueOnce(answer.promise);
    renderScreen(<Login />, '/');
    await logIn('ada@example.com', 'secret1');
    expect(signIn()).toBeDisabled();
    expect(signIn()).toHaveAttribute('aria-busy', 'true');
    answer.resolve({ data: { user: null, session: null }, error: invalidCredentials() });
    await waitFor(() => expect(signIn()).toBeEnabled());
    expect(supabase.auth.signInWithPassword).toHaveBeenCalledTimes(1);
  });
});

describe('failures keep the visitor on the page with the message inline', () => {
  test('wrong password: the server message in an alert that takes focus, the email kept', async () => {
    supabase.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: invalidCredentials() });
    renderScreen(<Login />, '/');
    await logIn('ada@example.com', 'wrong-one');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    expect(alert.parentElement).toHaveFocus();
    expect(emailField()).toHaveValue('ada@example.com');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  test('unconfirmed email: says so and can send the confirmation link again', async () => {
    supabase.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: emailNotConfirmed() });
    renderScreen(<Login />, '/');
    await logIn('new@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email not confirmed');
    await userEvent.click(screen.getByRole('button', { name: 'send the link again' }));
    expect(supabase.auth.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'new@example.com',
      options: { emailRedirectTo: 'http://localhost/auth/callback' },
    });
    expect(await screen.findByText('We sent a new confirmation link to new@example.com.')).toBeInTheDocument();
  });

  test('a refused resend says why', async () => {
    supabase.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: emailNotConfirmed() });
    supabase.auth.resend.mockResolvedValueOnce({ data: { user: null, session: null }, error: rateLimited() });
    renderScreen(<Login />, '/');
    await logIn('new@example.com', 'secret1');
    await userEvent.click(await screen.findByRole('button', { name: 'send the link again' }));
    expect(await screen.findByText(/Too many attempts for now: Request rate limit reached/)).toBeInTheDocument();
  });

  test('rate limited: the server message', async () => {
    supabase.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: rateLimited() });
    renderScreen(<Login />, '/');
    await logIn('ada@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Request rate limit reached');
  });

  test('no connection: says the service could not be reached', async () => {
    supabase.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: unreachable() });
    renderScreen(<Login />, '/');
    await logIn('ada@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach the sign-in service');
  });
});

test('an address that does not look like one is said on leaving the field, and is not sent', async () => {
  renderScreen(<Login />, '/');
  await userEvent.type(emailField(), 'ada-at-example');
  expect(emailField()).not.toHaveAttribute('aria-invalid');
  await userEvent.tab();
  expect(emailField()).toHaveAccessibleDescription('Enter an email address like name@example.com.');
  await userEvent.type(passwordField(), 'secret1');
  await userEvent.click(signIn());
  expect(supabase.auth.signInWithPassword).not.toHaveBeenCalled();
  await userEvent.clear(emailField());
  await userEvent.type(emailField(), 'ada@example.com');
  expect(emailField()).not.toHaveAttribute('aria-invalid');
});
