import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig, type RuntimeConfig } from '@folioforge/shared';
import Register from './Register';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { fakeUser, invalidEmail, rateLimited, resetAuthStore, signedOut, weakPassword } from '../../test/authFixtures';

let supabase: FakeSupabase;

function config(supabaseUrl: string, localMailboxUrl?: string): RuntimeConfig {
  return {
    supabaseUrl,
    localMailboxUrl,
    supabaseAnonKey: 'anon',
    razorpayKeyId: 'rzp_test_x',
    razorpayCheckoutUrl: `${supabaseUrl}/razorpay/v1/checkout.js`,
    remotes: {
      auth: 'http://a/m.json',
      templates: 'http://t/m.json',
      editor: 'http://e/m.json',
      commerce: 'http://c/m.json',
      content: 'http://n/m.json',
    },
  };
}

beforeEach(() => {
  supabase = installFakeSupabase();
  setRuntimeConfig(config('http://localhost:54321', 'http://localhost:54324'));
  signedOut();
});
afterEach(resetAuthStore);

const field = (label: string) => screen.getByLabelText(label);
const registerButton = () => screen.getByRole('button', { name: 'Register' });

async function fillIn(values: Partial<Record<'Name' | 'Username' | 'Password' | 'Email', string>>) {
  for (const [label, value] of Object.entries(values)) if (value) await userEvent.type(field(label), value);
}

const newUser = (email: string) =>
  fakeUser({ email, identities: [{ id: '1', user_id: '1', identity_id: 'i', provider: 'email', identity_data: {} }] });

test('shows Name, Username, Password, Email, Register and "Have an account?" with Login back to /', () => {
  renderScreen(<Register />, '/register');
  expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  const labels = Array.from(document.querySelectorAll('form label')).map((label) => label.textContent);
  expect(labels).toEqual(['Name', 'Username', 'Password', 'Email']);
  expect(field('Password')).toHaveAccessibleDescription(/At least 6 characters/);
  const panel = screen.getByRole('complementary');
  expect(within(panel).getByText('Have an account?')).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
  expect(registerButton()).toBeEnabled();
});

describe('sign-up', () => {
  test('sends name and username as metadata and the callback address; then says to check the email', async () => {
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: newUser('ada@example.com'), session: null }, error: null });
    renderScreen(<Register />, '/register');
    await fillIn({ Name: 'Ada Lovelace', Username: 'ada', Password: 'secret1', Email: 'ada@example.com' });
    await userEvent.click(registerButton());
    expect(supabase.rpc).toHaveBeenCalledWith('username_available', { candidate: 'ada' });
    expect(supabase.auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
      options: { data: { name: 'Ada Lovelace', username: 'ada' }, emailRedirectTo: 'http://localhost/auth/callback' },
    });
    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('Check your email for verification link');
    expect(message).toHaveTextContent('We sent it to ada@example.com');
    expect(message.parentElement).toHaveFocus();
    expect(screen.getByRole('link', { name: 'http://localhost:54324/' })).toHaveAttribute('href', 'http://localhost:54324/');
  });

  test('against a hosted project there is no local mailbox note', async () => {
    setRuntimeConfig(config('https://abc.supabase.co'));
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: newUser('ada@example.com'), session: null }, error: null });
    renderScreen(<Register />, '/register');
    await fillIn({ Password: 'secret1', Email: 'ada@example.com' });
    await userEvent.click(registerButton());
    expect(await screen.findByText('Check your email for verification link')).toBeInTheDocument();
    expect(screen.queryByText(/Working locally/)).not.toBeInTheDocument();
  });

  test('with confirmations off the new user is signed in and goes home', async () => {
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: newUser('ada@example.com'), session: { access_token: 'a' } }, error: null });
    renderScreen(<Register />, '/register');
    await fillIn({ Password: 'secret1', Email: 'ada@example.com' });
    await userEvent.click(registerButton());
    expect(await screen.findByRole('heading', { name: '/home page' })).toBeInTheDocument();
  });

  test('empty or wrong fields are said beside each field, announced, and nothing is sent', async () => {
    renderScreen(<Register />, '/register');
    await fillIn({ Name: 'Ada', Email: 'ada@example' });
    await userEvent.click(registerButton());
    expect(field('Password')).toHaveFocus();
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveAccessibleDescription(/Enter a password\./);
    expect(field('Email')).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    expect(screen.getByTestId('form-announcer')).toHaveTextContent('Not sent: 2 fields need attention.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(supabase.auth.signUp).not.toHaveBeenCalled();
  });

  test('a short password is refused in the browser with the rule, and the error goes once it is long enough', async () => {
    renderScreen(<Register />, '/register');
    await fillIn({ Password: 'abc', Email: 'ada@example.com' });
    await userEvent.click(registerButton());
    expect(field('Password')).toHaveAccessibleDescription(/Use at least 6 characters\./);
    await userEvent.type(field('Password'), 'def');
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Use at least 6 characters.')).not.toBeInTheDocument();
    expect(supabase.auth.signUp).not.toHaveBeenCalled();
  });
});

