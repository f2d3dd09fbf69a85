// Pages behind a password (issue 49), as the site's server answers them (hooked into
// ./publishedSites.mjs). The publish function writes a protected site not to the public `sites`
// bucket but to the private `protected-sites` one, with <slug>/access naming the password's
// generation; this gate reads them with the service role key (never a browser's). A visitor without
// a valid cookie gets a password form (plain HTML, no script, status 401); the form posts the
// password here, which asks the database (site_password_salt, then check_site_password with the
// PBKDF2 hash of the try, _shared/sitePasswordHash.mjs): five wrong tries in a row per site and
// client, then each waits (429 with Retry-After). The right one sets a signed cookie scoped to the
// site's path (HttpOnly, SameSite=Lax, Secure over https) for SITE_ACCESS_HOURS; the signature
// names the slug, the expiry and the password's generation, so a changed password, another site's
// cookie or an edited expiry lets nobody in. Everything it serves is private to the visitor and noindex.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { clientKey } from './pageViews.mjs';
import { hashSitePassword } from '../supabase/functions/_shared/sitePasswordHash.mjs';
import { SITE_ACCESS_HOURS } from '../supabase/functions/_shared/sitePasswordRules.mjs';

export const PROTECTED_SITES_BUCKET = 'protected-sites';
const ACCESS_SECONDS = SITE_ACCESS_HOURS * 3600;
const MAX_FORM_BYTES = 4096;

/** The cookie that lets a visitor into the site at `slug`. */
export const accessCookieName = (/** @type {string} */ slug) => `ff_site_${slug}`;

/** The signature of a cookie for `slug` until `expiry` (seconds) under the password's `generation`. */
function signature(secret, slug, expiry, generation) {
  return createHmac('sha256', secret).update(`${slug}|${expiry}|${generation}`).digest('base64url');
}

/**
 * A cookie's value for `slug`, valid until `now` + the access time, under `generation`.
 * @param {string | Buffer} secret @param {string} slug @param {string} generation @param {number} now (ms)
 */
export function accessCookieValue(secret, slug, generation, now = Date.now()) {
  const expiry = Math.floor(now / 1000) + ACCESS_SECONDS;
  return `${expiry}.${signature(secret, slug, expiry, generation)}`;
}

/**
 * Whether `value` lets its holder into `slug` now: signed by this server for this slug and the
 * password's current generation, and not expired (nor dated further ahead than a cookie is given for).
 * @param {string | Buffer} secret @param {string} slug @param {string} generation @param {string | undefined} value @param {number} now (ms)
 */
export function accessCookieValid(secret, slug, generation, value, now = Date.now()) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return false;
  const expiry = Number(match[1]);
  const seconds = Math.floor(now / 1000);
  if (expiry <= seconds || expiry > seconds + ACCESS_SECONDS) return false;
  const expected = Buffer.from(signature(secret, slug, expiry, generation));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The value of cookie `name` in a request's Cookie header. */
