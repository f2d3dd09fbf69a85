// What `npm start`'s servers answer for the built apps, as a browser or CDN in front of them would see
// it: compressed copies by Accept-Encoding, cache rules by file name, revalidation, routes and 404s,
// the icons, the pages' security policy, and odd request targets that must never stop the servers.
// Needs the build stage's dist/ folders; no browser.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { repoRoot } from '../repo.mjs';
import { get, serveBuiltApps } from './builtApps.mjs';

/**
 * A request with a target no URL parser likes (`//`, `//evil.example/x`), sent as raw bytes; its status line.
 * @param {string} url
 * @param {string} target
 * @returns {Promise<string>}
 */
function rawGet(url, target) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @type {Awaited<ReturnType<typeof serveBuiltApps>>} */
let apps;
let shell = '';
let content = '';
let editor = '';
/** The shell's entry script, by the name the build gave it. */
let mainScript = '';

before(async () => {
  apps = await serveBuiltApps();
  shell = apps.shellUrl;
  content = apps.urlOf('content');
  editor = apps.urlOf('editor');
  const html = fs.readFileSync(path.join(repoRoot, 'shell/dist/index.html'), 'utf8');
  mainScript = html.match(/src="\/(main\.[0-9a-f]{8}\.js)"/)?.[1] ?? '';
  assert.ok(mainScript, 'the shell page loads a hashed main script');
});

after(() => apps?.close());

describe('encodings', () => {
  test('a script is sent as Brotli, gzip or plain as the browser accepts, always the same file', async () => {
    const original = fs.readFileSync(path.join(repoRoot, 'shell/dist', mainScript));
    const brotli = await get(`${shell}/${mainScript}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers.vary, 'Accept-Encoding');
    assert.ok(brotli.body.length < original.length / 2, `Brotli is ${brotli.body.length} of ${original.length} bytes`);
    assert.deepEqual(zlib.brotliDecompressSync(brotli.body), original);

    const gzip = await get(`${shell}/${mainScript}`, { 'Accept-Encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gzip.body), original);

    const refused = await get(`${shell}/${mainScript}`, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.deepEqual(refused.body, original);
    assert.equal((await get(`${shell}/${mainScript}`)).headers['content-encoding'], undefined);
  });

  test('each encoding has its own ETag, so a cache never mixes them up', async () => {
    const brotli = await get(`${shell}/${mainScript}`, { 'Accept-Encoding': 'br' });
    const gzip = await get(`${shell}/${mainScript}`, { 'Accept-Encoding': 'gzip' });
    assert.ok(brotli.headers.etag && gzip.headers.etag);
    assert.notEqual(brotli.headers.etag, gzip.headers.etag);
  });

  test("a remote's entry, chunks and styles come compressed too", async () => {
    const entry = await get(`${content}/remoteEntry.js`, { 'Accept-Encoding': 'br' });
    assert.equal(entry.status, 200);
    assert.equal(entry.headers['content-encoding'], 'br');
    /** @type {{ exposes: { assets: { js: { sync: string[] }; css: { sync: string[] } } }[] }} */
    const manifest = JSON.parse((await get(`${content}/mf-manifest.json`)).body.toString());
    const files = manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.css.sync]);
    assert.ok(files.some((file) => file.endsWith('.css')));
    for (const file of files) {
      const answer = await get(`${content}/${file}`, { 'Accept-Encoding': 'gzip, br' });
      assert.equal(answer.status, 200, file);
      assert.equal(answer.headers['content-encoding'], 'br', file);
    }
  });
});

describe('cache rules', () => {
  test('hashed files are immutable for a year', async () => {
    assert.equal((await get(`${shell}/${mainScript}`)).headers['cache-control'], IMMUTABLE);
    const chunks = fs.readdirSync(path.join(repoRoot, 'mfe-content/dist/chunks'));
    const stylesheet = chunks.find((name) => /\.[0-9a-f]{8}\.css$/.test(name));
    assert.ok(stylesheet, 'the content remote has a hashed stylesheet');
    assert.equal((await get(`${content}/chunks/${stylesheet}`)).headers['cache-control'], IMMUTABLE);
  });

  for (const route of ['/', '/home', '/templates', '/auth/callback', '/index.html']) {
    test(`the HTML at ${route} is revalidated, never cached as immutable, and a match answers 304`, async () => {
      const page = await get(`${shell}${route}`, { 'Accept-Encoding': 'gzip' });
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.ok(page.headers.etag);
      const again = await get(`${shell}${route}`, { 'Accept-Encoding': 'gzip', 'If-None-Match': page.headers.etag });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  }

  test('app-config.json is revalidated, and a changed config is a new ETag', async () => {
    const first = await get(`${shell}/app-config.json`);
    const etag = String(first.headers.etag);
    assert.equal(first.headers['cache-control'], 'no-cache');
    assert.equal((await get(`${shell}/app-config.json`, { 'If-None-Match': etag })).status, 304);
    apps.config.remotes.content = 'http://localhost:1/elsewhere/mf-manifest.json';
    try {
      const changed = await get(`${shell}/app-config.json`, { 'If-None-Match': etag });
      assert.equal(changed.status, 200);
      assert.match(changed.body.toString(), /elsewhere/);
    } finally {
      apps.config.remotes.content = `${content}/mf-manifest.json`;
    }
  });

  test("a remote's manifest and entry keep their names across builds, so they are revalidated and open to other origins", async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const answer = await get(`${content}/${file}`);
      assert.equal(answer.headers['cache-control'], 'no-cache', file);
      assert.equal(answer.headers['access-control-allow-origin'], '*', file);
      assert.equal((await get(`${content}/${file}`, { 'If-None-Match': String(answer.headers.etag) })).status, 304, file);
    }
  });

  test('a missing file is a 404, not the page, and no path leaves the build folder', async () => {
    assert.equal((await get(`${shell}/chunks/gone.12345678.js`)).status, 404);
    assert.equal((await get(`${shell}/..%2F..%2Fpackage.json`)).status, 404);
    assert.equal((await get(`${shell}/%2e%2e/%2e%2e/package.json`)).status, 404);
  });
});

describe('routes', () => {
  test('routes of the app answer 200 with the page, with or without a trailing slash', async () => {
    for (const route of ['/design', '/account', '/auth/callback', '/home/', '/terms-of-use/']) {
      const page = await get(`${shell}${route}`);
      assert.equal(page.status, 200, route);
      assert.match(String(page.headers['content-type']), /^text\/html/, route);
    }
  });

  test('a path the app has no route for answers 404 with the page (its error screen)', async () => {
    for (const route of ['/hosting', '/careers', '/no/such/page', '/templates/extra']) {
      const page = await get(`${shell}${route}`);
      assert.equal(page.status, 404, route);
      assert.match(String(page.headers['content-type']), /^text\/html/, route);
      assert.match(page.body.toString(), /<div id="root">/, `${route}: the app's page, which draws the error screen`);
    }
  });
});

