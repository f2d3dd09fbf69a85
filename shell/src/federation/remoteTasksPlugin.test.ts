import { afterEach, expect, jest, test } from '@jest/globals';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import remoteTasksPlugin from './remoteTasksPlugin';

type InitContainerOptions = Parameters<NonNullable<ModuleFederationRuntimePlugin['beforeInitContainer']>>[0];
type ExecuteFactoryArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['beforeExecuteFactory']>>[0];

afterEach(() => {
  jest.useRealTimers();
});

/** Whether `promise` has settled once every microtask queued so far has run. */
async function settledInThisTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  return settled;
}

test("a remote's container joins the share scope in a task after its entry ran, with its options unchanged", async () => {
  jest.useFakeTimers();
  const options = { shareScope: {}, initScope: [], remoteEntryInitOptions: {} } as unknown as InitContainerOptions;
  const joined = Promise.resolve(remoteTasksPlugin().beforeInitContainer!(options));
  expect(await settledInThisTask(joined)).toBe(false);
  jest.runOnlyPendingTimers();
  await expect(joined).resolves.toBe(options);
});

test("a screen's modules run in a task after their files came", async () => {
  jest.useFakeTimers();
  const run = Promise.resolve(remoteTasksPlugin().beforeExecuteFactory!({ id: 'editor/Design' } as ExecuteFactoryArgs));
  expect(await settledInThisTask(run)).toBe(false);
  jest.runOnlyPendingTimers();
  expect(await settledInThisTask(run)).toBe(true);
});
