// The page-message function on Deno, before it needs the database: what it refuses and where it
// sends a form back. `deno test` grants no permissions, so reaching the network here fails the test.
import assert from 'node:assert/strict';
import { clientAddress } from '../_shared/rateLimit.ts';
import { createHandler, senderKey } from './handler.ts';

const SITE = 'https://folioforge.example';
const env = (name: string) =>
  ({ SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service', SITE_URL: SITE })[name];
const handler = createHandler(env);
const PAGE = { portfolio: '6a1f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1a', slug: 'ada-lovelace' };

const form = (fields: Record<string, string>, origin: string | null = SITE) =>
  new Request('http://functions.test/page-message', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
  });
const json = (body: unknown, origin: string | null = SITE) =>
  new Request('http://functions.test/page-message', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
  });

Deno.test('the wrong method, type or size is refused before anything is read', async () => {
  const get = await handler(new Request('http://functions.test/page-message', { headers: { origin: SITE } }));
  assert.equal(get.status, 405);
  await get.body?.cancel();
  const text = await handler(
    new Request('http://functions.test/page-message', {
      method: 'POST',
      body: 'hi',
      headers: { 'content-type': 'text/plain', origin: SITE },
    }),
  );
  assert.deepEqual([text.status, await text.json()], [415, { error: 'Send the form, or JSON' }]);
  const huge = await handler(form({ ...PAGE, message: 'x'.repeat(20 * 1024) }));
  assert.equal(huge.status, 413);
  await huge.body?.cancel();
  const garbage = await handler(
    new Request('http://functions.test/page-message', {
      method: 'POST',
      body: '{"slug":',
      headers: { 'content-type': 'application/json', origin: SITE },
    }),
  );
  assert.deepEqual([garbage.status, await garbage.json()], [400, { error: 'Request body is not JSON' }]);
});

Deno.test('a form naming no page, or posted from anywhere but the page, goes nowhere', async () => {
  const nowhere = await handler(
    form({ slug: 'https://evil.example', portfolio: PAGE.portfolio, name: 'A', email: 'a@b.co', message: 'hi' }),
  );
  assert.deepEqual([nowhere.status, nowhere.headers.get('location')], [400, null]);
  await nowhere.body?.cancel();
  for (const origin of [null, 'http://evil.example', 'null', 'https://folioforge.example.evil.example:8443']) {
    const foreign = await handler(form({ ...PAGE, name: 'A', email: 'a@b.co', message: 'hi' }, origin));
    assert.deepEqual(
      [foreign.status, foreign.headers.get('location'), await foreign.text()],
      [403, null, 'This form may be sent only from its own page'],
      String(origin),
    );
  }
  const foreignJson = await handler(json({ ...PAGE, name: 'A', email: 'a@b.co', message: 'hi' }, 'http://evil.example'));
  assert.equal(foreignJson.status, 403);
  assert.equal(foreignJson.headers.get('access-control-allow-origin'), null, 'another site reads no answer');
  await foreignJson.body?.cancel();
});

Deno.test('bad fields send a form back to the page at #message-failed; JSON gets the reason', async () => {
  const cases: Record<string, string>[] = [
    { name: 'A', email: 'a@b.co', message: '' },
    { name: 'Bad\u001b[31mname', email: 'a@b.co', message: 'hi' },
    { name: 'A\r\nBcc: x@y.z', email: 'a@b.co', message: 'hi' },
    { name: 'A', email: 'not-an-address', message: 'hi' },
    { name: 'A', email: 'a@b.co', message: 'bell\u0007' },
    { name: 'A'.repeat(121), email: 'a@b.co', message: 'hi' },
  ];
  for (const fields of cases) {
    const res = await handler(form({ ...PAGE, ...fields }));
    assert.deepEqual([res.status, res.headers.get('location')], [303, `${SITE}/p/ada-lovelace#message-failed`], JSON.stringify(fields));
  }
  const res = await handler(json({ ...PAGE, name: 'A', email: 'nope', message: 'hi' }));
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('access-control-allow-origin'), SITE);
  assert.match(((await res.json()) as { error: string }).error, /^email: /);
});

Deno.test('what fills the hidden trap field is told "sent" and nothing is stored', async () => {
  const res = await handler(form({ ...PAGE, name: 'Bot', email: 'bot@spam.example', message: 'buy', website: 'https://spam.example' }));
  assert.deepEqual([res.status, res.headers.get('location')], [303, `${SITE}/p/ada-lovelace#message-sent`]);
});

Deno.test("only the site's own scripts may send JSON across origins", async () => {
  const preflight = (origin: string) =>
    handler(
      new Request('http://functions.test/page-message', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      }),
    );
  const own = await preflight(SITE);
  assert.deepEqual([own.status, own.headers.get('access-control-allow-origin')], [204, SITE]);
  const other = await preflight('https://evil.example');
  assert.deepEqual([other.status, other.headers.get('access-control-allow-origin')], [403, null]);
});

Deno.test('a sender is known by a key that is not their address and changes every day', async () => {
  const request = (headers: Record<string, string>) => new Request('http://functions.test/', { headers });
  assert.equal(clientAddress(request({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })), '203.0.113.7');
  // Only the gateway's X-Forwarded-For: another forwarding header is whatever the client wrote.
  assert.equal(clientAddress(request({ 'cf-connecting-ip': '198.51.100.2', 'x-forwarded-for': '203.0.113.7' })), '203.0.113.7');
  assert.equal(clientAddress(request({ 'cf-connecting-ip': '198.51.100.2', 'x-real-ip': '198.51.100.3' })), 'unknown');
  assert.equal(clientAddress(request({})), 'unknown');
  const today = await senderKey('secret', '203.0.113.7', new Date('2026-06-10T10:00:00Z'));
  assert.match(today, /^[0-9a-f]{40}$/);
  assert.doesNotMatch(today, /203/);
  assert.equal(await senderKey('secret', '203.0.113.7', new Date('2026-06-10T23:59:00Z')), today);
  assert.notEqual(await senderKey('secret', '203.0.113.7', new Date('2026-06-11T00:00:00Z')), today);
  assert.notEqual(await senderKey('other secret', '203.0.113.7', new Date('2026-06-10T10:00:00Z')), today);
});
