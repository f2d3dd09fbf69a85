// Every function's handler on Deno, before it needs a database or the network: the browser's
// preflight, the wrong method, and bodies past each function's cap or not JSON are answered at once.
// `deno test` runs with no permissions, so a handler reaching the network here fails the test.
import assert from 'node:assert/strict';
import { createHandler as account } from '../account/handler.ts';
import { createHandler as contact } from '../contact/handler.ts';
import { createHandler as domains } from '../domains/handler.ts';
import { createHandler as payments } from '../payments/handler.ts';
import { createHandler as publish } from '../publish/handler.ts';
import { createHandler as razorpayWebhook } from '../razorpay-webhook/handler.ts';
import { createHandler as sellers } from '../sellers/handler.ts';
import { createHandler as subscribe } from '../subscribe/handler.ts';
import { hmacSha256Hex } from './hmac.ts';

const env = (name: string) =>
  ({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
    SITE_URL: 'https://folioforge.example',
    RAZORPAY_KEY_ID: 'rzp_test_x',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'hook',
    NAMECOM_USERNAME: 'folioforge',
    NAMECOM_TOKEN: 'token',
    RAZORPAY_PARTNER_CLIENT_ID: 'client',
    RAZORPAY_PARTNER_CLIENT_SECRET: 'client-secret',
    SELLER_TOKEN_KEY: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  })[name];

const JSON_FUNCTIONS = {
  account: account(env),
  contact: contact(env),
  domains: domains(env),
  payments: payments(env),
  publish: publish(env),
  sellers: sellers(env),
};
/** A call from the app's own page (SITE_URL): the contact function answers no other. */
const APP_ORIGIN = 'https://folioforge.example';
const request = (method: string, body?: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://functions.test/fn', {
    method,
    body,
    headers: { 'content-type': 'application/json', origin: APP_ORIGIN, ...headers },
  });

for (const [name, handler] of Object.entries(JSON_FUNCTIONS)) {
  Deno.test(`${name}: the browser's preflight is answered with CORS`, async () => {
    const res = await handler(request('OPTIONS'));
    assert.equal(res.status, 200);
    // The contact function names the app's origin alone; the others, whose every call carries a token, any.
    assert.equal(res.headers.get('access-control-allow-origin'), name === 'contact' ? APP_ORIGIN : '*');
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /authorization/);
    await res.body?.cancel();
  });

  Deno.test(`${name}: another method than POST is refused`, async () => {
    const res = await handler(request('GET'));
    assert.equal(res.status, 405);
    assert.deepEqual(await res.json(), { error: 'Use POST' });
  });

  Deno.test(`${name}: a body past its cap answers 413, one that is not JSON 400`, async () => {
    const huge = await handler(request('POST', JSON.stringify({ pad: 'x'.repeat(200 * 1024) })));
    assert.equal(huge.status, 413);
    await huge.body?.cancel();
    const garbage = await handler(request('POST', '{"action":'));
    assert.equal(garbage.status, 400);
    assert.deepEqual(await garbage.json(), { error: 'Request body is not JSON' });
  });
}

Deno.test('contact: only JSON from the app itself, with fields free of control characters (issue 20 #9)', async () => {
  const handler = contact(env);
  const message = { action: 'send', message: 'Hello', user_name: 'Ada', user_email: 'ada@example.com' };
  const elsewhere = await handler(request('OPTIONS', undefined, { origin: 'https://evil.example' }));
  assert.equal(elsewhere.status, 403);
  assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
  const forged = await handler(request('POST', JSON.stringify(message), { origin: 'https://evil.example' }));
  assert.equal(forged.status, 403);
  assert.equal(forged.headers.get('access-control-allow-origin'), null, 'another site cannot read the answer either');
  await forged.body?.cancel();
  const noOrigin = await handler(new Request('http://functions.test/fn', { method: 'POST', body: JSON.stringify(message) }));
  assert.equal(noOrigin.status, 403);
  await noOrigin.body?.cancel();
  const plain = await handler(request('POST', JSON.stringify(message), { 'content-type': 'text/plain' }));
  assert.equal(plain.status, 415, 'a form post (text/plain, no preflight) is refused');
  await plain.body?.cancel();
  const injected = await handler(
    request(
      'POST',
      JSON.stringify({ action: 'send', message: 'Hi\nthere', user_name: 'Ada\r\nBcc: x@evil.example', user_email: 'not an address' }),
    ),
  );
  assert.equal(injected.status, 400);
  const refusal = await injected.json();
  assert.deepEqual(Object.keys(refusal.fieldErrors).sort(), ['user_email', 'user_name'], 'line breaks stay in the message only');
  assert.match(refusal.fieldErrors.user_name, /one line/);
  assert.equal(injected.headers.get('access-control-allow-origin'), APP_ORIGIN, 'the app reads why');
});

Deno.test('subscribe: the wrong method, a form past its cap, or one naming no page is answered without writing', async () => {
  const handler = subscribe(env);
  const form = (body: string) =>
    new Request('http://functions.test/subscribe', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const get = await handler(new Request('http://functions.test/subscribe'));
  assert.deepEqual([get.status, await get.text()], [405, 'Use POST']);
  const json = await handler(
    new Request('http://functions.test/subscribe', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }),
  );
  assert.deepEqual([json.status, await json.text()], [415, 'Sign up with the form on the page.']);
  const huge = await handler(form(`slug=ada&email=${'a'.repeat(10 * 1024)}`));
  assert.deepEqual([huge.status, await huge.text()], [413, 'Request body too large']);
  const nowhere = await handler(form('slug=https%3A%2F%2Fevil.example&email=a%40b.co'));
  assert.deepEqual([nowhere.status, nowhere.headers.get('location')], [400, null]);
  await nowhere.body?.cancel();
  // A bad address of a real page goes back to the page's own note, not to anywhere the form named.
  const invalid = await handler(form('slug=ada-lovelace&portfolio=not-a-uuid&email=a%40b.co'));
  assert.deepEqual([invalid.status, invalid.headers.get('location')], [303, 'https://folioforge.example/p/ada-lovelace#subscribe-failed']);
});

Deno.test('razorpay-webhook: nothing is read from a body whose signature is missing or wrong', async () => {
  const handler = razorpayWebhook(env);
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request('http://functions.test/razorpay-webhook', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const signed = async (body: string) => post(body, { 'x-razorpay-signature': await hmacSha256Hex('hook', body) });

  const get = await handler(new Request('http://functions.test/razorpay-webhook'));
  assert.equal(get.status, 405);
  await get.body?.cancel();
  const unsigned = await handler(post('{"event":"order.paid"}'));
  assert.deepEqual([unsigned.status, await unsigned.json()], [400, { error: 'Missing webhook signature' }]);
  const forged = await handler(post('{"event":"order.paid"}', { 'x-razorpay-signature': await hmacSha256Hex('not-the-secret', '{}') }));
  assert.deepEqual([forged.status, await forged.json()], [400, { error: 'Invalid webhook signature' }]);
  const huge = await handler(await signed(JSON.stringify({ pad: 'x'.repeat(300 * 1024) })));
  assert.equal(huge.status, 413);
  await huge.body?.cancel();
  const garbage = await handler(await signed('{"event":'));
  assert.deepEqual([garbage.status, await garbage.json()], [400, { error: 'Webhook body is not JSON' }]);
  // An authentic event the app does not act on is acknowledged, so Razorpay does not retry it.
  const other = await handler(await signed(JSON.stringify({ event: 'refund.created', payload: {} })));
  assert.deepEqual([other.status, await other.json()], [200, { status: 'ignored' }]);
});
