// /p/<slug>/: published sites, as the site answers them (the home page, and each other page at
// /p/<slug>/<page>/; an old page address answers 301 to the page's new one), and custom domains: a
// request whose Host is a proven custom domain gets that domain's site at `/` (pages at `/<page>/`). The publish function stores each page as
// static files in Storage's public `sites` bucket (<slug>/index.html, <slug>/files/<bucket>/*, and the
// page's own files in <slug>/files/); this handler reads them from there, with no database query per visit, and answers as a page host should:
// HTML as HTML (Storage serves HTML as text/plain), a Content-Security-Policy that lets the page run
// nothing, compression, and a real 404 page. A custom domain is checked at each visit against what
// the function keeps beside the pages: _domains/<domain> names the portfolio the domain shows,
// _published/<portfolio id> the address of that portfolio's page, only while it is published, and
// <slug>/portfolio the portfolio a page belongs to. So a domain shows nothing once its portfolio is
// unpublished or deleted, and never another user's page published at a freed address. Production routes /p/* the same way through its CDN (docs/DEPLOY.md).
// A page behind a password is not in that bucket: the `protection` gate (./pageProtection.mjs) answers
// it from the private one, to a visitor who gave the password, and asks the others for it.
import zlib from 'node:zlib';
import { acceptedEncodings } from './serveApps.mjs';
import { PRIVATE_HEADERS, sendForm } from './pageProtection.mjs';
import { SCREEN_ROUTES } from '../shell/src/routeTable.mjs';
import {
  customDomainRobotsTxt,
  customDomainSitemapXml,
  siteIndexFileFor,
  siteRobotsTxt,
  sitemapXml,
} from '../supabase/functions/_shared/siteIndex.mjs';
import {
  ORDERS_MAX_BODY_BYTES,
  DOMAIN_ORDERS_PATH,
  SHOP_HOST_HEADER,
  isDomainOrdersPath,
} from '../supabase/functions/orders/domainPaths.mjs';

const SLUG = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,200}$/;

const FILE_TYPES = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * The cart script's name among a page's own files (tooling/cartScript.mjs names it by its hash): the
 * one file a page holds that is served as script. Any other name, a copy of an upload included, is
 * never script (`nosniff` with another type), whatever its extension.
 */
export const CART_FILE_NAME = /^cart\.[0-9a-f]{12}\.js$/;

/** The app's public pages (rendered ahead: tooling/prerender.mjs), listed in the site's /sitemap.xml. */
const PUBLIC_PATHS = SCREEN_ROUTES.filter((route) => route.prerender === true).map((route) => route.path);
/** The app's routes no search engine needs (the site's robots.txt keeps crawlers off them): the signed-in ones and the editor. */
const PRIVATE_PATHS = SCREEN_ROUTES.filter((route) => route.prerender !== true && !route.clientOnDemand).map((route) => route.path);
/** Where the publish function keeps the list of published pages (/p/sitemap.xml). */
const SITEMAP_OBJECT = '_site/sitemap.xml';

/**
 * A published page loads nothing from elsewhere but its pictures, and runs no script but the cart of
 * a page that sells (issue 48): a file of the page's own (`script-src 'self'`; the site serves
 * script only for such a file: cartFileName); its forms post to the project's functions at
 * `functionsOrigin`. `connect-src 'self'` lets tools that read /robots.txt from the page's own
 * context (Lighthouse's SEO audit) read it; the cart fetches nothing.
 * @param {string} [functionsOrigin]
 */
