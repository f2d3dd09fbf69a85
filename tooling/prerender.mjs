// The public pages' HTML, rendered ahead at build time so their first paint needs no JavaScript.
// Each route marked `prerender` in shell/src/routeTable.mjs is opened in Chromium against the fresh
// builds; what the app drew becomes shell/dist/<route>/index.html (`/` is index.html), with the
// screen's styles inlined. The page shows that copy (inert once its script runs) until the live
// screen has loaded and takes its place (shell/src/startup/prerendered.tsx). Every other path gets app.html, the plain shell.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { APPS } from './ports.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { createRuntimeConfig } from './appConfig.mjs';
import { SCREEN_ROUTES } from '../shell/src/routeTable.mjs';
import { inlineSheetName } from '../shell/src/startup/inlineStyles.mjs';
import { closeServer, serveApp } from './serveApps.mjs';
import { repoRoot } from './repo.mjs';

const shellDist = path.join(repoRoot, 'shell/dist');
const STAMP = path.join(shellDist, '.prerender-stamp');
/** A 1×1 transparent GIF: an image of another origin keeps its box but is not fetched from the copy. */
const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export const PRERENDERED_ROUTES = SCREEN_ROUTES.filter((route) => route.prerender).map((route) => route.path);
/** Routes whose copy is what a first-time visitor sees (the editor's sample): see `pageFor`. */
const FIRST_VISIT_ROUTES = new Set(SCREEN_ROUTES.filter((route) => route.prerender === 'firstVisit').map((route) => route.path));

/** Where a route's page is written: `/` → index.html, `/home` → home/index.html. */
function prerenderedFile(route) {
  return path.join(shellDist, route === '/' ? 'index.html' : path.join(route, 'index.html'));
}

/** Writes a page with its Brotli and gzip copies, as the build does for every text asset. */
function writePage(file, html) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
}

