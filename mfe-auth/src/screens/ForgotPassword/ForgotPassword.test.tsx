import { afterEach, beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPassword from './ForgotPassword';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { invalidEmail, rateLimited, resetAuthStore, signedOut } from '../../test/authFixtures';

let supabase: FakeSupabase;
beforeEach(() => {
  supabase = installFakeSupabase();
  signedOut();
});
afterEach(resetAuthStore);

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

test('sends the recovery mail with /reset-password as the link target and says so without telling whether the account exists', async () => {
  renderScreen(<ForgotPassword />, '/forgot-password');
  expect(screen.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await send();
  expect(supabase.auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', { redirectTo: 'http://localhost/reset-password' });
  const message = await screen.findByRole('status');
  expect(message).toHaveTextContent('If an account exists for ada@example.com, we sent a link to reset your password');
  expect(message.parentElement).toHaveFocus();
  expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
});

test('asks for an address before calling', async () => {
  renderScreen(<ForgotPassword />, '/forgot-password');
  await send();
  expect(screen.getByRole('alert')).toHaveTextContent('Enter the email address you registered with.');
  expect(supabase.auth.resetPasswordForEmail).not.toHaveBeenCalled();
});

test.each([
  ['rate limited', rateLimited(), 'Too many attempts for now: Request rate limit reached'],
  ['invalid email', invalidEmail(), 'Unable to validate email address: invalid format'],
])('%s: the server message, the address kept', async (_case, error, text) => {
  supabase.auth.resetPasswordForEmail.mockResolvedValueOnce({ data: null, error });
  renderScreen(<ForgotPassword />, '/forgot-password');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
  await send();
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example');
});
