import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Login from './Login';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { awaitingSecondFactor, mailTooSoon, otpDisabled, resetAuthStore, signedOut, wrongTotpCode } from '../../test/authFixtures';

let supabase: FakeSupabase;

beforeEach(() => {
  supabase = installFakeSupabase();
  signedOut();
});
afterEach(resetAuthStore);

describe('a user with two-factor sign-in', () => {
  test('after the password, the code is asked for when the assurance level says aal2 is next', async () => {
    supabase.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValueOnce({
      data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    });
    supabase.auth.signInWithPassword.mockImplementationOnce(async () => {
      awaitingSecondFactor();
      return { data: { user: null, session: null }, error: null };
    });
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    expect(screen.queryByTestId('destination')).not.toBeInTheDocument();
  });

  test('a wrong or reused code is refused with a clear message; the right one goes on', async () => {
    awaitingSecondFactor();
    supabase.auth.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: wrongTotpCode() });
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(supabase.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(await screen.findByRole('alert')).toHaveTextContent('each one works once');
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: '/home page' })).toBeInTheDocument();
  });

  test('a code that is not six digits is caught before asking the server', async () => {
    awaitingSecondFactor();
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Authentication code'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(supabase.auth.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  test('a recovery code keeps the authenticator unless it is said to be lost; wrong ones are named', async () => {
    awaitingSecondFactor();
    supabase.functions.invoke
      .mockResolvedValueOnce({ data: { result: 'wrong' }, error: null })
      .mockResolvedValueOnce({ data: { result: 'factor_kept' }, error: null });
    renderScreen(<Login />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('radio', { name: /I still have it: keep two-factor sign-in on/ })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'AAAAA-BBBBB');
    await userEvent.click(screen.getByRole('button', { name: 'Use recovery code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not valid or was already used');
    await userEvent.clear(screen.getByLabelText('Recovery code'));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'CDEFG-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Use recovery code' }));
    expect(await screen.findByRole('heading', { name: '/account page' })).toBeInTheDocument();
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith('account', {
      body: { action: 'use-recovery-code', code: 'CDEFG-23456', deviceLost: false },
    });
    expect(supabase.rpc).not.toHaveBeenCalledWith('redeem_mfa_recovery_code', expect.anything());
    expect(supabase.auth.refreshSession).toHaveBeenCalled();
    expect(supabase.auth.signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('destination-state')).toHaveTextContent('"twoFactorRecovered":"kept"');
  });

  test('a lost device: the code removes the authenticator, and other sessions are signed out', async () => {
    awaitingSecondFactor();
    supabase.functions.invoke.mockResolvedValueOnce({ data: { result: 'factor_removed' }, error: null });
    renderScreen(<Login />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.click(screen.getByRole('radio', { name: /It is lost: remove it/ }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'CDEFG-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Use recovery code' }));
    expect(await screen.findByRole('heading', { name: '/account page' })).toBeInTheDocument();
    expect(supabase.functions.invoke).toHaveBeenLastCalledWith('account', {
      body: { action: 'use-recovery-code', code: 'CDEFG-23456', deviceLost: true },
    });
    expect(supabase.auth.signOut).toHaveBeenCalledWith({ scope: 'others' });
    expect(screen.getByTestId('destination-state')).toHaveTextContent('"twoFactorRecovered":"removed"');
  });
});

describe('signing in without the password', () => {
  test('one button mails one link and code back to /login, without signing strangers up', async () => {
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link and code' }));
    expect(supabase.auth.signInWithOtp).toHaveBeenCalledTimes(1);
    expect(supabase.auth.signInWithOtp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      options: { emailRedirectTo: `${window.location.origin}/login?via=link`, shouldCreateUser: false },
    });
    expect(await screen.findByText(/we emailed it a sign-in link and a 6-digit code/)).toHaveTextContent(
      'Open the link in this browser, or enter the code here. Either signs you in, once, within an hour.',
    );
    expect(screen.getByLabelText('Code from the email')).toHaveFocus();
  });

  test('an address without an account is told what a known one is', async () => {
    supabase.auth.signInWithOtp.mockResolvedValueOnce({ data: { user: null, session: null }, error: otpDisabled() });
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link and code' }));
    expect(await screen.findByText(/If nobody@example.com has a FolioForge account, we emailed it/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('asking again within the minute points to the mail already sent, code field kept', async () => {
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link and code' }));
    await userEvent.type(await screen.findByLabelText('Code from the email'), '24');
    supabase.auth.signInWithOtp.mockResolvedValueOnce({ data: { user: null, session: null }, error: mailTooSoon(54) });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a new link and code' }));
    expect(await screen.findByText(/Only one sign-in mail a minute goes to ada@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Code from the email')).toBeInTheDocument();
  });

  test('the mailed code signs in with it', async () => {
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link and code' }));
    const field = await screen.findByLabelText('Code from the email');
    await userEvent.type(field, '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Use this code' }));
    expect(supabase.auth.verifyOtp).toHaveBeenCalledWith({ email: 'ada@example.com', token: '246810', type: 'email' });
    expect(await screen.findByRole('heading', { name: '/home page' })).toBeInTheDocument();
  });

  test('without an address it says so and sends nothing', async () => {
    renderScreen(<Login />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link and code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email address above first.');
    expect(supabase.auth.signInWithOtp).not.toHaveBeenCalled();
  });
});
