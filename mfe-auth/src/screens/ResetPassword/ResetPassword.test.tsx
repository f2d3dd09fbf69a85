import { afterEach, beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthImplicitGrantRedirectError } from '@supabase/supabase-js';
import { useAuthStore } from '@folioforge/shared';
import ResetPassword from './ResetPassword';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import {
  awaitingSecondFactor,
  deferred,
  fakeUser,
  resetAuthStore,
  samePassword,
  signedInAs,
  signedOut,
  weakPassword,
} from '../../test/authFixtures';

let supabase: FakeSupabase;
beforeEach(() => {
  supabase = installFakeSupabase();
  window.history.replaceState(null, '', '/reset-password');
});
afterEach(resetAuthStore);

async function typePasswords(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

test('waits for the link to be read before anything else', async () => {
  const initialized = deferred<unknown>();
  supabase.auth.initialize.mockReturnValueOnce(initialized.promise);
  signedInAs();
  renderScreen(<ResetPassword />, '/reset-password');
  expect(screen.getByRole('status')).toHaveTextContent('Opening your reset link…');
  initialized.resolve({ error: null });
  expect(await screen.findByLabelText('New password')).toBeInTheDocument();
});

test('the recovery link signed the visitor in: a new password is saved and they are told so', async () => {
  signedInAs(fakeUser({ email: 'ada@example.com' }));
  act(() => useAuthStore.setState({ passwordRecovery: true }));
  renderScreen(<ResetPassword />, '/reset-password');
  expect(await screen.findByText(/You opened a password reset link/)).toHaveTextContent('ada@example.com');
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters');
  await typePasswords('new-secret');
  expect(supabase.auth.updateUser).toHaveBeenCalledWith({ password: 'new-secret' });
  expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
  expect(screen.getByRole('link', { name: 'Continue to Home' })).toHaveAttribute('href', '/home');
});

test('two different entries are caught before any call', async () => {
  signedInAs();
  renderScreen(<ResetPassword />, '/reset-password');
  await screen.findByLabelText('New password');
  await typePasswords('new-secret', 'new-secreT');
  expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The two passwords do not match.');
  expect(supabase.auth.updateUser).not.toHaveBeenCalled();
});

test.each([
  ['the same password as before', samePassword(), 'New password should be different from the old password.'],
  ['a weak password', weakPassword(), 'Password should be at least 6 characters.'],
])('%s: the server message, inline', async (_case, error, text) => {
  supabase.auth.updateUser.mockResolvedValueOnce({ data: { user: null }, error });
  signedInAs();
  renderScreen(<ResetPassword />, '/reset-password');
  await screen.findByLabelText('New password');
  await typePasswords('abcdef');
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByLabelText('New password')).toHaveValue('abcdef');
});

test('an expired link says so and offers a new one', async () => {
  window.history.replaceState(
    null,
    '',
    '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  supabase.auth.initialize.mockResolvedValueOnce({
    error: new AuthImplicitGrantRedirectError('Email link is invalid or has expired', { error: 'access_denied', code: 'otp_expired' }),
  });
  signedOut();
  renderScreen(<ResetPassword />, '/reset-password');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This reset link is invalid or has expired. (Email link is invalid or has expired)',
  );
  expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  expect(window.location.hash).toBe('');
});

test('a visitor without a session (link opened twice, or typed in) is sent for a new link', async () => {
  signedOut();
  renderScreen(<ResetPassword />, '/reset-password');
  expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
});

test('with two-factor sign-in the reset link asks for the code before the new password', async () => {
  const user = awaitingSecondFactor();
  renderScreen(<ResetPassword />, '/reset-password');
  expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  expect(screen.getByText(user.email!)).toBeInTheDocument();
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
});
