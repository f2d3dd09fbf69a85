// The sellers function's rules that need no database or network (`deno test` runs without either):
// the consent URL it sends an owner to, the callback's refusals, and how tokens are sealed at rest.
import assert from 'node:assert/strict';
import { authorizeUrl, decryptToken, encryptToken, partnerOAuthFrom } from '../_shared/sellerAccounts.ts';
import { createHandler } from './handler.ts';

const KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const env = (name: string) =>
  ({
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
    SITE_URL: 'https://folioforge.example/',
    RAZORPAY_PARTNER_CLIENT_ID: 'PartnerClient1',
    RAZORPAY_PARTNER_CLIENT_SECRET: 'partner-secret',
    SELLER_TOKEN_KEY: KEY,
  })[name];

Deno.test('the consent URL is Razorpay’s, asks read_write for the whitelisted callback, and carries the state', () => {
  const url = new URL(authorizeUrl(partnerOAuthFrom(env), 'the-state'));
  assert.equal(url.origin + url.pathname, 'https://auth.razorpay.com/authorize');
  assert.equal(url.searchParams.get('response_type'), 'code');
  assert.equal(url.searchParams.get('client_id'), 'PartnerClient1');
  assert.deepEqual(url.searchParams.getAll('scope[]'), ['read_write']);
  assert.equal(url.searchParams.get('redirect_uri'), 'http://127.0.0.1:9/functions/v1/sellers/callback');
  assert.equal(url.searchParams.get('state'), 'the-state');
  assert.equal(url.searchParams.get('client_secret'), null, 'the secret never goes to a browser');
});

Deno.test('a callback without a state goes back to /account as expired, touching nothing', async () => {
  const handler = createHandler(env);
  const res = await handler(new Request('http://functions.test/sellers/callback?code=abc'));
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), 'https://folioforge.example/account?selling=expired#selling');
  const posted = await handler(new Request('http://functions.test/sellers/callback', { method: 'POST' }));
  assert.equal(posted.status, 405);
  await posted.body?.cancel();
});

Deno.test('an action is for a signed-in owner only', async () => {
  const res = await createHandler(env)(
    new Request('http://functions.test/sellers', { method: 'POST', body: JSON.stringify({ action: 'status' }) }),
  );
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { error: 'Sign in first.' });
});

Deno.test('a sealed token reads back only with the key and the owner it was sealed for', async () => {
  const owner = '2b1f0c9e-0000-4000-8000-000000000001';
  const sealed = await encryptToken(KEY, owner, 'access-token-✓');
  assert.match(sealed, /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  assert.ok(!sealed.includes('access-token'), 'no token in clear');
  assert.notEqual(await encryptToken(KEY, owner, 'access-token-✓'), sealed, 'a fresh nonce each time');
  assert.equal(await decryptToken(KEY, owner, sealed), 'access-token-✓');
  await assert.rejects(decryptToken(KEY, '2b1f0c9e-0000-4000-8000-000000000002', sealed), 'moved to another owner’s row');
  const otherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(8)));
  await assert.rejects(decryptToken(otherKey, owner, sealed), 'read with another key');
});
