import { beforeEach, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError, AuthImplicitGrantRedirectError } from '@supabase/supabase-js';
import { TEMPLATES } from '@folioforge/templates';
import AuthCallback from './AuthCallback';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { deferred, rateLimited } from '../../test/authFixtures';

let supabase: FakeSupabase;
beforeEach(() => {
  supabase = installFakeSupabase();
  window.history.replaceState(null, '', '/auth/callback');
});

const EXPIRED_HASH = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

function expiredLink() {
  window.history.replaceState(null, '', `/auth/callback${EXPIRED_HASH}`);
  supabase.auth.initialize.mockResolvedValueOnce({
    error: new AuthImplicitGrantRedirectError('Email link is invalid or has expired', { error: 'access_denied', code: 'otp_expired' }),
  });
}

test('says it is confirming, then that the email is confirmed and the visitor signed in', async () => {
  const initialized = deferred<unknown>();
  supabase.auth.initialize.mockReturnValueOnce(initialized.promise);
  supabase.auth.getSession.mockResolvedValueOnce({ data: { session: { access_token: 'a' } }, error: null });
  renderScreen(<AuthCallback />, '/auth/callback');
  expect(screen.getByRole('status')).toHaveTextContent('Confirming your email…');
  initialized.resolve({ error: null });
  const done = await screen.findByText('Your email is confirmed — you are signed in.');
  expect(done.parentElement).toHaveFocus();
  expect(screen.getByRole('heading', { name: 'Pick a template to start' })).toBeInTheDocument();
});

test('the confirmed visitor starts with one click: a template opens in the editor', async () => {
  supabase.auth.getSession.mockResolvedValueOnce({ data: { session: { access_token: 'a' } }, error: null });
  renderScreen(<AuthCallback />, '/auth/callback');
  const choices = await screen.findAllByRole('button', { name: /^Start with / });
  expect(choices).toHaveLength(TEMPLATES.length + 1);
  const first = TEMPLATES[0]!;
  await userEvent.click(screen.getByRole('button', { name: `Start with ${first.name}` }));
  expect(screen.getByTestId('destination')).toHaveTextContent('/design');
  const state = JSON.parse(screen.getByTestId('destination-state').textContent ?? 'null') as { selectedTemplate: { id: number } };
  expect(state.selectedTemplate).toEqual({ id: first.id });
});

test('an expired or used link says so, clears the address bar and offers a new link', async () => {
  expiredLink();
  renderScreen(<AuthCallback />, '/auth/callback');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This confirmation link is invalid or has expired. (Email link is invalid or has expired)');
  expect(window.location.hash).toBe('');
  expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');

  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
  expect(supabase.auth.resend).toHaveBeenCalledWith({
    type: 'signup',
    email: 'ada@example.com',
    options: { emailRedirectTo: 'http://localhost/auth/callback' },
  });
  expect(await screen.findByText('We sent a new confirmation link to ada@example.com.')).toBeInTheDocument();
});

test('a refused resend keeps the form and says why', async () => {
  expiredLink();
  supabase.auth.resend.mockResolvedValueOnce({ data: { user: null, session: null }, error: rateLimited() });
  renderScreen(<AuthCallback />, '/auth/callback');
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
  expect(await screen.findByText('Too many attempts for now: Request rate limit reached')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
});

test('resend needs an address', async () => {
  expiredLink();
  renderScreen(<AuthCallback />, '/auth/callback');
  await userEvent.click(await screen.findByRole('button', { name: 'Send a new link' }));
  expect(screen.getByText('Enter the email address you registered with.')).toBeInTheDocument();
  expect(supabase.auth.resend).not.toHaveBeenCalled();
});

test('arriving without a link (no session, no error) is treated as an invalid link', async () => {
  renderScreen(<AuthCallback />, '/auth/callback');
  expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
});

test('another failure reported by the client is shown with its words', async () => {
  supabase.auth.initialize.mockResolvedValueOnce({ error: new AuthImplicitGrantRedirectError('No session defined in URL') });
  renderScreen(<AuthCallback />, '/auth/callback');
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your email with this link. (No session defined in URL)');
});

test('a server without the resend endpoint points to registering again', async () => {
  expiredLink();
  supabase.auth.resend.mockResolvedValueOnce({
    data: { user: null, session: null },
    error: new AuthApiError('Unknown auth endpoint POST /resend', 404, 'not_found'),
  });
  renderScreen(<AuthCallback />, '/auth/callback');
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
  expect(await screen.findByText(/Register again with the same address/)).toBeInTheDocument();
});
