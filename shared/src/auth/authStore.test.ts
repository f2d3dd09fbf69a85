import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import {
  SESSION_ENDED_NOTICE,
  SIGNED_OUT_ELSEWHERE_NOTICE,
  connectAuthStore,
  restoreStoredSession,
  signOut,
  useAuthStore,
} from './authStore';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/** Just enough of a client: onAuthStateChange hands the test the listener, signOut emits SIGNED_OUT. */
function fakeClient() {
  let listener: Listener = () => undefined;
  const client = {
    auth: {
      onAuthStateChange: (callback: Listener) => {
        listener = callback;
        return { data: { subscription: { unsubscribe: jest.fn() } } };
      },
      signOut: jest.fn(async () => {
        listener('SIGNED_OUT', null);
        return { error: null };
      }),
    },
  };
  return {
    client: client as unknown as SupabaseClient,
    emit: (event: AuthChangeEvent, session: Session | null) => listener(event, session),
  };
}

const session = { user: { id: 'u1', email: 'ada@example.com' } } as Session;
let disconnect: () => void;
let fake: ReturnType<typeof fakeClient>;

beforeEach(() => {
  fake = fakeClient();
  disconnect = connectAuthStore(fake.client);
});
afterEach(() => {
  disconnect();
  useAuthStore.setState({ status: 'loading', session: null, user: null, notice: null, passwordRecovery: false });
});

const waitForMessages = () => new Promise((resolve) => setTimeout(resolve, 50));

test('mirrors the events into the store: no session is signedOut, a session signedIn', () => {
  fake.emit('INITIAL_SESSION', null);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut' });
  fake.emit('SIGNED_IN', session);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: session.user });
  fake.emit('TOKEN_REFRESHED', session);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: session.user });
});

test('a sign-out nobody asked for (refresh failed for good) leaves a notice; a new login clears it', () => {
  fake.emit('SIGNED_IN', session);
  fake.emit('SIGNED_OUT', null);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', notice: SESSION_ENDED_NOTICE });
  fake.emit('SIGNED_IN', session);
  expect(useAuthStore.getState().notice).toBeNull();
});

test('a sign-out asked for leaves no notice', async () => {
  fake.emit('SIGNED_IN', session);
  await signOut(fake.client, 'global');
  expect(fake.client.auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', notice: null });
});

test('a sign-out whose refresh another tab overtook is asked again, and fails only if that keeps happening', async () => {
  // What supabase-js answers when another tab stored its refreshed session during ours.
  const discarded = Object.assign(new Error('Refresh result discarded'), { name: 'AuthRefreshDiscardedError' });
  const signOutMock = fake.client.auth.signOut as jest.Mock<SupabaseClient['auth']['signOut']>;
  fake.emit('SIGNED_IN', session);
  signOutMock.mockResolvedValueOnce({ error: discarded as never });
  await signOut(fake.client, 'local');
  expect(signOutMock).toHaveBeenCalledTimes(2);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', notice: null });

  fake.emit('SIGNED_IN', session);
  signOutMock.mockClear();
  signOutMock.mockResolvedValue({ error: discarded as never });
  await expect(signOut(fake.client, 'local')).rejects.toThrow('Refresh result discarded');
  expect(signOutMock).toHaveBeenCalledTimes(3);
  expect(useAuthStore.getState().status).toBe('signedIn');
});

test('a password-recovery link is remembered until sign-out', () => {
  fake.emit('PASSWORD_RECOVERY', session);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', passwordRecovery: true });
  fake.emit('USER_UPDATED', session);
  expect(useAuthStore.getState().passwordRecovery).toBe(true);
  fake.emit('SIGNED_OUT', null);
  expect(useAuthStore.getState().passwordRecovery).toBe(false);
});

test('a sign-out asked for in another tab is worded as such (our note first)', async () => {
  const otherTab = new BroadcastChannel('folioforge-auth');
  try {
    fake.emit('SIGNED_IN', session);
    otherTab.postMessage({ type: 'signed-out-on-purpose' });
    await waitForMessages();
    fake.emit('SIGNED_OUT', null); // supabase-js's own broadcast, after ours
    expect(useAuthStore.getState().notice).toBe(SIGNED_OUT_ELSEWHERE_NOTICE);
  } finally {
    otherTab.close();
  }
});

test('a sign-out asked for in another tab is worded as such (supabase-js first, then our note corrects it)', async () => {
  // Well past the window of the previous test's note.
  const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
  const otherTab = new BroadcastChannel('folioforge-auth');
  try {
    fake.emit('SIGNED_IN', session);
    fake.emit('SIGNED_OUT', null);
    expect(useAuthStore.getState().notice).toBe(SESSION_ENDED_NOTICE);
    otherTab.postMessage({ type: 'signed-out-on-purpose' });
    await waitForMessages();
    expect(useAuthStore.getState().notice).toBe(SIGNED_OUT_ELSEWHERE_NOTICE);
  } finally {
    otherTab.close();
    now.mockRestore();
  }
});

/** What supabase-js writes under its storage key after a sign-in. */
function storage(value: unknown) {
  return { getItem: (key: string) => (key === 'sb-localhost-auth-token' ? JSON.stringify(value) : null) };
}
const stored = {
  access_token: 'a.b.c',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: 1_900_000_000,
  refresh_token: 'r1',
  user: { id: 'u1', aud: 'authenticated', email: 'ada@example.com', user_metadata: { name: 'Ada' } },
};

test('a session stored on an earlier visit shows as signed in before supabase-js loads', () => {
  restoreStoredSession('sb-localhost-auth-token', storage(stored));
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { id: 'u1', user_metadata: { name: 'Ada' } } });
  expect(useAuthStore.getState().session).toMatchObject({ refresh_token: 'r1' });
});

