// Serves the production builds as a CDN would: one static server per app, the precompressed copies
// the build emits (Brotli, gzip) chosen by Accept-Encoding, hashed files cached for a year, and every
// file whose name stays the same between builds (HTML under any path, app-config.json, manifests,
// remoteEntry.js, icons) revalidated with an ETag.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { APPS } from './ports.mjs';
import { SCREEN_ROUTES } from '../shell/src/routeTable.mjs';
import { appSecurityPolicy, pageSourcesOfFile } from './appSecurityPolicy.mjs';
import { repoRoot } from './repo.mjs';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The copies the build writes beside a file, best first (tooling/createWebpackConfig.mjs). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Names with a content hash (`main.1a2b3c4d.js`, `chunks/12.1a2b3c4d.css`) never change content. */
export function isHashedName(pathname) {
  return /\.[0-9a-f]{8}\.[a-z0-9]+$/i.test(pathname);
}

/** Encodings the client accepts, by the rules of RFC 9110 (q=0 refuses; `*` stands for the rest). */
export function acceptedEncodings(header = '') {
  const weights = new Map();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  return ENCODINGS.map((encoding) => encoding.name).filter((name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0);
}

/** A strong validator for a file as sent: size, time and encoding, as nginx builds its ETags. */
function etagOf(stat, encoding) {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

function notModified(req, etag) {
  const header = req.headers['if-none-match'];
  return Boolean(header) && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A file inside `root` for a URL path, or undefined; `..` and encoded slashes never leave the root. */
function fileInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.join(root, path.normalize(decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat?.isFile()) return { file, stat };
  if (stat?.isDirectory()) {
    const index = path.join(file, 'index.html');
    const indexStat = fs.statSync(index, { throwIfNoEntry: false });
    if (indexStat?.isFile()) return { file: index, stat: indexStat };
  }
  return undefined;
}

/**
 * Sends one file (or its precompressed copy), with the cache rule its name calls for; an HTML page
 * with the app's Content-Security-Policy when the server has one (`securityPolicy`).
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {{ file: string, stat: fs.Stats }} found
 * @param {{ cacheControl?: string, status?: number, securityPolicy?: (sources: { scriptHashes: string[], origins: string[] }) => string }} [options]
 */
function sendFile(req, res, { file, stat }, { cacheControl, status = 200, securityPolicy } = {}) {
  const ext = path.extname(file).toLowerCase();
  const headers = {
    'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl ?? (isHashedName(file) ? IMMUTABLE : REVALIDATE),
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
  if (ext === '.html' && securityPolicy) {
    headers['Content-Security-Policy'] = securityPolicy(pageSourcesOfFile(file, stat));
    headers['X-Frame-Options'] = 'DENY';
  }
  let body = { file, stat };
  let encoding;
  const copies = ENCODINGS.filter((candidate) => fs.existsSync(file + candidate.suffix));
  if (copies.length) {
    // The answer depends on Accept-Encoding whenever a compressed copy exists, so caches must key on it.
    headers.Vary = 'Accept-Encoding';
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const chosen = copies.find((candidate) => accepted.includes(candidate.name));
    if (chosen) {
      encoding = chosen.name;
      body = { file: file + chosen.suffix, stat: fs.statSync(file + chosen.suffix) };
      headers['Content-Encoding'] = encoding;
    }
  }
  headers.ETag = etagOf(body.stat, encoding);
  headers['Last-Modified'] = stat.mtime.toUTCString();
  if (status === 200 && notModified(req, headers.ETag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = String(body.stat.size);
  res.writeHead(status, headers);
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(body.file).pipe(res);
}

/** app-config.json from memory: revalidated like any file whose name does not change. */
function sendJson(req, res, value) {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = {
    'Content-Type': CONTENT_TYPES['.json'],
    'Cache-Control': REVALIDATE,
    ETag: etag,
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
  if (notModified(req, etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The shell's routes (shell/src/routeTable.mjs): the paths the site answers 200 with a page. */
export const SHELL_ROUTE_PATHS = SCREEN_ROUTES.map((route) => route.path);

/** `/home` and `/home/` are one route; anything else is a path the app has no screen for. */
function isRoute(routes, pathname) {
  return routes.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** The path of a request target, or undefined when it is none (`//`, `http://x/y` and the like are paths too). */
function pathnameOf(target = '/') {
  if (!target.startsWith('/')) return undefined;
  try {
    return new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
}

/**
 * A request listener that answers whatever its handler throws (or rejects with) as a 500 instead of
 * taking the process down: one odd request must never stop the six apps.
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => unknown} handler
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => void}
 */
export function guardedListener(handler) {
  const failed = (res, error) => {
    console.error('[serve] a request failed:', error instanceof Error ? error.message : error);
    if (res.headersSent) res.destroy();
    else {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Internal error');
    }
  };
  return (req, res) => {
    try {
      const result = handler(req, res);
      if (result instanceof Promise) result.catch((error) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  };
}

/**
 * The request handler of one static origin.
 * @param {{ dir?: string, appConfig?: () => object, mounts?: Record<string, string>, routes?: readonly string[], sites?: ((req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => Promise<void>) & { owns(req: http.IncomingMessage, pathname: string): boolean }, securityConfig?: () => object }} options
 *   dir: served at the root, with index.html for any path that names no file (a single-page app);
 *   mounts: more folders under path prefixes (`{ '/templates/v2/': '…/dist' }`), as a CDN lays out versions;
 *   routes: the app's route table; any other path gets the page with status 404 (its error screen);
 *   sites: answers /p/* and custom domains (published pages, tooling/publishedSites.mjs);
 *   securityConfig: the runtime config the pages' Content-Security-Policy is built from (appSecurityPolicy.mjs).
 */
export function staticHandler({ dir, appConfig, mounts = {}, routes, sites, securityConfig }) {
  const securityPolicy = securityConfig ? (sources) => appSecurityPolicy(securityConfig(), sources) : undefined;
  const root = dir ? path.resolve(dir) : undefined;
  const knownRoutes = routes ? new Set(routes) : undefined;
  // Longest prefix first, so /content/v2/ wins over /content/.
  const prefixes = Object.entries(mounts)
    .map(([prefix, folder]) => ({ prefix: prefix.endsWith('/') ? prefix : `${prefix}/`, folder: path.resolve(folder) }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return guardedListener((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD',
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return;
    }
    // A published page's password form posts to the page (tooling/pageProtection.mjs); nothing else takes a POST.
    const postToSite = req.method === 'POST' && sites !== undefined && sites.owns(req, pathnameOf(req.url) ?? '');
    if (req.method !== 'GET' && req.method !== 'HEAD' && !postToSite) {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    const pathname = pathnameOf(req.url);
    if (pathname === undefined) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Bad request');
      return;
    }
    if (appConfig && pathname === '/app-config.json') {
      sendJson(req, res, appConfig());
      return;
    }
    if (sites?.owns(req, pathname)) return sites(req, res, pathname);
    for (const { prefix, folder } of prefixes) {
      if (!pathname.startsWith(prefix)) continue;
      const found = fileInside(folder, pathname.slice(prefix.length));
      if (found) sendFile(req, res, found, { securityPolicy });
      else notFound(res);
      return;
    }
    if (root) {
      const found = fileInside(root, pathname);
      if (found) {
        sendFile(req, res, found, { securityPolicy });
        return;
      }
      // A route of the app (/home, /auth/callback): its HTML, revalidated like every HTML answer.
      // A missing file with an extension is a real 404, not the page.
      // app.html is the plain shell once the public pages are rendered ahead (index.html is then `/`).
      const page = path.extname(pathname) ? undefined : (fileInside(root, '/app.html') ?? fileInside(root, '/index.html'));
      if (page) {
        const status = knownRoutes && !isRoute(knownRoutes, pathname) ? 404 : 200;
        sendFile(req, res, page, { cacheControl: REVALIDATE, status, securityPolicy });
        return;
      }
    }
    notFound(res);
  });
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE, 'Access-Control-Allow-Origin': '*' });
  res.end('Not found');
}

/**
 * @param {{ dir?: string, port: number, host?: string, appConfig?: () => object, mounts?: Record<string, string>, routes?: readonly string[], sites?: Parameters<typeof staticHandler>[0]['sites'], securityConfig?: () => object }} options
 * @returns {Promise<http.Server>}
 */
export function serveApp({ dir, port, host = '127.0.0.1', appConfig, mounts, routes, sites, securityConfig }) {
  const server = http.createServer(staticHandler({ dir, appConfig, mounts, routes, sites, securityConfig }));
  return new Promise((resolve, reject) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} is already in use (serving ${dir ? path.basename(path.dirname(dir)) : 'files'}). Stop what uses it and try again.`,
            )
          : error,
      );
    });
    server.listen(port, host, () => resolve(server));
  });
}

/** Stops a server now, open keep-alive connections included. */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve(undefined));
  });
}

/**
 * Serves every app's dist/ on its port (or the ports given).
 * @param {{ ports?: Record<string, number>, appConfig: () => object, only?: string[], distDirs?: Record<string,string>, sites?: Parameters<typeof staticHandler>[0]['sites'] }} options
 *   sites: the shell's origin is the site, so it also answers /p/<slug> (tooling/publishedSites.mjs).
 */
export async function serveAllApps({ ports = {}, appConfig, only, distDirs = {}, sites }) {
  const servers = [];
  for (const app of APPS) {
    if (only && !only.includes(app.key)) continue;
    const dir = distDirs[app.key] ?? path.join(repoRoot, app.dir, 'dist');
    const shell = app.key === 'shell';
    const server = await serveApp({
      dir,
      port: ports[app.key] ?? app.port,
      appConfig: shell ? appConfig : undefined,
      routes: shell ? SHELL_ROUTE_PATHS : undefined,
      sites: shell ? sites : undefined,
      // Every app's pages (the shell's, and each remote's own page when opened alone) under one policy.
      securityConfig: appConfig,
    });
    servers.push({ key: app.key, server });
  }
  return {
    servers,
    async close() {
      await Promise.all(servers.map(({ server }) => closeServer(server)));
    },
  };
}
