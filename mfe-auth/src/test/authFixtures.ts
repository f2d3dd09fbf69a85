import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError, type Session, type User } from '@supabase/supabase-js';
import { act } from '@testing-library/react';
import { useAuthStore } from '@folioforge/shared';

// What the real auth server answers, built with supabase-js's own error classes.
export const invalidCredentials = () => new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
export const emailNotConfirmed = () => new AuthApiError('Email not confirmed', 400, 'email_not_confirmed');
export const rateLimited = () => new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
export const weakPassword = () => new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']);
export const invalidEmail = () => new AuthApiError('Unable to validate email address: invalid format', 400, 'validation_failed');
export const samePassword = () => new AuthApiError('New password should be different from the old password.', 422, 'same_password');
export const unreachable = () => new AuthRetryableFetchError('Failed to fetch', 0);

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ada@example.com',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { name: 'Ada Lovelace', username: 'ada' },
    identities: [],
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  } as User;
}

export function signedInAs(user: User = fakeUser()) {
  const session = { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user } as Session;
  act(() => useAuthStore.setState({ status: 'signedIn', session, user }));
  return session;
}

export function signedOut() {
  act(() => useAuthStore.setState({ status: 'signedOut', session: null, user: null }));
}

export function resetAuthStore() {
  act(() =>
    useAuthStore.setState({
      status: 'loading',
      session: null,
      user: null,
      notice: null,
      passwordRecovery: false,
      aal: { current: null, next: null },
      secondFactor: null,
    }),
  );
}

/** A promise the test settles, to look at a screen while a call is under way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

export const wrongTotpCode = () => new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed');
export const otpDisabled = () => new AuthApiError('Signups not allowed for otp', 422, 'otp_disabled');
export const mailTooSoon = (seconds: number) =>
  new AuthApiError(`For security purposes, you can only request this after ${seconds} seconds.`, 429, 'over_email_send_rate_limit');
export const factorNameTaken = (name: string) =>
  new AuthApiError(`A factor with the friendly name "${name}" for this user already exists`, 422, 'mfa_factor_name_conflict');
export const reauthenticationNeeded = () => new AuthApiError('Password update requires reauthentication', 400, 'reauthentication_needed');

/** A sign-in that owes its second factor: the store holds it apart, as connectAuthStore does for an aal1 session. */
export function awaitingSecondFactor(user: User = fakeUser()) {
  const withFactor = {
    ...user,
    factors: [{ id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone', created_at: '', updated_at: '' }],
  } as User;
  const session = { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user: withFactor } as Session;
  act(() =>
    useAuthStore.setState({
      status: 'signedOut',
      session: null,
      user: null,
      aal: { current: 'aal1', next: 'aal2' },
      secondFactor: { session, user: withFactor },
    }),
  );
  return withFactor;
}
