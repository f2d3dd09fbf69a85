// What `npm start`'s servers answer, as a browser or CDN in front of them would see it: compressed
// copies by Accept-Encoding, cache rules by file name, revalidation, the icons, the pages' security
// policy, and odd request targets that must never stop the servers.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { startStack, type Stack } from '../support/stack';
import { repoRoot } from '../../tooling/repo.mjs';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET: no client-side decompression, so the test sees the bytes on the wire. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A request with a target no URL parser likes (`//`, `//evil.example/x`), sent as raw bytes; its status line. */
function rawGet(url: string, target: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

let stack: Stack;
let shell: string;
let content: string;
/** The shell's entry script, by the name the build gave it. */
let mainScript: string;

test.beforeAll(async () => {
  stack = await startStack({ withLocalCloud: false });
  shell = stack.shellUrl;
  content = `http://localhost:${stack.ports.content}`;
  const html = fs.readFileSync(path.join(repoRoot, 'shell/dist/index.html'), 'utf8');
  mainScript = html.match(/src="\/(main\.[0-9a-f]{8}\.js)"/)?.[1] ?? '';
  assert.ok(mainScript, 'the shell page loads a hashed main script');
});

test.afterAll(async () => {
  await stack?.stop();
});

test.describe('encodings', () => {
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
    const manifest = JSON.parse((await get(`${content}/mf-manifest.json`)).body.toString()) as {
      exposes: { assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
    };
    const files = manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.css.sync]);
    assert.ok(files.some((file) => file.endsWith('.css')));
    for (const file of files) {
      const answer = await get(`${content}/${file}`, { 'Accept-Encoding': 'gzip, br' });
      assert.equal(answer.status, 200, file);
      assert.equal(answer.headers['content-encoding'], 'br', file);
    }
  });
});

test.describe('cache rules', () => {
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
    assert.equal(first.headers['cache-control'], 'no-cache');
    assert.equal((await get(`${shell}/app-config.json`, { 'If-None-Match': first.headers.etag! })).status, 304);
    stack.setRemoteEntry('content', 'http://localhost:1/elsewhere/mf-manifest.json');
    try {
      const changed = await get(`${shell}/app-config.json`, { 'If-None-Match': first.headers.etag! });
      assert.equal(changed.status, 200);
      assert.match(changed.body.toString(), /elsewhere/);
    } finally {
      stack.setRemoteEntry('content', `${content}/mf-manifest.json`);
    }
  });

  test("a remote's manifest and entry keep their names across builds, so they are revalidated and open to other origins", async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const answer = await get(`${content}/${file}`);
      assert.equal(answer.headers['cache-control'], 'no-cache', file);
      assert.equal(answer.headers['access-control-allow-origin'], '*', file);
      assert.equal((await get(`${content}/${file}`, { 'If-None-Match': answer.headers.etag! })).status, 304, file);
    }
  });

  test('a missing file is a 404, not the page, and no path leaves the build folder', async () => {
    assert.equal((await get(`${shell}/chunks/gone.12345678.js`)).status, 404);
    assert.equal((await get(`${shell}/..%2F..%2Fpackage.json`)).status, 404);
    assert.equal((await get(`${shell}/%2e%2e/%2e%2e/package.json`)).status, 404);
  });
});

test.describe('compile hints', () => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  /** The built chunk of an app whose extracted licence text names `library`. */
  const chunkLicensing = (app: string, library: RegExp) => {
    const folder = path.join(repoRoot, app, 'dist/chunks');
    const licence = fs
      .readdirSync(folder)
      .find((name) => name.endsWith('.js.LICENSE.txt') && library.test(fs.readFileSync(path.join(folder, name), 'utf8')));
    assert.ok(licence, `${app} has a chunk of ${library}`);
    return `chunks/${licence.replace(/\.LICENSE\.txt$/, '')}`;
  };

  test('the code every page runs as it starts tells V8 to compile it as it downloads; code loaded on demand does not', async () => {
    const editor = `http://localhost:${stack.ports.editor}`;
    const manifest = JSON.parse((await get(`${editor}/mf-manifest.json`)).body.toString()) as {
      shared: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const chunksOf = (name: string) => manifest.shared.find((shared) => shared.name === name)?.assets.js.sync ?? [];
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

test.describe('icons', () => {
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
    // The web manifest is linked by the shell once the screen is live (startup.test.ts).
    assert.doesNotMatch(html, /rel="manifest"/);
    const manifest = await get(`${shell}/manifest.webmanifest`);
    assert.match(String(manifest.headers['content-type']), /^application\/manifest\+json/);
    const icons = (JSON.parse(manifest.body.toString()) as { icons: { src: string; type: string }[] }).icons;
    assert.ok(icons.length > 0 && icons.every((icon) => icon.type === 'image/png'));
    for (const icon of icons) {
      const answer = await get(new URL(icon.src, `${shell}/manifest.webmanifest`).href);
      assert.equal(answer.status, 200, icon.src);
      assert.equal(answer.headers['content-type'], icon.type, icon.src);
    }
  });
});

test.describe('odd requests (issue 20 #7)', () => {
  test('`GET //` and other targets a URL parser refuses are answered, and every app keeps serving', async () => {
    for (const origin of [shell, content]) {
      for (const target of ['//', '//evil.example/x', '///p/x', '/%', '/p/%E0%A4%A', '*', 'http://x/y'])
        assert.match(await rawGet(origin, target), /^HTTP\/1\.1 [2-5]\d\d /, `${origin} ${target}`);
      assert.equal((await get(`${origin}/`)).status, 200, `${origin} still serves`);
    }
  });
});

test.describe('security policy of the pages (issue 20 #11)', () => {
  test('every page says no other site may frame it, and lets only its own inline scripts run', async () => {
    for (const route of ['/', '/home', '/account', '/design', '/no-such-page']) {
      const page = await get(`${shell}${route}`);
      const policy = String(page.headers['content-security-policy'] ?? '');
      assert.match(policy, /frame-ancestors 'none'/, route);
      assert.match(policy, /object-src 'none'/, route);
      assert.equal(page.headers['x-frame-options'], 'DENY', route);
      assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/, `${route}: no inline script runs unless named`);
      for (const [, script] of page.body.toString().matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        const hash = crypto.createHash('sha256').update(script!, 'utf8').digest('base64');
        assert.ok(policy.includes(`'sha256-${hash}'`), `${route}: its inline script is allowed by its hash`);
      }
      // The remotes and the Supabase project (API, pictures, the sandbox's checkout.js) are named.
      for (const origin of [content, `http://localhost:${stack.ports.editor}`, stack.cloudUrl])
        assert.ok(policy.includes(origin), `${route}: ${origin}`);
    }
    const script = await get(`${shell}/${mainScript}`);
    assert.equal(script.headers['content-security-policy'], undefined, 'scripts and styles carry none');
  });
});