/** What the pages were rendered from: every app's build (its stamp, or its manifest when built alone). */
function buildsFingerprint() {
  const hash = crypto.createHash('sha256');
  for (const app of APPS) {
    for (const name of ['.build-stamp', 'mf-manifest.json']) {
      const file = path.join(repoRoot, app.dir, 'dist', name);
      if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** The absolute URL a build was made for (PUBLIC_URL), or undefined for one served from where it is. */
function builtPublicPath(dist) {
  try {
    const publicPath = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'))?.metaData?.publicPath;
    return typeof publicPath === 'string' && /^https?:\/\//.test(publicPath) ? publicPath : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The plain shell page: app.html once a prerender has run (index.html then holds `/`), else index.html
 * as webpack wrote it, kept as app.html for every path that has no page of its own.
 */
function shellPage() {
  const index = fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  const appFile = path.join(shellDist, 'app.html');
  if (index.includes('id="prerendered"')) return fs.readFileSync(appFile, 'utf8');
  writePage(appFile, index);
  return index;
}

/** @typedef {{ href?: string, css: string }} InlineSheet A stylesheet the copy carries inline, and where it came from. */

/** Inline, named as the app's loaders look for it (shell/src/startup/inlineStyles.mjs). @param {InlineSheet} sheet */
function styleTag({ href, css }) {
  const name = href && inlineSheetName(href);
  const dataHref = name ? ` data-href="${name}"` : '';
  return `<style data-prerendered${dataHref}>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * The page for one route: the shell page with the drawn markup before an empty, hidden root, the
 * screen's title and its styles. With JavaScript off the copy is the page: its links work. With it
 * on, the inline script makes the copy inert until the live screen takes over (a click on a control
 * that has no code behind it yet would be lost). The copy knows no session: for a visitor with a
 * stored one the script drops it before it paints, and the live page draws at once. A first-visit
 * copy (the editor's sample) is dropped too when the device keeps the editor's work (a draft), or the
 * address asks for something (`?portfolio=`, a template chosen on /templates, kept in history.state).
 * @param {string} template
 * @param {{ title: string, markup: string, sheets: InlineSheet[] }} drawn
 * @param {boolean} firstVisit
 */
function pageFor(template, { title, markup, sheets }, firstVisit) {
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const notForThisVisit = firstVisit
    ? "location.search || history.state?.usr != null || Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key) || key.startsWith('folioforge.editor.'))"
    : 'Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key))';
  const body = [
    `<div id="prerendered">${markup}</div>`,
    '<div id="root" hidden></div>',
    '<script>',
    "const copy = document.getElementById('prerendered');",
    'copy.inert = true;',
    'try {',
    `  if (${notForThisVisit}) {`,
    '    copy.remove();',
    "    document.getElementById('root').hidden = false;",
    '  }',
    '} catch {}',
    '</script>',
  ].join('\n');
  const withRoot = template.replace('<div id="root"></div>', () => body);
  if (withRoot === template) throw new Error('shell index.html has no <div id="root"></div> to prerender into');
  return withRoot
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${sheets.map(styleTag).join('')}</head>`);
}

/** Opens the route in the page and returns what it drew, its title and the styles it loaded. */
async function draw(page, origin, route, shellStyles) {
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  // Drawn: the screen's heading is there and no region is still loading.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root && root.querySelector('main h1') && !root.querySelector('[data-remote-loading]') && document.readyState === 'complete';
  });
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(
    async ({ blank, shellStyles }) => {
      const root = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (document.getElementById('root')).cloneNode(true));
      // What depends on the visitor's session (the header's account area) is left for the live page.
      for (const area of root.querySelectorAll('[data-session-area]')) area.replaceChildren();
      // A form needs the live screen. In the copy its fields are read-only and its submit buttons
      // disabled: with JavaScript off nothing typed (a password) is sent as a query string, not even
      // by pressing Enter, and nothing typed while the live screen loads can be lost.
      for (const button of root.querySelectorAll('form button:not([type]), form button[type="submit"], form input[type="submit"]'))
        button.setAttribute('disabled', '');
      for (const field of root.querySelectorAll('form input, form textarea')) field.setAttribute('readonly', '');
      for (const select of root.querySelectorAll('form select')) select.setAttribute('disabled', '');
      // A remote's image served from its temporary local port (a build without PUBLIC_URL) has no
      // address that lasts: the copy keeps its box and lets the live screen load it. CDN ones stay.
      for (const image of /** @type {NodeListOf<HTMLImageElement>} */ (root.querySelectorAll('img'))) {
        const src = new URL(image.getAttribute('src') ?? '', location.href);
        if (src.protocol !== 'data:' && src.hostname === location.hostname && src.origin !== location.origin) {
          image.setAttribute('src', blank);
          image.removeAttribute('srcset');
        }
      }
      // The shell's own stylesheets stay linked from the page; the screen's come inline.
      const sheets = [];
      for (const link of /** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel="stylesheet"]'))) {
        if (shellStyles.includes(link.getAttribute('href') ?? '')) continue;
        sheets.push({ href: link.href, css: await (await fetch(link.href)).text() });
      }
      for (const style of document.querySelectorAll('style')) sheets.push({ css: style.textContent ?? '' });
      return { title: document.title, markup: root.innerHTML, sheets };
    },
    { blank: BLANK_IMAGE, shellStyles },
  );
}

/**
 * Renders every public page ahead, unless the builds are what they were last time.
 * @param {{ log?: (line: string) => void, force?: boolean }} [options]
 */
export async function prerenderPages({ log = console.log, force = false } = {}) {
  const fingerprint = buildsFingerprint();
  const current = fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === fingerprint;
  if (current && !force && PRERENDERED_ROUTES.every((route) => fs.existsSync(prerenderedFile(route)))) return;
  const template = shellPage();
  if (!fs.existsSync(CHROMIUM_PATH)) {
    log(`Public pages not rendered ahead: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium). They render in the browser.`);
    for (const route of PRERENDERED_ROUTES)
      if (route !== '/') fs.rmSync(path.dirname(prerenderedFile(route)), { recursive: true, force: true });
    writePage(path.join(shellDist, 'index.html'), template);
    return;
  }

  // The plain shell answers every path while the pages are drawn.
  for (const route of PRERENDERED_ROUTES)
    if (route !== '/') fs.rmSync(path.dirname(prerenderedFile(route)), { recursive: true, force: true });
  writePage(path.join(shellDist, 'index.html'), template);
  fs.rmSync(STAMP, { force: true });
  const shellStyles = [...template.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((tag) => /href="([^"]+)"/.exec(tag[0])?.[1] ?? '');
  log(`Rendering ${PRERENDERED_ROUTES.join(', ')} ahead …`);
  const started = Date.now();
  // Every build on a free port, as `npm start` serves them, with no page of the shell rendered yet.
  const servers = [];
  /** @type {Record<string, number>} */
  const ports = {};
  /** @type {{ value: object }} */
  const appConfig = { value: {} };
  try {
    for (const app of APPS) {
      const server = await serveApp({
        dir: path.join(repoRoot, app.dir, 'dist'),
        port: 0,
        appConfig: app.key === 'shell' ? () => appConfig.value : undefined,
      });
      servers.push(server);
      ports[app.key] = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    }
    appConfig.value = createRuntimeConfig({ host: '127.0.0.1', ports });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // A release built for its CDN (PUBLIC_URL) asks for its files there: answered from its dist/.
      for (const app of APPS) {
        const dist = path.join(repoRoot, app.dir, 'dist');
        const publicPath = builtPublicPath(dist);
        if (!publicPath) continue;
        await context.route(`${publicPath}**`, (route) => {
          const file = path.join(
            dist,
            decodeURIComponent(new URL(route.request().url()).pathname.slice(new URL(publicPath).pathname.length)),
          );
          if (!file.startsWith(dist + path.sep) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
          return route.fulfill({ path: file });
        });
      }
      const drawn = [];
      for (const route of PRERENDERED_ROUTES) {
        // Each in a page of its own, and its storage cleared: nothing one route keeps (the editor's
        // draft of its sample) is seen by the next.
        const page = await context.newPage();
        const result = await draw(page, `http://127.0.0.1:${ports.shell}`, route, shellStyles).catch((error) => {
          throw new Error(`${route} did not render: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        });
        await page.evaluate(() => localStorage.clear());
        await page.close();
        drawn.push([route, result]);
      }
      for (const [route, result] of drawn) {
        writePage(prerenderedFile(route), pageFor(template, result, FIRST_VISIT_ROUTES.has(route)));
      }
    } finally {
      await browser.close();
    }
  } catch (error) {
    // The app still works from the plain shell page: say why the pages are not ahead, and go on.
    log(`Public pages not rendered ahead: ${error instanceof Error ? error.message : error}`);
    return;
  } finally {
    for (const server of servers) await closeServer(server);
  }
  fs.writeFileSync(STAMP, fingerprint);
  log(`  rendered ${PRERENDERED_ROUTES.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
