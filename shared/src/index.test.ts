// Every page loads @folioforge/shared before its first screen. The contracts written in zod (billing
// rows, the functions' requests) are not part of it: zod loads with a screen's first read of a row or
// call of a function, and each schema is built when first asked for. Evaluating zod and building
// schemas at load is script a phone runs before the page can answer a tap.
import type * as zod from 'zod';

let mockZodLoads = 0;
const mockBuilders: string[] = [];
jest.mock('zod', () => {
  mockZodLoads += 1;
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
