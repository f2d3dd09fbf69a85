import { afterEach, expect, jest, test } from '@jest/globals';
import { createClient } from '@supabase/supabase-js';
import { configureSupabase, getSupabase, isSupabaseLoaded, loadSupabase, setSupabase, supabaseStorageKey } from './createSupabase';

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
});

test('the header reads the session where supabase-js keeps it by default, for a hosted and a local URL', () => {
  for (const supabaseUrl of ['https://abcdefgh.supabase.co', 'http://localhost:54321', 'http://127.0.0.1:54321']) {
    const client = createClient(supabaseUrl, 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
    expect(supabaseStorageKey(supabaseUrl)).toBe((client.auth as unknown as { storageKey: string }).storageKey);
  }
});