test('no stored session, another key, or anything unreadable is signed out', () => {
  for (const store of [storage(null), storage({ access_token: 'x' }), { getItem: () => '{not json' }, { getItem: () => null }, undefined]) {
    useAuthStore.setState({ status: 'loading', session: null, user: null });
    restoreStoredSession('sb-localhost-auth-token', store);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
  }
});

test('the stored session never overrides what supabase-js already said', () => {
  fake.emit('INITIAL_SESSION', null);
  restoreStoredSession('sb-localhost-auth-token', storage(stored));
  expect(useAuthStore.getState().status).toBe('signedOut');
});

test('a stored session that supabase-js finds gone when it loads leaves a notice', () => {
  restoreStoredSession('sb-localhost-auth-token', storage(stored));
  fake.emit('INITIAL_SESSION', null);
  // Which notice depends on whether another tab just said it signed out on purpose (earlier tests do).
  expect(useAuthStore.getState().status).toBe('signedOut');
  expect([SESSION_ENDED_NOTICE, SIGNED_OUT_ELSEWHERE_NOTICE]).toContain(useAuthStore.getState().notice);
});

/** A token whose payload says the given level (the store reads the claim, it does not verify it). */
const tokenWith = (aal: string, claims: Record<string, unknown> = {}) =>
  `h.${btoa(JSON.stringify({ aal, ...claims })).replace(/=+$/, '')}.s`;
const verifiedFactor = { id: 'f1', factor_type: 'totp', status: 'verified', created_at: '', updated_at: '' };

test('a sign-in that owes its second factor is not signed in yet; MFA_CHALLENGE_VERIFIED completes it', () => {
  const pending = {
    access_token: tokenWith('aal1'),
    user: { id: 'u1', email: 'ada@example.com', factors: [verifiedFactor] },
  } as unknown as Session;
  fake.emit('SIGNED_IN', pending);
  expect(useAuthStore.getState()).toMatchObject({
    status: 'signedOut',
    session: null,
    user: null,
    aal: { current: 'aal1', next: 'aal2' },
    secondFactor: { session: pending, user: pending.user },
  });
  const raised = { ...pending, access_token: tokenWith('aal2') } as Session;
  fake.emit('MFA_CHALLENGE_VERIFIED', raised);
  expect(useAuthStore.getState()).toMatchObject({
    status: 'signedIn',
    user: raised.user,
    aal: { current: 'aal2', next: 'aal2' },
    secondFactor: null,
  });
});

test('the session a recovery code was used in is complete, the authenticator kept; other sessions still owe the code', () => {
  const recovered = {
    access_token: tokenWith('aal1', { session_id: 's1', app_metadata: { mfa_recovered_session: 's1' } }),
    user: { id: 'u1', factors: [verifiedFactor] },
  } as unknown as Session;
  fake.emit('TOKEN_REFRESHED', recovered);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: recovered.user, secondFactor: null });
  const another = {
    ...recovered,
    access_token: tokenWith('aal1', { session_id: 's2', app_metadata: { mfa_recovered_session: 's1' } }),
  } as Session;
  fake.emit('SIGNED_IN', another);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', secondFactor: { session: another } });
});

test('without a verified factor aal1 is a complete sign-in; an unverified factor asks nothing', () => {
  const plain = {
    access_token: tokenWith('aal1'),
    user: { id: 'u1', factors: [{ ...verifiedFactor, status: 'unverified' }] },
  } as unknown as Session;
  fake.emit('SIGNED_IN', plain);
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', aal: { current: 'aal1', next: 'aal1' }, secondFactor: null });
});

test('the stored session of a sign-in owing its code shows the visitor signed out on the first paint', () => {
  useAuthStore.setState({ status: 'loading' });
  const stored = { access_token: tokenWith('aal1'), refresh_token: 'r', user: { id: 'u1', factors: [verifiedFactor] } };
  restoreStoredSession('key', { getItem: () => JSON.stringify(stored) });
  expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', secondFactor: { user: { id: 'u1' } } });
});
