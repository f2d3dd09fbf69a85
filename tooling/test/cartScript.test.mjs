// The published pages' cart script (issue 48) as the build makes it and the site serves it: within
// its 10 KB gzip budget (the build stops above it), named by its hash, the one file of a page served
// as script, under a policy that runs scripts from the page's own origin only. No build needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCartScript, CART_GZIP_BUDGET } from '../cartScript.mjs';
import { CART_FILE_NAME, pageSecurityHeaders, siteObjectFor } from '../publishedSites.mjs';

test('the cart script is one file within its budget, named by its content hash', async () => {
  const cart = await buildCartScript();
  assert.match(cart.name, CART_FILE_NAME);
  assert.ok(cart.gzipBytes <= CART_GZIP_BUDGET, `${cart.gzipBytes} bytes gzip`);
  assert.doesNotMatch(cart.code, /react/i, 'no React at runtime');
  assert.equal((await buildCartScript()).name, cart.name, 'the same code, the same name');
  console.log(`  cart script ${cart.name}: ${cart.bytes} bytes, ${cart.gzipBytes} bytes gzip (budget ${CART_GZIP_BUDGET})`);
});

test('the build stops when the cart is over its budget', async () => {
  await assert.rejects(buildCartScript({ budget: 1024 }), /over its budget of 1024/);
});

test('only the cart, among a page’s own files, is served as script', () => {
  assert.equal(siteObjectFor('/p/ada-bakes/files/cart.0123456789ab.js')?.type, 'text/javascript; charset=utf-8');
  // A copy of an upload, another name, or a name that only looks like it: never script.
  for (const path of [
    '/p/ada-bakes/files/portfolio-images/cart.0123456789ab.js',
    '/p/ada-bakes/files/evil.js',
    '/p/ada-bakes/files/cart.0123456789abc.js',
    '/p/ada-bakes/files/cart.0123456789AB.js',
  ])
    assert.equal(siteObjectFor(path)?.type, 'application/octet-stream', path);
});

test("a page's policy runs scripts from its own origin only, none inline", () => {
  const policy = pageSecurityHeaders('https://project.supabase.co')['Content-Security-Policy'];
  assert.match(policy, /(^|; )script-src 'self'(;|$)/);
  assert.match(policy, /default-src 'none'/);
  assert.doesNotMatch(policy, /script-src[^;]*('unsafe|https?:|data:)/);
});
