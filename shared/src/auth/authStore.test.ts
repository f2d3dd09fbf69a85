import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { SESSION_ENDED_NOTICE, SIGNED_OUT_ELSEWHERE_NOTICE, connectAuthStore, signOut, useAuthStore } from './authStore';

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