export function pageSecurityHeaders(functionsOrigin) {
  return {
    'Content-Security-Policy': `default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data: https:; font-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'${functionsOrigin ? ` ${functionsOrigin}` : ''}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Page not found · FolioForge</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1b1b1b;background:#f7f7f5}main{max-width:32rem;padding:24px;text-align:center}h1{font-size:1.75rem;margin:0 0 8px}a{color:#0b5d50}</style></head><body><main><h1>Page not found</h1><p>There is no published page at this address. It may have been taken down or moved.</p><p><a href="/home">Make your own portfolio with FolioForge</a></p></main></body></html>`;

/** The folders a page's copies live in: one per bucket they were copied from. */
const FILE_FOLDERS = new Set(['portfolio-images', 'resumes']);
const PORTFOLIO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A page's address part in a site (templates/src/model/site.ts): a-z, 0-9 and single dashes. */
const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The object a /p/ path names in the sites bucket, or undefined when it names none. A site's home
 * page is /p/<slug>/, its other pages /p/<slug>/<page>/ (`page` says which: '' for home); the
 * addresses without their last slash lead there (`redirect`), so a page's relative links resolve.
 */
export function siteObjectFor(pathname) {
  // /p/<slug>/ and /p/<slug>/<page>/, a copy of an upload at /p/<slug>/files/<bucket>/<name>, or a
  // file of the page's own (fonts, samples, icons, share card) at /p/<slug>/files/<name>.
  const blog = /^\/p\/([^/]+)\/(blog\/(?:[a-z0-9-]+\/){0,4}|feed\.xml)$/.exec(pathname);
  if (blog && SLUG.test(blog[1] ?? '')) {
    // The site's blog (issue 49): its index, pages, tags and posts, each a folder's index.html, and its feed.
    const [, blogSlug = '', rest = ''] = blog;
    return rest === 'feed.xml'
      ? {
          path: `${blogSlug}/feed.xml`,
          type: 'application/atom+xml; charset=utf-8',
          page: false,
          changes: true,
          slug: blogSlug,
          folder: '',
        }
      : { path: `${blogSlug}/${rest}index.html`, type: 'text/html; charset=utf-8', page: true, slug: blogSlug, folder: rest };
  }
  const pageMatch = /^\/p\/([^/]+)(?:\/([^/]+))?(\/?)$/.exec(pathname);
  if (pageMatch) {
    const [, slug = '', page = '', slash] = pageMatch;
    if (!SLUG.test(slug) || (page && (page === 'files' || !PAGE_SLUG.test(page)))) return undefined;
    const folder = page ? `${page}/` : '';
    if (!slash) return { redirect: `/p/${slug}/${folder}` };
    return { path: `${slug}/${folder}index.html`, type: 'text/html; charset=utf-8', page: true, slug, folder };
  }
  const match = /^\/p\/([^/]+)\/files\/(?:([^/]+)\/)?([^/]+)$/.exec(pathname);
  const [, slug = '', folder, file = ''] = match ?? [];
  if (!match || !SLUG.test(slug)) return undefined;
  if ((folder !== undefined && !FILE_FOLDERS.has(folder)) || !FILE_NAME.test(file)) return undefined;
  const extension = /\.[a-z0-9]+$/i.exec(file)?.[0]?.toLowerCase() ?? '';
  const path = folder === undefined ? `${slug}/files/${file}` : `${slug}/files/${folder}/${file}`;
  const script = folder === undefined && CART_FILE_NAME.test(file);
  return { path, type: script ? 'text/javascript; charset=utf-8' : (FILE_TYPES[extension] ?? 'application/octet-stream'), page: false };
}

/** Moved for good: the browser (and a search engine) goes to `location`. */
function sendRedirect(req, res, location) {
  res.writeHead(301, { ...pageSecurityHeaders(), Location: location, 'Cache-Control': 'public, max-age=300', 'Content-Length': '0' });
  res.end();
}

function sendNotFound(req, res) {
  const body = Buffer.from(NOT_FOUND_PAGE);
  res.writeHead(404, {
    ...pageSecurityHeaders(),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Host names a custom domain can have, as custom_domains_format in the database says: dotted labels
 * ending in letters. Anything else (localhost, a machine name, an IP address) is the site itself.
 */
const DOMAIN_NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The host name a request was sent to, lowercased, without its port. */
export function requestHost(req) {
  const host = String(req.headers.host ?? '').toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

/**
 * The handler for /p/* on the site's origin, and for every request to a custom domain.
 * @param {{ storageUrl: () => string, siteHosts?: string[], onPageView?: (req: import('node:http').IncomingMessage, slug: string, host: string, page: string) => unknown, protection?: ReturnType<typeof import('./pageProtection.mjs').pageProtection> }} options
 *   storageUrl: where Storage and the functions answer (local-cloud, or Supabase);
 *   siteHosts: the site's own domain names (e.g. folioforge.example), which are never custom domains;
 *   onPageView: told of every page answered (200 or 304), after the answer, with the site's slug and
 *   the page's ('' for home) (./pageViews.mjs counts it);
 *   protection: the gate of pages behind a password (without it, such a page is not found).
 */
export function publishedSiteHandler({ storageUrl, siteHosts = [], onPageView, protection }) {
  const ownHosts = new Set(siteHosts.map((host) => host.toLowerCase()));
  const isCustomDomain = (host) => host.length <= 253 && DOMAIN_NAME.test(host) && !ownHosts.has(host);
  const objectUrl = (path) => `${storageUrl().replace(/\/+$/, '')}/storage/v1/object/public/sites/${path}`;

  /** A small object of the bucket as text, or '' when there is none. */
  async function readSmall(path) {
    try {
      const answer = await fetch(objectUrl(path));
      return answer.ok ? (await answer.text()).trim() : '';
    } catch {
      return '';
    }
  }

  /** Whether the public bucket holds the page at `slug` (a page behind a password is not there). */
  async function publicPageExists(slug) {
    try {
      return (await fetch(objectUrl(`${slug}/index.html`), { method: 'HEAD' })).ok;
    } catch {
      return false;
    }
  }

  /**
   * The address of the page a proven custom domain shows now: its portfolio's, while published, and
   * only if the page there still names that portfolio (an address may have changed hands since).
   */
  async function slugForDomain(host) {
    const portfolioId = await readSmall(`_domains/${host}`);
    if (!PORTFOLIO_ID.test(portfolioId)) return undefined;
    const slug = await readSmall(`_published/${portfolioId}`);
    if (!SLUG.test(slug)) return undefined;
    return (await readSmall(`${slug}/portfolio`)) === portfolioId ? slug : undefined;
  }

  /** @type {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, pathname: string) => Promise<void>) & { owns(req: import('node:http').IncomingMessage, pathname: string): boolean }} */
  const handler = Object.assign(
    async (req, res, pathname) => {
      const host = requestHost(req);
      if (isCustomDomain(host)) {
        // A buyer on a custom domain stays on it (issue 48): the order form's POST, Razorpay's return
        // and the status page are the orders function's, passed through with the Host it came to.
        if (isDomainOrdersPath(pathname)) {
          await passToOrders(req, res, pathname);
          return;
        }
        const slug = await slugForDomain(host);
        const indexFile = siteIndexFileFor(pathname);
        if (slug && indexFile) {
          // A site behind its password (no public index.html) is in no sitemap.
          const listed = indexFile === 'sitemap' && (await publicPageExists(slug));
          const pages = listed ? (await readSiteIndex(slug)).pages : [];
          sendText(
            req,
            res,
            indexFile === 'robots' ? customDomainRobotsTxt(host) : listed ? customDomainSitemapXml(host, undefined, pages) : sitemapXml([]),
            indexFile,
          );
          return;
        }
        // On a custom domain the site is at `/` (its pages at `/<page>/`); its files keep their /p/<slug>/files/ paths.
        const page = /^\/([^/]+)(\/?)$/.exec(pathname);
        // `/<page>` leads to `/<page>/` only for a page of the site (or an old address of one): any other path is no page.
        if (slug && page && page[2] === '' && PAGE_SLUG.test(page[1] ?? '')) {
          const index = await readSiteIndex(slug);
          const folder = `${page[1]}/`;
          if (index.pages.includes(folder) || index.protectedPages.includes(folder) || Object.hasOwn(index.redirects, page[1] ?? ''))
            sendRedirect(req, res, `${pathname}/`);
          else sendNotFound(req, res);
          return;
        }
        if (!slug || !(pathname === '/' || page || pathname.startsWith(`/p/${slug}/files/`))) {
          sendNotFound(req, res);
          return;
        }
        // The whole domain is the site: a visitor let in is let in at every path of it.
        await serve(req, res, pathname.startsWith('/p/') ? pathname : `/p/${slug}${pathname}`, {
          action: pathname,
          cookiePath: '/',
          siteRoot: '/',
        });
        return;
      }
      if (pathname === '/robots.txt') {
        sendText(req, res, siteRobotsTxt(siteOrigin(req), PRIVATE_PATHS), 'robots');
        return;
      }
      if (pathname === '/sitemap.xml') {
        sendText(req, res, sitemapXml(PUBLIC_PATHS.map((path) => ({ loc: `${siteOrigin(req)}${path}` }))), 'sitemap');
        return;
      }
      if (pathname === '/p/sitemap.xml') {
        await serveSitemap(req, res);
        return;
      }
      await serve(req, res, pathname, { action: pathname, cookiePath: `/p/${/^\/p\/([^/]+)/.exec(pathname)?.[1] ?? ''}` });
    },
    {
      /** Whether this handler answers the request: every path of a custom domain, /p/* and /robots.txt on the site. */
      owns: (req, pathname) =>
        isCustomDomain(requestHost(req)) ||
        pathname === '/p' ||
        pathname.startsWith('/p/') ||
        pathname === '/robots.txt' ||
        pathname === '/sitemap.xml',
    },
  );
  return handler;

  /** /p/sitemap.xml: the list the publish function keeps; an empty one before the first publish. */
  async function serveSitemap(req, res) {
    let body = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n';
    try {
      const upstream = await fetch(objectUrl(SITEMAP_OBJECT));
      if (upstream.ok) body = await upstream.text();
    } catch {
      // Storage is not answering: the empty list, briefly cached.
    }
    sendText(req, res, body, 'sitemap');
  }

  /**
   * Passes a request for the orders function's paths on a custom domain (domainPaths.mjs) to the
   * function: its method, body and the headers the function reads, the Host it came to in
   * SHOP_HOST_HEADER (the function follows it only to a proven domain of the page), and the
   * visitor's network address as seen here (for the function's limits; never one the visitor sent).
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} pathname
   */
  async function passToOrders(req, res, pathname) {
    const query = new URL(req.url ?? '/', 'http://edge.invalid').search;
    /** @type {Record<string, string>} */
    const headers = { [SHOP_HOST_HEADER]: String(req.headers.host ?? ''), 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    for (const name of ['content-type', 'origin', 'accept', 'accept-language'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    let answer;
    try {
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      if (hasBody)
        for await (const chunk of req) {
          size += chunk.length;
          // Never held in memory past the function's own limit: answered here, as the function would.
          if (size > ORDERS_MAX_BODY_BYTES) {
            res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
            res.end('That order is too large to send.');
            req.resume(); // the rest is read and dropped, so the client hears the answer
            return;
          }
          chunks.push(chunk);
        }
      answer = await fetch(`${storageUrl().replace(/\/+$/, '')}${pathname}${query}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
    } catch {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The shop is not answering just now. Nothing was charged; try again.');
      return;
    }
    const body = Buffer.from(await answer.arrayBuffer());
    /** @type {Record<string, string>} */
    const passed = { 'Content-Length': String(body.length) };
    // The function's own page headers (its CSP among them); not the hop's transfer headers.
    for (const [name, value] of answer.headers)
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) passed[name] = value;
    res.writeHead(answer.status, passed);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** What the publish function keeps of a site's pages (supabase/functions/_shared/sites.ts SiteIndex). */
  async function readSiteIndex(slug) {
    try {
      const parsed = JSON.parse((await readSmall(`${slug}/site`)) || '{}');
      const pages = Array.isArray(parsed.pages) ? parsed.pages.filter((folder) => typeof folder === 'string') : [];
      // Pages behind the password (their files are in the private bucket): an index written before has none.
      const protectedPages = Array.isArray(parsed.protectedPages)
        ? parsed.protectedPages.filter((folder) => typeof folder === 'string')
        : [];
      const redirects = parsed.redirects && typeof parsed.redirects === 'object' ? parsed.redirects : {};
      return { pages, protectedPages, redirects };
    } catch {
      return { pages: [], protectedPages: [], redirects: {} };
    }
  }

  /**
   * Answers `pathname` (a /p/ path).
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} pathname
   * @param {{ action: string, cookiePath: string, siteRoot?: string }} scope where the password form posts, the path
   *   its cookie is for, and where the site's pages are addressed from the visitor's side (`/` on a custom domain; for redirects)
   */
  async function serve(req, res, pathname, scope) {
    const object = siteObjectFor(pathname);
    if (object?.redirect) {
      sendRedirect(req, res, object.redirect);
      return;
    }
    if (!object?.path) {
      sendNotFound(req, res);
      return;
    }
    const slug = object.path.slice(0, object.path.indexOf('/'));
    const security = pageSecurityHeaders(new URL(storageUrl()).origin);
    if (req.method === 'POST') {
      // Only a page's password form posts here.
      if (
        !object.page ||
        !protection ||
        !(await answered(res, () => protection.submit(req, res, { slug, ...scope, page: Boolean(object.folder), headers: security })))
      )
        if (!res.headersSent) sendNotFound(req, res);
      return;
    }
    let upstream;
    let gated = false;
    try {
      upstream = await fetch(objectUrl(object.path));
      // Storage answers a missing object with 400 or 404: a page behind a password, or none.
      if ((upstream.status === 400 || upstream.status === 404) && protection) {
        const gate = await protection.open(req, slug, object.path);
        if (gate.state === 'locked') {
          if (object.page) sendForm(res, 401, { action: scope.action, page: Boolean(object.folder) }, security);
          else sendLocked(req, res);
          return;
        }
        if (gate.state === 'open' && gate.upstream) {
          upstream = gate.upstream;
          gated = true;
        }
      }
    } catch {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Storage is not answering');
      return;
    }
    // Storage answers a missing object with 400 or 404: either way there is no such page, unless it
    // is an old address of one of the site's pages.
    if (upstream.status === 400 || upstream.status === 404) {
      const moved = object.page && object.folder ? (await readSiteIndex(object.slug)).redirects[object.folder.slice(0, -1)] : undefined;
      if (typeof moved === 'string' && /^([a-z0-9]+(-[a-z0-9]+)*\/)?$/.test(moved))
        sendRedirect(req, res, `${scope.siteRoot ?? `/p/${object.slug}/`}${moved}`);
      else sendNotFound(req, res);
      return;
    }
    if (!upstream.ok) {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Storage is not answering');
      return;
    }
    let body = Buffer.from(await upstream.arrayBuffer());
    // On a custom domain the page's order form posts to the domain itself (passToOrders), not to the
    // functions' host, so the buyer never leaves it; at /p/<slug> the page is served as published.
    if (object.page && scope.siteRoot === '/') {
      const published = `action="${new URL(storageUrl()).origin}${DOMAIN_ORDERS_PATH}"`;
      const html = body.toString('utf8');
      if (html.includes(published)) body = Buffer.from(html.split(published).join(`action="${DOMAIN_ORDERS_PATH}"`));
    }
    /** @type {Record<string, string>} */
    const headers = {
      ...security,
      'Content-Type': object.type,
      // A page is revalidated on every visit, so unpublishing takes it down at once; its files are
      // named per upload and never change. Behind a password, nothing is for a shared cache or an index.
      'Cache-Control': object.page || object.changes ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(gated ? PRIVATE_HEADERS : {}),
    };
    const storedEtag = upstream.headers.get('etag');
    // The domain's copy of a page differs from the stored one by its form's action: its own tag.
    const etag = storedEtag && object.page && scope.siteRoot === '/' ? storedEtag.replace(/"$/, '-d"') : storedEtag;
    if (etag) headers.ETag = etag;
    // Page views (issue 22): counted after the answer, never holding it up.
    const viewed = () => object.page && onPageView?.(req, object.slug ?? slug, requestHost(req), (object.folder ?? '').slice(0, -1));
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      viewed();
      return;
    }
    // Pages and the cart script are text: compressed as the visitor's browser accepts.
    if (object.page || object.type.startsWith('text/javascript')) {
      headers.Vary = gated ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
      const [encoding] = acceptedEncodings(req.headers['accept-encoding']);
      if (encoding === 'br') body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      else if (encoding === 'gzip') body = zlib.gzipSync(body);
      if (encoding) headers['Content-Encoding'] = encoding;
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    viewed();
  }
}

/** Runs the gate's answer; a failure of Storage or the database is a 502, not a crash. */
async function answered(res, answer) {
  try {
    return await answer();
  } catch {
    if (!res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('The password could not be checked. Try again.');
    }
    return true;
  }
}

/** A file of a site behind a password, asked for without it. */
function sendLocked(req, res) {
  const body = Buffer.from('This file belongs to a site that asks for a password.');
  res.writeHead(401, {
    ...PRIVATE_HEADERS,
    'WWW-Authenticate': 'FolioForge-Site-Password',
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The site's origin as the visitor asked for it (robots.txt names absolute sitemap addresses). */
function siteOrigin(req) {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  const scheme = forwarded === 'https' || req.socket?.encrypted ? 'https' : 'http';
  return `${scheme}://${String(req.headers.host ?? 'localhost')}`;
}

/** robots.txt or a sitemap, as text, cached for a few minutes. */
function sendText(req, res, text, kind) {
  const body = Buffer.from(text);
  res.writeHead(200, {
    'Content-Type': kind === 'robots' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
