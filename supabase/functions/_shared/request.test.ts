// What every function does with a request, on the runtime Supabase runs it on (`deno test`, run by
// `npm test`): bodies capped while read, JSON checked, errors answered as JSON with CORS headers.
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { answeringErrors, bearerToken, HttpError, readJsonBody, readRawBody, requireSecondFactor } from './request.ts';

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://functions.test/fn', { method: 'POST', body, headers });

/** A body that arrives in chunks with no Content-Length, as a chunked upload does. */
function chunked(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(new Uint8Array(size).fill(0x61));
      else controller.close();
    },
  });
}

Deno.test('a body within the cap is read whole, emoji and all', async () => {
  assert.equal(await readRawBody(post('héllo 🎉'), 64), 'héllo 🎉');
});

Deno.test('a declared length past the cap is refused before anything is read', async () => {
  await assert.rejects(readRawBody(post('x', { 'content-length': '100000' }), 1024), (error: unknown) => {
    assert.ok(error instanceof HttpError);
    assert.equal(error.status, 413);
    return true;
  });
});

Deno.test('a chunked body is refused as soon as it passes the cap, not buffered to the end', async () => {
  let pulled = 0;
  const source = chunked(10_000, 1024);
  const counting = source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    }),
  );
  await assert.rejects(readRawBody(post(counting), 4 * 1024), (error: unknown) => error instanceof HttpError && error.status === 413);
  assert.ok(pulled <= 6, `read ${pulled} chunks of a 10,000-chunk body`);
});

Deno.test('JSON is checked against the schema, and the first problem is named', async () => {
  const schema = z.object({ action: z.literal('publish'), slug: z.string().min(3) });
  assert.deepEqual(await readJsonBody(post('{"action":"publish","slug":"ada"}'), 1024, schema), { action: 'publish', slug: 'ada' });
  await assert.rejects(readJsonBody(post('{not json'), 1024, schema), (error: unknown) => {
    assert.ok(error instanceof HttpError);
    assert.deepEqual([error.status, error.message], [400, 'Request body is not JSON']);
    return true;
  });
  await assert.rejects(readJsonBody(post('{"action":"publish","slug":"a"}'), 1024, schema), (error: unknown) => {
    assert.ok(error instanceof HttpError);
    assert.equal(error.status, 400);
    assert.match(error.message, /^Invalid request: slug /);
    return true;
  });
});

Deno.test('errors answer as JSON with their status and CORS; the unexpected ones hide their details', async () => {
  const logged: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const known = await answeringErrors('t', 'Service error', () => Promise.reject(new HttpError(409, 'Taken')))(post(null));
    assert.equal(known.status, 409);
    assert.equal(known.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await known.json(), { error: 'Taken' });
    const unknown = await answeringErrors('t', 'Service error', () => Promise.reject(new Error('db password is hunter2')))(post(null));
    assert.equal(unknown.status, 500);
    assert.deepEqual(await unknown.json(), { error: 'Service error' });
    assert.equal(logged.length, 1);
  } finally {
    console.error = originalError;
  }
});

Deno.test('the bearer token is read from Authorization, in any case, and only from there', () => {
  assert.equal(bearerToken(post(null, { authorization: 'bearer abc.def' })), 'abc.def');
  assert.equal(bearerToken(post(null, { authorization: 'Basic abc' })), undefined);
  assert.equal(bearerToken(post(null)), undefined);
});

Deno.test('the second factor: asked of Postgres as the user; false is 403, a failed check 503', async () => {
  const asked: string[] = [];
  const answering = (answer: { data: unknown; error: unknown }) =>
    ({
      rpc: (name: string) => {
        asked.push(name);
        return Promise.resolve(answer);
      },
    }) as unknown as SupabaseClient;
  await requireSecondFactor(answering({ data: true, error: null }));
  await assert.rejects(requireSecondFactor(answering({ data: false, error: null })), (error: unknown) => {
    assert.ok(error instanceof HttpError);
    assert.deepEqual([error.status, error.message], [403, 'Enter the code from your authenticator app first: sign in again to do so.']);
    return true;
  });
  await assert.rejects(
    requireSecondFactor(answering({ data: null, error: { message: 'connection refused' } })),
    (error: unknown) => error instanceof HttpError && error.status === 503,
  );
  assert.deepEqual(asked, ['mfa_satisfied', 'mfa_satisfied', 'mfa_satisfied']);
});