describe('compile hints', () => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  /**
   * The built chunk of an app whose extracted licence text names `library`.
   * @param {string} app
   * @param {RegExp} library
   */
  const chunkLicensing = (app, library) => {
    const folder = path.join(repoRoot, app, 'dist/chunks');
    const licence = fs
      .readdirSync(folder)
      .find((name) => name.endsWith('.js.LICENSE.txt') && library.test(fs.readFileSync(path.join(folder, name), 'utf8')));
    assert.ok(licence, `${app} has a chunk of ${library}`);
    return `chunks/${licence.replace(/\.LICENSE\.txt$/, '')}`;
  };

  test('the code every page runs as it starts tells V8 to compile it as it downloads; code loaded on demand does not', async () => {
    /** @type {{ shared: { name: string; assets: { js: { sync: string[] } } }[] }} */
    const manifest = JSON.parse((await get(`${editor}/mf-manifest.json`)).body.toString());
    const chunksOf = (/** @type {string} */ name) => manifest.shared.find((shared) => shared.name === name)?.assets.js.sync ?? [];
    const startUp = [
      `${shell}/${mainScript}`,
      `${shell}/${chunkLicensing('shell', /react-dom\.production/)}`,
      `${editor}/remoteEntry.js`,
      ...chunksOf('@folioforge/templates').map((file) => `${editor}/${file}`),
    ];
    assert.ok(startUp.length > 3, 'the editor provides the templates library');
    for (const url of startUp) {
      const answer = await get(url, { 'Accept-Encoding': 'br' });
      assert.ok(zlib.brotliDecompressSync(answer.body).toString().startsWith(HINT), `${url} starts with the hint`);
    }
    // Tiptap's chunks load when a rich-text field is first edited, the functions' contracts with a
    // screen's first call: neither with the screen.
    const editorChunks = path.join(repoRoot, 'mfe-editor/dist/chunks');
    const tiptap = fs
      .readdirSync(editorChunks)
      .filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(editorChunks, name), 'utf8').includes('ProseMirror'));
    assert.ok(tiptap.length > 0, "the editor has Tiptap's chunks");
    const contracts = chunksOf('@folioforge/shared/functions');
    assert.ok(contracts.length > 0, "the editor has the functions' contracts");
    for (const file of [...tiptap.map((name) => `chunks/${name}`), ...contracts])
      assert.ok(!(await get(`${editor}/${file}`)).body.toString().startsWith(HINT), `${file} has no hint`);
  });
});