describe('server errors are shown inline with every field kept', () => {
  async function submitAll() {
    await fillIn({ Name: 'Ada Lovelace', Username: 'ada', Password: 'secret1', Email: 'ada@example.com' });
    await userEvent.click(registerButton());
  }
  function expectFieldsKept(password = 'secret1') {
    expect(field('Name')).toHaveValue('Ada Lovelace');
    expect(field('Username')).toHaveValue('ada');
    expect(field('Password')).toHaveValue(password);
    expect(field('Email')).toHaveValue('ada@example.com');
  }

  test('an address already registered (confirmations on: a user without identities)', async () => {
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: fakeUser({ identities: [] }), session: null }, error: null });
    renderScreen(<Register />, '/register');
    await submitAll();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ada@example.com is already registered.');
    expect(field('Email')).toHaveAccessibleDescription('This address is already registered.');
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/');
    expect(within(alert).getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByText('Check your email for verification link')).not.toBeInTheDocument();
    expectFieldsKept();
  });

  test('weak password (a server with a stricter rule): said beside the field', async () => {
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: weakPassword() });
    renderScreen(<Register />, '/register');
    await submitAll();
    await waitFor(() => expect(field('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Password')).toHaveAccessibleDescription(/Your password must be at least 6 characters/);
    expect(field('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expectFieldsKept();
  });

  test('an address the server refuses: said beside the email field until it changes', async () => {
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: invalidEmail() });
    renderScreen(<Register />, '/register');
    await submitAll();
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Unable to validate email address: invalid format'));
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expectFieldsKept();
    await userEvent.type(field('Email'), 'x');
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  test('rate limited', async () => {
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: null, session: null }, error: rateLimited() });
    renderScreen(<Register />, '/register');
    await submitAll();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts for now: Request rate limit reached');
    expectFieldsKept();
  });
});

describe('username', () => {
  test('a taken username is said while typing and blocks sign-up', async () => {
    supabase.rpc.mockResolvedValue({ data: false, error: null });
    renderScreen(<Register />, '/register');
    await fillIn({ Username: 'grace' });
    expect(await screen.findByText('That username is taken')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    await fillIn({ Password: 'secret1', Email: 'g@example.com' });
    await userEvent.click(registerButton());
    expect(field('Username')).toHaveAccessibleDescription(/That username is taken\. Please choose another\./);
    expect(field('Username')).toHaveFocus();
    expect(supabase.auth.signUp).not.toHaveBeenCalled();
  });

  test('a free username is confirmed', async () => {
    supabase.rpc.mockResolvedValue({ data: true, error: null });
    renderScreen(<Register />, '/register');
    await fillIn({ Username: 'grace_h' });
    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription('This username is free.'));
    expect(supabase.rpc).toHaveBeenLastCalledWith('username_available', { candidate: 'grace_h' });
  });

  test('a malformed username gets the rule after leaving the field, without asking the server', async () => {
    renderScreen(<Register />, '/register');
    await fillIn({ Username: 'a b' });
    await userEvent.tab();
    expect(field('Username')).toHaveAccessibleDescription(/Usernames are 3 to 30 letters, digits, dots, dashes or underscores/);
    expect(supabase.rpc).not.toHaveBeenCalled();
  });

  test('when the check itself fails, sign-up goes ahead (the database still guards uniqueness)', async () => {
    supabase.rpc.mockResolvedValue({ data: null, error: { message: 'function not found', code: 'PGRST202' } });
    supabase.auth.signUp.mockResolvedValueOnce({ data: { user: newUser('g@example.com'), session: null }, error: null });
    renderScreen(<Register />, '/register');
    await fillIn({ Username: 'grace', Password: 'secret1', Email: 'g@example.com' });
    await userEvent.click(registerButton());
    expect(await screen.findByText('Check your email for verification link')).toBeInTheDocument();
  });
});

test('"Use a different email" brings the form back', async () => {
  supabase.auth.signUp.mockResolvedValueOnce({ data: { user: newUser('ada@example.com'), session: null }, error: null });
  renderScreen(<Register />, '/register');
  await fillIn({ Password: 'secret1', Email: 'ada@example.com' });
  await userEvent.click(registerButton());
  await userEvent.click(await screen.findByRole('button', { name: 'Use a different email' }));
  expect(field('Email')).toHaveValue('ada@example.com');
});
