// Every page loads @folioforge/shared before its first screen. The contracts' zod schemas it exports
// (billing rows, page messages, sign-up and contact forms, stored photos) are built when first asked
// for, not then: each schema built at load is script a phone runs before the page can answer a tap.
import type * as zod from 'zod';

const mockBuilders: string[] = [];
jest.mock('zod', () => {
  const actual = jest.requireActual<typeof zod>('zod');
  const counted = Object.fromEntries(
    Object.entries(actual.z).map(([name, value]) => [
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

test('loading the package builds no zod schema; one is built the first time it is asked for, once', async () => {
  // The test set-up has loaded the package already (with zod unwatched): load it afresh.
  jest.resetModules();
  const shared = await import('./index');
  expect(mockBuilders).toEqual([]);

  expect(shared.billingSubscriptionSchema().parse(row).plan_id).toBe('pro');
  expect(shared.billingSubscriptionSchema().safeParse({ ...row, plan_id: 'gold' }).success).toBe(false);
  const afterFirst = mockBuilders.length;
  expect(afterFirst).toBeGreaterThan(0);
  shared.billingSubscriptionSchema();
  expect(mockBuilders).toHaveLength(afterFirst);
});
