// invokeFunction and streamFunction through the real supabase-js client, with the network mocked at
// fetch: what leaves the browser, and what a screen gets back for each kind of answer.
import { afterAll, beforeAll, beforeEach, expect, jest, test } from '@jest/globals';
import { createClient } from '@supabase/supabase-js';
import { setRuntimeConfig } from '../config/runtimeConfig';
import { setSupabase } from '../supabase/createSupabase';
import { testRuntimeConfig } from '../testing/testRuntimeConfig';
import { accountFunction, domainsFunction, paymentsFunction } from './contracts';
import { FunctionCallError, invokeFunction, streamFunction } from './invokeFunction';

const fetchMock = jest.fn<typeof fetch>();
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const sent = (call = 0) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url: String(url), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) as unknown };
};
const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FunctionCallError);
  return error as FunctionCallError;
};

const CHECKOUT = {
  subscriptionId: 'sub_TEST123456789',
  keyId: 'rzp_test_key',
  planId: 'pro',
  amount: 1999,
  currency: 'USD',
  startsAt: null,
};

beforeAll(() => {
  setRuntimeConfig(testRuntimeConfig());
  setSupabase(
    createClient('http://localhost:54321', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: fetchMock },
    }),
  );
});
beforeEach(() => {
  fetchMock.mockReset();
});
afterAll(() => setSupabase(undefined));

test('a request is sent as JSON to the function, and its answer comes back checked and typed', async () => {
  fetchMock.mockResolvedValueOnce(json(200, CHECKOUT));
  const opened = await invokeFunction(paymentsFunction, { action: 'subscribe', planId: 'pro' });
  expect(opened.subscriptionId).toBe('sub_TEST123456789');
  const request = sent();
  expect(request.url).toBe('http://localhost:54321/functions/v1/payments');
  expect(request.headers.get('authorization')).toBe('Bearer anon-key');
  expect(request.body).toEqual({ action: 'subscribe', planId: 'pro' });
});

test('a request the function would refuse is refused here, in its words, and never sent', async () => {
  const failure = await failureOf(
    invokeFunction(domainsFunction, { action: 'register', domain: 'janedoe.com', portfolioId: 'not-a-portfolio' }),
  );
  expect(failure.kind).toBe('refused');
  expect(failure.status).toBe(400);
  expect(failure.message).toMatch(/^Invalid request: portfolioId/);
  expect(fetchMock).not.toHaveBeenCalled();
});

test('an answer that is not what the contract promises is an unexpected answer, never passed on', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { ...CHECKOUT, currency: 'INR' }));
  const failure = await failureOf(invokeFunction(paymentsFunction, { action: 'subscribe', planId: 'pro' }));
  expect(failure.kind).toBe('unexpected');
  expect(failure.message).toBe('FolioForge sent an unexpected answer. Try again.');
});

test("a refusal carries the function's words, the fields it found wrong and how long to wait", async () => {
  fetchMock
    .mockResolvedValueOnce(json(400, { error: 'Check the code.', fieldErrors: { code: 'That is not the code we sent.' } }))
    .mockResolvedValueOnce(json(429, { error: 'Wait a minute.', retryAfterSeconds: 42 }, { 'Retry-After': '42' }))
    .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
  const wrongCode = await failureOf(invokeFunction(accountFunction, { action: 'delete', code: '123456' }));
  expect(wrongCode).toMatchObject({
    kind: 'refused',
    status: 400,
    message: 'Check the code.',
    fieldErrors: { code: 'That is not the code we sent.' },
  });
  const tooSoon = await failureOf(invokeFunction(accountFunction, { action: 'send-deletion-code' }));
  expect(tooSoon).toMatchObject({ kind: 'refused', status: 429, message: 'Wait a minute.', retryAfterSeconds: 42 });
  // No words of its own (a relay's page): the caller's.
  const relay = await failureOf(
    invokeFunction(accountFunction, { action: 'send-deletion-code' }, { refused: 'No code was sent. Try again.' }),
  );
  expect(relay).toMatchObject({ kind: 'refused', status: 502, message: 'No code was sent. Try again.' });
});

test('no answer at all is said as a connection problem', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const failure = await failureOf(invokeFunction(paymentsFunction, { action: 'cancel-subscription' }));
  expect(failure).toMatchObject({ kind: 'unreachable', status: undefined });
  expect(failure.message).toBe('FolioForge could not be reached. Check your connection and try again.');
});

test('a streamed answer comes back unread, to show progress; its refusal as any other', async () => {
  const originalFetch = globalThis.fetch;
  globalThis.fetch = fetchMock;
  try {
    fetchMock
      .mockResolvedValueOnce(new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'Content-Type': 'application/zip' } }))
      .mockResolvedValueOnce(json(403, { error: 'Enter the code from your authenticator app first.' }));
    const zip = await streamFunction(accountFunction, { action: 'export' });
    expect(zip.bodyUsed).toBe(false);
    expect(new Uint8Array(await zip.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(sent().url).toBe('http://localhost:54321/functions/v1/account');
    const refused = await failureOf(streamFunction(accountFunction, { action: 'export' }));
    expect(refused).toMatchObject({ kind: 'refused', status: 403, message: 'Enter the code from your authenticator app first.' });
  } finally {
    globalThis.fetch = originalFetch;
  }
});