describe('icons', () => {
  test('the favicon and every icon of the web manifest are served, and the page links the favicon', async () => {
    const favicon = await get(`${shell}/favicon.ico`);
    assert.equal(favicon.status, 200);
    assert.equal(favicon.headers['content-type'], 'image/x-icon');
    assert.equal(favicon.headers['cache-control'], 'no-cache');
    const html = (await get(`${shell}/pricing`)).body.toString();
    assert.match(html, /<link rel="icon" href="\/favicon.ico"/);
    // No SVG icon: Chrome draws one in a page of its own on the page's main thread, a long task of
    // start-up on a phone.
    assert.doesNotMatch(html, /<link rel="(icon|apple-touch-icon)"[^>]*\.svg"/);
    // The web manifest is linked by the shell once the screen is live (e2e/tests/startup.test.ts).
    assert.doesNotMatch(html, /rel="manifest"/);
    const manifest = await get(`${shell}/manifest.webmanifest`);
    assert.match(String(manifest.headers['content-type']), /^application\/manifest\+json/);
    /** @type {{ src: string; type: string }[]} */
    const icons = JSON.parse(manifest.body.toString()).icons;
    assert.ok(icons.length > 0 && icons.every((icon) => icon.type === 'image/png'));
    for (const icon of icons) {
      const answer = await get(new URL(icon.src, `${shell}/manifest.webmanifest`).href);
      assert.equal(answer.status, 200, icon.src);
      assert.equal(answer.headers['content-type'], icon.type, icon.src);
    }
  });
});

describe('odd requests (issue 20 #7)', () => {
  test('`GET //` and other targets a URL parser refuses are answered, and every app keeps serving', async () => {
    for (const origin of [shell, content]) {
      for (const target of ['//', '//evil.example/x', '///p/x', '/%', '/p/%E0%A4%A', '*', 'http://x/y'])
        assert.match(await rawGet(origin, target), /^HTTP\/1\.1 [2-5]\d\d /, `${origin} ${target}`);
      assert.equal((await get(`${origin}/`)).status, 200, `${origin} still serves`);
    }
  });
});

describe('security policy of the pages (issue 20 #11)', () => {
  test('every page says no other site may frame it, and lets only its own inline scripts run', async () => {
    for (const route of ['/', '/home', '/account', '/design', '/no-such-page']) {
      const page = await get(`${shell}${route}`);
      const policy = String(page.headers['content-security-policy'] ?? '');
      assert.match(policy, /frame-ancestors 'none'/, route);
      assert.match(policy, /object-src 'none'/, route);
      assert.equal(page.headers['x-frame-options'], 'DENY', route);
      assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/, `${route}: no inline script runs unless named`);
      for (const [, script] of page.body.toString().matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        const hash = crypto
          .createHash('sha256')
          .update(script ?? '', 'utf8')
          .digest('base64');
        assert.ok(policy.includes(`'sha256-${hash}'`), `${route}: its inline script is allowed by its hash`);
      }
      // The remotes and the Supabase project (API, pictures, the sandbox's checkout.js) are named.
      for (const origin of [content, editor, apps.cloudUrl]) assert.ok(policy.includes(origin), `${route}: ${origin}`);
    }
    const script = await get(`${shell}/${mainScript}`);
    assert.equal(script.headers['content-security-policy'], undefined, 'scripts and styles carry none');
  });
});
