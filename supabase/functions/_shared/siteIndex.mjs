// robots.txt and sitemap.xml for published pages, as the sitemaps protocol (sitemaps.org) and RFC
// 9309 (robots.txt) write them. Plain JavaScript so both sides can use one copy: the site's server
// (tooling/, Node) answers them per request, and the publish function (Deno) can store the list
// of published pages as a file. What is served where:
//   the site's own host   /robots.txt      every crawler welcome but on the app's private routes;
//                                          names /sitemap.xml (the app's public pages) and
//                                          /p/sitemap.xml (every published, indexable page)
//   a custom domain       /robots.txt      everything welcome; names that domain's /sitemap.xml
//                         /sitemap.xml     the site's public pages, `/` and `/<page>/`, with its last change
// Only pages meant for search engines are listed: an export or a page marked noindex never is.

/** The most URLs one sitemap may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50000;

const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (char) => XML_ESCAPES[/** @type {keyof typeof XML_ESCAPES} */ (char)]);

/**
 * An absolute http(s) URL as a sitemap or robots.txt may name it, or an error.
 * @param {string} value
 */
function absoluteUrl(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`not an absolute URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`not an http(s) URL: ${JSON.stringify(value)}`);
  if (url.username || url.password) throw new TypeError('a URL with credentials is never listed');
  return url.href;
}

/**
 * A W3C datetime for <lastmod>: the day, or the time in UTC to the second.
 * @param {Date | string | undefined} value
 */
function lastmod(value) {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * @typedef {{ loc: string, lastmod?: Date | string }} SitemapUrl
 */

/**
 * A sitemap (`<urlset>`) of the given URLs, each at most once, in the order given.
 * @param {readonly SitemapUrl[]} urls
 * @returns {string}
 */
export function sitemapXml(urls) {
  if (urls.length > SITEMAP_MAX_URLS) throw new RangeError(`a sitemap holds at most ${SITEMAP_MAX_URLS} URLs`);
  const seen = new Set();
  const entries = [];
  for (const url of urls) {
    const loc = absoluteUrl(url.loc);
    if (seen.has(loc)) continue;
    seen.add(loc);
    const modified = lastmod(url.lastmod);
    entries.push(`<url><loc>${escapeXml(loc)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`;
}

/**
 * robots.txt: every crawler welcome except on `disallow` paths, and where the sitemaps are.
 * @param {{ sitemaps: readonly string[], disallow?: readonly string[] }} options
 * @returns {string}
 */
export function robotsTxt({ sitemaps, disallow = [] }) {
  const rules = disallow.map((path) => {
    if (!/^\/[^\s#]*$/.test(path)) throw new TypeError(`not a path: ${JSON.stringify(path)}`);
    return `Disallow: ${path}`;
  });
  return ['User-agent: *', ...(rules.length ? rules : ['Allow: /']), '', ...sitemaps.map((url) => `Sitemap: ${absoluteUrl(url)}`), ''].join(
    '\n',
  );
}

/**
 * A host name as a URL's authority (lowercase; only the characters of a domain name).
 * @param {string} host
 */
function domainOrigin(host) {
  const name = host.toLowerCase();
  if (!/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(name) || name.length > 253)
    throw new TypeError(`not a domain name: ${JSON.stringify(host)}`);
  return `https://${name}`;
}

/**
 * robots.txt of a custom domain showing a published page.
 * @param {string} host
 */
export function customDomainRobotsTxt(host) {
  return robotsTxt({ sitemaps: [`${domainOrigin(host)}/sitemap.xml`] });
}

/** A page's folder in a site ('projects/'), as the publish function writes them: a-z, 0-9 and dashes. */
const PAGE_FOLDER = /^[a-z0-9]+(?:-[a-z0-9]+)*\/$/;

/**
 * sitemap.xml of a custom domain: its home page at `/` and its other public pages at `/<page>/`.
 * @param {string} host
 * @param {Date | string} [updatedAt] when the page was last published (the stored page's Last-Modified)
 * @param {readonly string[]} [pages] the site's other public pages' folders ('projects/')
 */
export function customDomainSitemapXml(host, updatedAt, pages = []) {
  const origin = domainOrigin(host);
  return sitemapXml(
    ['', ...pages.filter((folder) => PAGE_FOLDER.test(folder))].map((folder) => ({ loc: `${origin}/${folder}`, lastmod: updatedAt })),
  );
}

/**
 * robots.txt of the site's own host (the app and the pages under /p/).
 * @param {string} siteUrl e.g. `https://folioforge.example`
 * @param {readonly string[]} privatePaths the app's routes no search engine needs (account, editor, auth callbacks)
 */
export function siteRobotsTxt(siteUrl, privatePaths) {
  const origin = new URL(absoluteUrl(siteUrl)).origin;
  return robotsTxt({ sitemaps: [`${origin}/sitemap.xml`, `${origin}/p/sitemap.xml`], disallow: privatePaths });
}

/**
 * /p/sitemap.xml: every published page meant for search engines, at its address on the site: a
 * site's home page at /p/<slug>/, its other pages at /p/<slug>/<page>/.
 * @param {string} siteUrl
 * @param {readonly { slug: string, page?: string, updatedAt?: Date | string }[]} pages
 * @param {readonly { loc: string, lastmod?: Date | string }[]} [more] addresses inside the pages' sites (blog posts)
 */
export function publishedPagesSitemapXml(siteUrl, pages, more = []) {
  const origin = new URL(absoluteUrl(siteUrl)).origin;
  return sitemapXml([
    ...pages
      .filter(
        (page) => /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/.test(page.slug) && (page.page === undefined || PAGE_FOLDER.test(`${page.page}/`)),
      )
      .map((page) => ({ loc: `${origin}/p/${page.slug}/${page.page ? `${page.page}/` : ''}`, lastmod: page.updatedAt })),
    ...more.filter((url) => url.loc.startsWith(`${origin}/p/`)),
  ]);
}

/**
 * Which of these files a request on a custom domain asks for, if any.
 * @param {string} pathname
 * @returns {'robots' | 'sitemap' | undefined}
 */
export function siteIndexFileFor(pathname) {
  if (pathname === '/robots.txt') return 'robots';
  if (pathname === '/sitemap.xml') return 'sitemap';
  return undefined;
}