function cookieOf(req, name) {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Whether the visitor came over https (directly, or through a proxy that says so). */
function overHttps(req) {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  return forwarded === 'https' || Boolean(req.socket?.encrypted);
}

const escapeHtml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The password form: a label, the error beside the field (and in the title, read first), no script.
 * `page`: one page of the site is behind the password (the rest is public), so the form says "page".
 * @param {{ action: string, problem?: string, page?: boolean }} options
 */
export function passwordFormHtml({ action, problem, page = false }) {
  const asks = page ? 'This page asks for a password' : 'This site asks for a password';
  const error = problem ? `<p id="password-error" class="error"><strong>Error:</strong> ${escapeHtml(problem)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${problem ? 'Error: ' : ''}${asks}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1b1b1b;background:#f7f7f5}main{width:min(26rem,100% - 32px);padding:24px;box-sizing:border-box;background:#fff;border:1px solid #d6d6d0;border-radius:12px}h1{font-size:1.5rem;margin:0 0 8px}label{display:block;font-weight:600;margin:16px 0 4px}input{box-sizing:border-box;width:100%;font:inherit;padding:10px 12px;border:1px solid #6b6b66;border-radius:8px}input[aria-invalid=true]{border-color:#b3261e;border-width:2px}.error{color:#b3261e;margin:6px 0 0}.hint{color:#4a4a45;font-size:.9375rem}button{margin-top:16px;font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:8px;background:#0b5d50;color:#fff;cursor:pointer}:focus-visible{outline:3px solid #0b5d50;outline-offset:2px}</style></head><body><main><h1>${asks}</h1><p class="hint">Its owner shares the password with the people it is for. Once it is right, this device stays let in for ${SITE_ACCESS_HOURS} hours.</p><form method="post" action="${escapeHtml(action)}"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128"${problem ? ' aria-invalid="true" aria-describedby="password-error" autofocus' : ''}>${error}<button type="submit">Open the ${page ? 'page' : 'site'}</button></form></main></body></html>`;
}

/** Reads a small urlencoded form body; undefined when it is too large or not a form. */
async function readForm(req) {
  if (!/^application\/x-www-form-urlencoded\b/i.test(String(req.headers['content-type'] ?? ''))) return undefined;
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The gate. `supabaseUrl` is where Storage and PostgREST answer; `serviceRoleKey` the site server's
 * own credential (.data/site-server-key.json locally, a secret in production). Without a key it
 * opens nothing: every protected page is then "not found".
 * @param {{ supabaseUrl: () => string, serviceRoleKey: () => string | undefined, fetch?: typeof fetch, now?: () => number }} options
 */
export function pageProtection({ supabaseUrl, serviceRoleKey, fetch: send = fetch, now = Date.now }) {
  const base = () => supabaseUrl().replace(/\/+$/, '');
  const headersFor = (key) => ({ apikey: key, authorization: `Bearer ${key}` });
  // Cookies are signed with a key of their own, derived from the server's credential.
  const secretOf = (key) => createHmac('sha256', key).update('folioforge site access cookies').digest();

  /** An object of the private bucket (the service role's read), or undefined when there is none. */
  async function readPrivate(key, path) {
    const answer = await send(`${base()}/storage/v1/object/authenticated/${PROTECTED_SITES_BUCKET}/${path}`, {
      headers: headersFor(key),
      signal: AbortSignal.timeout(10_000),
    });
    if (answer.status === 400 || answer.status === 404) return undefined;
    if (!answer.ok) throw new Error(`Storage answered ${answer.status}`);
    return answer;
  }

  async function rpc(key, name, args) {
    const answer = await send(`${base()}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { ...headersFor(key), 'content-type': 'application/json' },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`${name} answered ${answer.status}`);
    const rows = await answer.json();
    return Array.isArray(rows) ? rows[0] : rows;
  }

  /**
   * What the gate says of an object of the site at `slug` that the public bucket does not hold:
   * `none` (no protected site there: not found), `locked` (no valid cookie), or `open` with the
   * private bucket's answer for it (which may be missing: not found).
   * @param {import('node:http').IncomingMessage} req @param {string} slug @param {string} path the object's path in the bucket
   * @returns {Promise<{ state: 'none' } | { state: 'locked' } | { state: 'open', upstream: Response | undefined }>}
   */
  async function open(req, slug, path) {
    const key = serviceRoleKey();
    if (!key) return { state: 'none' };
    const access = await readPrivate(key, `${slug}/access`);
    if (!access) return { state: 'none' };
    const generation = (await access.text()).trim();
    if (!accessCookieValid(secretOf(key), slug, generation, cookieOf(req, accessCookieName(slug)), now())) return { state: 'locked' };
    return { state: 'open', upstream: await readPrivate(key, path) };
  }

  /**
   * Answers a posted password for the site at `slug`: 303 back to the page with the cookie when
   * right; the form again with the error beside the field when wrong (401), or when it must wait
   * (429, Retry-After); false when there is no protected site there (the caller answers 404).
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {{ slug: string, action: string, cookiePath: string, headers: Record<string, string>, page?: boolean }} page
   *   action: the page's path (the form posts there and the visitor is sent back there);
   *   page: it is one page of the site (not its home page) that asks;
   *   headers: the security headers every page answer carries.
   */
  async function submit(req, res, { slug, action, cookiePath, headers, page = false }) {
    const key = serviceRoleKey();
    if (!key) return false;
    const form = await readForm(req);
    const client = clientKey(req, key);
    const salted = await rpc(key, 'site_password_salt', { page_slug: slug, client });
    if (!salted) return false;
    const answerForm = (status, problem, extra = {}) => sendForm(res, status, { action, problem, page }, { ...headers, ...extra });
    if (salted.retry_after > 0) {
      answerForm(429, `Too many wrong tries. Wait ${waitWords(salted.retry_after)} before you try again.`, {
        'Retry-After': String(salted.retry_after),
      });
      return true;
    }
    const password = form?.get('password') ?? '';
    if (!password || password.length > 128) {
      answerForm(401, 'Enter the site’s password.');
      return true;
    }
    const candidate = await hashSitePassword(password, salted.salt, salted.iterations);
    const checked = await rpc(key, 'check_site_password', { page_slug: slug, client, candidate });
    if (checked?.generation) {
      const cookie = [
        `${accessCookieName(slug)}=${accessCookieValue(secretOf(key), slug, checked.generation, now())}`,
        `Path=${cookiePath}`,
        `Max-Age=${ACCESS_SECONDS}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(overHttps(req) ? ['Secure'] : []),
      ].join('; ');
      res.writeHead(303, { Location: action, 'Set-Cookie': cookie, 'Cache-Control': 'no-store', 'Content-Length': '0' });
      res.end();
      return true;
    }
    const wait = Number(checked?.retry_after ?? 0);
    if (wait > 0)
      answerForm(429, `That password is not right. After several wrong tries, wait ${waitWords(wait)} before the next.`, {
        'Retry-After': String(wait),
      });
    else answerForm(401, 'That password is not right. Check it with the site’s owner and try again.');
    return true;
  }

  return { open, submit };
}

const waitWords = (seconds) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/**
 * The password form as an answer (401 unless said otherwise), private and noindex.
 * @param {import('node:http').ServerResponse} res @param {number} status
 * @param {{ action: string, problem?: string, page?: boolean }} form @param {Record<string, string>} headers
 */
export function sendForm(res, status, form, headers) {
  const body = Buffer.from(passwordFormHtml(form));
  res.writeHead(status, {
    ...headers,
    ...PRIVATE_HEADERS,
    'WWW-Authenticate': 'FolioForge-Site-Password',
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
  });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

/** What every answer of a protected site carries: for this visitor alone, never a shared cache, never a search index. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', Vary: 'Cookie' };
