// Every page loads @folioforge/shared before its first screen. The contracts written in zod (billing
// rows, the functions' requests) are not part of it: zod loads with a screen's first read of a row or
// call of a function, and each schema is built when first asked for. Evaluating zod and building
// schemas at load is script a phone runs before the page can answer a tap.
import type * as zod from 'zod';
import type * as zodMini from 'zod/mini';

let mockZodLoads = 0;
const mockBuilders: string[] = [];
const mockMiniBuilders: string[] = [];
jest.mock('zod/mini', () => {
  const actual = jest.requireActual<typeof zodMini>('zod/mini');
  // Read as plain entries: typed as the module's namespace, their union of every export took the type
  // checker seconds.
  return Object.fromEntries(
    Object.entries(actual as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === 'function' && /^(object|looseObject|partial)$/.test(name)
        ? (...args: unknown[]) => {
            mockMiniBuilders.push(name);
            return (value as (...all: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
});
jest.mock('zod', () => {
  mockZodLoads += 1;
  const actual = jest.requireActual<typeof zod>('zod');
  const counted = Object.fromEntries(
    Object.entries(actual.z as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (...args: unknown[]) => {
            mockBuilders.push(name);
            return (value as (...all: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
  return { ...actual, z: counted };
});

const row = {
  id: 'sub_1',
  plan_id: 'pro',
  status: 'active',
  amount: 49900,
  currency: 'INR',
  current_start: '2026-11-01T00:00:00Z',
  current_end: '2026-12-01T00:00:00Z',
  charge_at: null,
  starts_at: null,
  ended_at: null,
  cancel_at_period_end: false,
  scheduled_plan_id: null,
  failed_charges: 0,
  created_at: '2026-11-01T00:00:00Z',
};

test('loading the package loads no zod; a billing row, read, builds its schema the first time only', async () => {
  // The test set-up has loaded the package already (with zod unwatched): load it afresh.
  jest.resetModules();
  mockZodLoads = 0;
  await import('./index');
  expect(mockZodLoads).toBe(0);
  expect(mockBuilders).toEqual([]);

  // What account/billing.ts loads when a screen first reads the user's subscriptions.
  const rows = await import('../../supabase/functions/_shared/billingRows');
  expect(mockZodLoads).toBe(1);
  expect(mockBuilders).toEqual([]);
  expect(rows.billingSubscriptionSchema().parse(row).plan_id).toBe('pro');
  expect(rows.billingSubscriptionSchema().safeParse({ ...row, plan_id: 'gold' }).success).toBe(false);
  const afterFirst = mockBuilders.length;
  expect(afterFirst).toBeGreaterThan(0);
  rows.billingSubscriptionSchema();
  expect(mockBuilders).toHaveLength(afterFirst);
});

test("a first visit's start builds only the runtime config's schemas; a stored session builds its own", async () => {
  jest.resetModules();
  mockMiniBuilders.length = 0;
  const shared = await import('./index');
  const atLoad = [...mockMiniBuilders];
  expect(atLoad).toEqual(['object', 'object']); // the remotes' table and the config (config/runtimeConfig.ts)

  shared.restoreStoredSession('sb-test-auth-token', { getItem: () => null });
  expect(shared.parseDesignNavigationState(undefined)).toBeUndefined();
  expect(shared.useAuthStore.getState().status).toBe('signedOut');
  expect(mockMiniBuilders).toEqual(atLoad);

  // The next visit, with the session supabase-js stored: its schema is built then, and reads it.
  shared.useAuthStore.setState({ status: 'loading' });
  const stored = { access_token: 'a', refresh_token: 'r', user: { id: 'u1', email: 'asha@example.com' } };
  shared.restoreStoredSession('sb-test-auth-token', { getItem: () => JSON.stringify(stored) });
  expect(shared.useAuthStore.getState().user?.email).toBe('asha@example.com');
  expect(mockMiniBuilders.length).toBeGreaterThan(atLoad.length);
});
