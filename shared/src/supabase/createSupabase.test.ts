import { afterEach, expect, jest, test } from '@jest/globals';
import { createClient } from '@supabase/supabase-js';
import {
  configureSupabase,
  getSupabase,
  isSupabaseLoaded,
  loadSupabase,
  REALTIME_OPTIONS,
  setSupabase,
  supabaseStorageKey,
} from './createSupabase';

const connection = { supabaseUrl: 'https://abcdefgh.supabase.co', supabaseAnonKey: 'anon-key' };

afterEach(() => setSupabase(undefined));

test('nothing loads before a screen asks, and asking before the shell configured it is a clear error', async () => {
  expect(isSupabaseLoaded()).toBe(false);
  expect(() => getSupabase()).toThrow('loadSupabase()');
  await expect(loadSupabase()).rejects.toThrow('not configured');
});

test('the first ask creates the one client and hands it to the shell first; later asks get the same', async () => {
  const created = jest.fn();
  configureSupabase(connection, created);
  const [first, second] = await Promise.all([loadSupabase(), loadSupabase()]);
  expect(first).toBe(second);
  expect(await loadSupabase()).toBe(first);
  expect(getSupabase()).toBe(first);
  expect(created).toHaveBeenCalledTimes(1);
  expect(created).toHaveBeenCalledWith(first);
  // The real client refreshes its session on a timer and listens to other tabs on a
  // BroadcastChannel; stop both so the test run can end.
  await first.auth.stopAutoRefresh();
  (first.auth as unknown as { broadcastChannel: BroadcastChannel | null }).broadcastChannel?.close();
  // Realtime runs on the spec's timings, the app's own rather than whatever supabase-js defaults to.
  expect(first.realtime.timeout).toBe(10_000);
  expect(first.realtime.heartbeatIntervalMs).toBe(30_000);
  const tries = [1, 2, 3, 4, 5, 9];
  expect(tries.map((attempt) => first.realtime.reconnectAfterMs(attempt))).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  expect(tries.map(REALTIME_OPTIONS.reconnectAfterMs)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
});

test('the header reads the session where supabase-js keeps it by default, for a hosted and a local URL', () => {
  for (const supabaseUrl of ['https://abcdefgh.supabase.co', 'http://localhost:54321', 'http://127.0.0.1:54321']) {
    const client = createClient(supabaseUrl, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
    expect(supabaseStorageKey(supabaseUrl)).toBe((client.auth as unknown as { storageKey: string }).storageKey);
  }
});
