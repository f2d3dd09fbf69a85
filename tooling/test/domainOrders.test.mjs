// The site server on a custom domain passes exactly the orders function's paths through
// (supabase/functions/orders/domainPaths.mjs) with the Host it came to, and the page it serves there
// posts its order form to the domain; at /p/<slug> the page is served as published. No browser:
// a stand-in for Storage and the functions records what reaches it.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { publishedSiteHandler } from '../publishedSites.mjs';

const PORTFOLIO = '6a1f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1a';
const SLUG = 'ada-bakes';
/** @type {{ method: string, url: string, headers: http.IncomingHttpHeaders, body: string }[]} */
const reached = [];
let cloud;
let site;
let cloudUrl = '';
let sitePort = 0;

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

before(async () => {
  cloud = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = req.url ?? '';
    const objects = {
      '/storage/v1/object/public/sites/_domains/shop.example': PORTFOLIO,
      [`/storage/v1/object/public/sites/_published/${PORTFOLIO}`]: SLUG,
      [`/storage/v1/object/public/sites/${SLUG}/portfolio`]: PORTFOLIO,
      [`/storage/v1/object/public/sites/${SLUG}/index.html`]: `<!doctype html><form method="post" action="${cloudUrl}/functions/v1/orders"><button>Buy now</button></form>`,
    };
    if (url.startsWith('/storage/')) {
      const object = objects[url];
      res.writeHead(object ? 200 : 404, object ? { ETag: '"v1"' } : {});
      res.end(object ?? '');
      return;
    }
    reached.push({ method: req.method ?? '', url, headers: req.headers, body });
    res.writeHead(201, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'" });
    res.end('<h1>from the orders function</h1>');
  });
  cloudUrl = `http://127.0.0.1:${await listen(cloud)}`;
  const sites = publishedSiteHandler({ storageUrl: () => cloudUrl, siteHosts: ['folioforge.example'] });
  site = http.createServer((req, res) => void sites(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  sitePort = await listen(site);
});
after(() => {
  site?.close();
  cloud?.close();
});

/**
 * A request to the site server as if sent to `host`.
 * @param {string} host @param {string} path
 * @param {{ method?: string, body?: string, headers?: Record<string, string> }} [options]
 */
function ask(host, path, { method = 'GET', body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: sitePort, path, method, headers: { host, ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('the order form’s POST on a custom domain reaches the orders function with the Host it came to', async () => {
  reached.length = 0;
  const answer = await ask('shop.example', '/functions/v1/orders', {
    method: 'POST',
    body: 'slug=ada-bakes&quantity.cake=1',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://shop.example',
      'x-forwarded-for': '203.0.113.9',
      'x-folioforge-shop-host': 'evil.example',
      cookie: 'secret=1',
    },
  });
  assert.equal(answer.status, 201);
  assert.equal(answer.text, '<h1>from the orders function</h1>');
  assert.equal(answer.headers['content-security-policy'], "default-src 'none'");
  assert.equal(reached.length, 1);
  const call = reached[0];
  assert.ok(call);
  assert.deepEqual([call.method, call.url, call.body], ['POST', '/functions/v1/orders', 'slug=ada-bakes&quantity.cake=1']);
  assert.equal(call.headers['x-folioforge-shop-host'], 'shop.example');
  assert.equal(call.headers.origin, 'http://shop.example');
  assert.equal(call.headers['content-type'], 'application/x-www-form-urlencoded');
  // The visitor's own claims are not passed on: their address is the one the server saw, no cookie.
  assert.equal(call.headers['x-forwarded-for'], '127.0.0.1');
  assert.equal(call.headers.cookie, undefined);
});

test('Razorpay’s return and the status page pass through with their query; nothing else of the function does', async () => {
  reached.length = 0;
  const back = await ask('shop.example', '/functions/v1/orders/callback?order=FF-0123456789', {
    method: 'POST',
    body: 'razorpay_payment_id=pay_1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(back.status, 201);
  const status = await ask('shop.example', `/functions/v1/orders/status/FF-0123456789-${'a'.repeat(64)}`);
  assert.equal(status.status, 201);
  assert.deepEqual(
    reached.map((call) => `${call.method} ${call.url}`),
    ['POST /functions/v1/orders/callback?order=FF-0123456789', `GET /functions/v1/orders/status/FF-0123456789-${'a'.repeat(64)}`],
  );
  for (const path of [
    '/functions/v1/shop',
    '/functions/v1/orders/other',
    '/functions/v1/orders/status/a/b',
    '/functions/v1/publish',
    '/rest/v1/shop_orders',
  ])
    assert.equal((await ask('shop.example', path, { method: 'POST', body: '' })).status, 404, path);
  assert.equal(reached.length, 2);
  // A body past the function's own limit is refused by the edge and never reaches the function.
  const huge = await ask('shop.example', '/functions/v1/orders', { method: 'POST', body: 'x='.padEnd(64 * 1024, 'x') });
  assert.equal(huge.status, 413);
  assert.equal(reached.length, 2);
});

test('on its custom domain the page posts its order form to the domain; at /p/<slug> as published', async () => {
  const onDomain = await ask('shop.example', '/');
  assert.equal(onDomain.status, 200);
  assert.match(onDomain.text, /<form method="post" action="\/functions\/v1\/orders">/);
  assert.doesNotMatch(onDomain.text, /127\.0\.0\.1/);
  // The CSP still lets the form post only to the page's own origin and the functions'.
  assert.match(String(onDomain.headers['content-security-policy']), /form-action 'self' http:\/\/127\.0\.0\.1:\d+;/);
  const onSite = await ask('folioforge.example', `/p/${SLUG}/`);
  assert.equal(onSite.status, 200);
  assert.match(onSite.text, new RegExp(`action="${cloudUrl}/functions/v1/orders"`));
  // The site's own host passes nothing to the function.
  reached.length = 0;
  assert.equal((await ask('folioforge.example', '/functions/v1/orders', { method: 'POST', body: '' })).status, 404);
  assert.equal(reached.length, 0);
});
