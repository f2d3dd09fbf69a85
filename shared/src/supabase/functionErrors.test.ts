// A function's refusal as the screens read it. Its schema loads with the first refusal, so a refusal
// that comes while the app's own files cannot be reached still reads as its status, not as a crash.
import { expect, jest, test } from '@jest/globals';

const refusal = (status: number, body: unknown) => ({ status, json: async () => body });

test("a refusal's words, field errors and wait are read; what is not a refusal keeps its status", async () => {
  const { refusalIn } = await import('./functionErrors');
  expect(await refusalIn(refusal(429, { error: 'Wait a minute.', retryAfterSeconds: 42 }))).toEqual({
    status: 429,
    message: 'Wait a minute.',
    retryAfterSeconds: 42,
  });
  expect(await refusalIn(refusal(400, { error: 'Check the code.', fieldErrors: { code: 'Not the code.' } }))).toEqual({
    status: 400,
    message: 'Check the code.',
    fieldErrors: { code: 'Not the code.' },
  });
  expect(await refusalIn(refusal(502, { error: 42 }))).toEqual({ status: 502 });
});

test("a refusal that comes while its schema's file cannot load reads as its status", async () => {
  jest.resetModules();
  jest.doMock('../../../supabase/functions/_shared/contracts/functionContract', () => {
    throw new Error('Loading chunk 544 failed.');
  });
  const { refusalIn } = await import('./functionErrors');
  await expect(refusalIn(refusal(429, { error: 'Wait a minute.', retryAfterSeconds: 42 }))).resolves.toEqual({ status: 429 });
  jest.dontMock('../../../supabase/functions/_shared/contracts/functionContract');
});
