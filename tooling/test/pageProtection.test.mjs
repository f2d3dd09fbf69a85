// The gate of pages behind a password (tooling/pageProtection.mjs) in the site's server, on its own:
// what lets a visitor in (a cookie this server signed for this site, this password and a time not
// past) and what does not (an edited expiry or signature, another site's cookie, an old password's,
// one past its 12 hours), the cookie's scope and flags, and the database's wait passed on as 429
// with Retry-After. Storage and PostgREST are stood in for by their answers (the real ones:
// local-cloud/test/sitePasswords.test.ts). No build needed.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { accessCookieName, accessCookieValid, accessCookieValue, pageProtection } from '../pageProtection.mjs';
import { publishedSiteHandler } from '../publishedSites.mjs';
import { hashSitePassword } from '../../supabase/functions/_shared/sitePasswordHash.mjs';

const SECRET = Buffer.from('a secret of the site server, 32 bytes long!!');
const HOUR = 3_600_000;

describe('the access cookie', () => {
  const now = Date.UTC(2026, 11, 2, 4, 0, 0);
  const value = accessCookieValue(SECRET, 'asha-bakes', 'gen-1', now);

  test('lets its holder into the site it was signed for, for 12 hours', () => {
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', value, now), true);
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', value, now + 12 * HOUR - 1000), true);
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', value, now + 12 * HOUR), false, 'not past its time');
  });

  test('is no key to another site, another password or another server', () => {
    assert.equal(accessCookieValid(SECRET, 'asha-bakes-2', 'gen-1', value, now), false);
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-2', value, now), false, 'a changed password shuts it out');
    assert.equal(accessCookieValid(Buffer.from('another secret'), 'asha-bakes', 'gen-1', value, now), false);
  });

  test('cannot be edited: not its expiry, not its signature, not its form', () => {
    const [expiry = '', signature = ''] = value.split('.');
    const later = `${Number(expiry) + 3600}.${signature}`;
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', later, now), false, 'an hour more is refused');
    const flipped = `${expiry}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', flipped, now), false);
    for (const odd of ['', '1.2', `${expiry}`, `${expiry}.${signature}.x`, `-1.${signature}`, undefined])
      assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', odd, now), false, String(odd));
    // One signed for ten years ahead (a stolen key's forgery aside) is more than this server ever gives.
    const far = accessCookieValue(SECRET, 'asha-bakes', 'gen-1', now + 24 * HOUR);
    assert.equal(accessCookieValid(SECRET, 'asha-bakes', 'gen-1', far, now), false);
  });
});

describe('the gate in the site server', () => {
  const SALT = '0f'.repeat(16);
  const ITERATIONS = 100_000;
  /** @type {{ failures: number, wait: number }} */
  const database = { failures: 0, wait: 0 };
  let hash = '';
  let server;
  let base = '';

  /** Storage and PostgREST as the gate reads them: one protected site, `asha-bakes`. */
  const stand = async (input, init = {}) => {
    const url = String(input);
    const key = new Headers(init.headers).get('authorization');
    if (url.includes('/object/public/sites/')) return new Response('not found', { status: 400 });
    if (url.includes('/object/authenticated/protected-sites/')) {
      if (key !== 'Bearer service-key') return new Response('no', { status: 400 });
      const path = url.split('/protected-sites/')[1];
      if (path === 'asha-bakes/access') return new Response('gen-1');
      if (path === 'asha-bakes/index.html') return new Response('<h1>Asha’s private menu</h1>', { headers: { etag: '"v1"' } });
      return new Response('not found', { status: 400 });
    }
    const body = JSON.parse(String(init.body ?? '{}'));
    if (url.endsWith('/rpc/site_password_salt'))
      return Response.json(
        body.page_slug === 'asha-bakes' ? [{ salt: database.wait ? null : SALT, iterations: ITERATIONS, retry_after: database.wait }] : [],
      );
    if (url.endsWith('/rpc/check_site_password')) {
      if (body.candidate === hash) return Response.json([{ generation: 'gen-1', retry_after: 0 }]);
      database.failures++;
      return Response.json([{ generation: null, retry_after: database.failures >= 5 ? 30 : 0 }]);
    }
    return new Response('unexpected', { status: 500 });
  };

  before(async () => {
    hash = await hashSitePassword('open sesame', SALT, ITERATIONS);
    const protection = pageProtection({ supabaseUrl: () => 'http://cloud.test', serviceRoleKey: () => 'service-key', fetch: stand });
    // The site's own answers fetch Storage with the global fetch: for this test, the same stand-in.
    globalThis.fetch = stand;
    const sites = publishedSiteHandler({ storageUrl: () => 'http://cloud.test', protection });
    server = http.createServer((req, res) => void sites(req, res, new URL(req.url ?? '/', 'http://site').pathname));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  /** @param {string} path @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options] */
  const request = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const post = (password, headers = {}) =>
    request('/p/asha-bakes/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ password }).toString(),
    });

  test('asks for the password, as a labelled form that says how long a visitor stays in', async () => {
    const answer = await request('/p/asha-bakes/');
    assert.equal(answer.status, 401);
    assert.equal(answer.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(answer.headers['cache-control'], 'private, no-store');
    assert.match(answer.text, /<form method="post" action="\/p\/asha-bakes\/">/);
    assert.match(answer.text, /<label for="password">Password<\/label><input id="password" name="password" type="password"/);
    assert.match(answer.text, /stays let in for 12 hours/);
    assert.doesNotMatch(answer.text, /private menu/);
  });

  test('a wrong password says so beside the field; the fifth in a row makes the next wait', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await post(`wrong ${attempt}`);
      assert.equal(wrong.status, 401);
      assert.match(wrong.text, /aria-invalid="true" aria-describedby="password-error"/);
      assert.match(wrong.text, /<p id="password-error" class="error"><strong>Error:<\/strong> That password is not right/);
    }
    const fifth = await post('wrong 5');
    assert.equal(fifth.status, 429);
    assert.equal(fifth.headers['retry-after'], '30');
    database.wait = 30;
    const next = await post('open sesame');
    assert.equal(next.status, 429, 'while it waits, no try is checked');
    assert.match(next.text, /Wait 30 seconds/);
    database.wait = 0;
  });

  test('the right one sets a signed cookie for the site’s path alone, then the page is served to it', async () => {
    const right = await post('open sesame');
    assert.equal(right.status, 303);
    assert.equal(right.headers.location, '/p/asha-bakes/');
    const [cookie] = right.headers['set-cookie'] ?? [];
    assert.match(
      cookie ?? '',
      new RegExp(`^${accessCookieName('asha-bakes')}=\\d+\\.[\\w-]{43}; Path=/p/asha-bakes; Max-Age=43200; HttpOnly; SameSite=Lax$`),
    );
    const page = await request('/p/asha-bakes/', { headers: { cookie: cookie.split(';')[0] } });
    assert.equal(page.status, 200);
    assert.match(page.text, /private menu/);
    assert.equal(page.headers['cache-control'], 'private, no-store');
    assert.equal(page.headers.vary, 'Accept-Encoding, Cookie');
    const overHttps = await post('open sesame', { 'x-forwarded-proto': 'https' });
    assert.match(overHttps.headers['set-cookie']?.[0] ?? '', /; Secure$/, 'Secure when the visitor came over https');
  });

  test('its files are refused without the cookie, and an unknown address is still not found', async () => {
    assert.equal((await request('/p/asha-bakes/files/portfolio-images/menu.png')).status, 401);
    assert.equal((await request('/p/nobody-here/')).status, 404);
    const posted = await request('/p/nobody-here/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=anything-at-all',
    });
    assert.equal(posted.status, 404, 'a password posted to no protected site finds nothing');
  });
});
