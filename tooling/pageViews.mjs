// Counting views of published pages in the site's server, the way the page is served: no cookie, no
// script on the page, no IP address kept. Each GET of a page that a person's browser makes counts
// one view, with the host of the site that linked to it (the Referer, which browsers cut to the
// linking site's origin), through the database's count_page_view (supabase/migrations/…_page_views*.sql),
// which only this server may call, with its own credential (the service role key, never a browser's).
// The visitor is named by an HMAC of their address and the day, so one client's views of a page a day
// are capped there without the address being kept.
// Not counted: HEAD, prefetches and prerenders, requests that are not a document, declared robots
// and link previewers. The count is sent after the answer and never delays or fails it.
// Production counts the same way at its CDN (docs/DEPLOY.md).

import { createHmac } from 'node:crypto';

/** User agents that say they are robots, link previewers or monitors (not people). */
const ROBOTS =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|meta-externalagent|embedly|quora link preview|whatsapp|skypeuripreview|preview|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-|go-http-client|okhttp|java\//i;

/**
 * Whether this request is a visit worth counting: a browser (not a robot) opening the page itself.
 * @param {import('node:http').IncomingMessage} req
 */
export function isCountableVisit(req) {
  if (req.method !== 'GET') return false;
  const header = (/** @type {string} */ name) => String(req.headers[name] ?? '').toLowerCase();
  // Chromium's speculation rules send Sec-Purpose: prefetch (or prefetch;prerender); Firefox X-Moz.
  if (/prefetch|prerender/.test(header('sec-purpose')) || header('purpose') === 'prefetch' || header('x-moz') === 'prefetch') return false;
  const destination = header('sec-fetch-dest');
  if (destination && destination !== 'document') return false;
  // Every browser's user agent starts "Mozilla/5.0"; scripts (node, curl …) and most robots' do not.
  const agent = header('user-agent');
  return agent.startsWith('mozilla/') && !ROBOTS.test(agent);
}

/**
 * The linking site's host name, or null: none sent, not http(s), or the page's own host (a click
 * within the page or a reload).
 * @param {import('node:http').IncomingMessage} req
 * @param {string} ownHost the host the page was asked for
 */
export function referrerHost(req, ownHost) {
  const referer = req.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  let url;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  return host === '' || host === ownHost.toLowerCase() ? null : host;
}

/**
 * The visitor's key for count_page_view's cap: an HMAC of the connection's address and today (UTC),
 * which cannot be turned back into the address nor followed across days.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} secret
 * @param {Date} [now]
 */
export function clientKey(req, secret, now = new Date()) {
  const address = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  return createHmac('sha256', secret)
    .update(`${now.toISOString().slice(0, 10)}|${address}`)
    .digest('hex')
    .slice(0, 40);
}

/**
 * The counter the site's server calls for each page it answers, with the service role key.
 * @param {{ supabaseUrl: () => string, serviceRoleKey: () => string | undefined, fetch?: typeof fetch, log?: (message: string) => void }} options
 */
export function pageViewCounter({ supabaseUrl, serviceRoleKey, fetch: send = fetch, log = (message) => console.warn(message) }) {
  let lastComplaint = 0;
  /**
   * Counts the visit (when it is one) to the site at `slug`, its page `page` ('' for home, 'projects'),
   * answered on `ownHost`. Never throws; resolves when the database has answered, which the server
   * does not wait for.
   * @param {import('node:http').IncomingMessage} req
   * @param {string} slug
   * @param {string} ownHost
   * @param {string} [page]
   * @returns {Promise<boolean>} whether a view was counted
   */
  async function count(req, slug, ownHost, page = '') {
    if (!isCountableVisit(req)) return false;
    const key = serviceRoleKey();
    if (!key) return false;
    try {
      const answer = await send(`${supabaseUrl().replace(/\/+$/, '')}/rest/v1/rpc/count_page_view`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ page_slug: slug, client: clientKey(req, key), referrer_host: referrerHost(req, ownHost), page_path: page }),
        signal: AbortSignal.timeout(5000),
      });
      const counted = await answer.json().catch(() => null);
      if (!answer.ok) throw new Error(`count_page_view answered ${answer.status}`);
      return counted === true;
    } catch (error) {
      // One line a minute at most: a database that is down must not flood the server's log.
      if (Date.now() - lastComplaint > 60_000) {
        lastComplaint = Date.now();
        log(`page views: a view of ${slug} was not counted (${error instanceof Error ? error.message : String(error)})`);
      }
      return false;
    }
  }
  return { count };
}
