// Visitor-typed links are rendered only when they cannot run script: http(s), mailto and tel.
// Everything else (javascript:, data:, vbscript:, relative paths, garbage) is shown as text.

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// Browsers strip tabs/newlines inside URLs and ignore leading control characters and spaces, so
// "java\tscript:" is javascript:. Reject any control character instead of guessing what a browser does.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** True when `url` is an absolute http(s), mailto or tel URL and safe to put in an href. */
export function isSafeHref(url: string | null | undefined): url is string {
  if (typeof url !== 'string') return false;
  const trimmed = url.trim();
  if (trimmed === '' || CONTROL_CHARACTERS.test(trimmed)) return false;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return false;
  }
  if (!LINK_PROTOCOLS.has(parsed.protocol)) return false;
  // "https:evil" parses with an empty host; a web link must name a host.
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname === '') return false;
  return true;
}

/** Links between the pages of one site name a page's id: `page:<id>`, resolved by the renderer to its address. */
export const PAGE_HREF_PREFIX = 'page:';
const PAGE_HREF = /^page:[A-Za-z0-9_-]{1,40}$/;

/** True for a link to a page of the same site (`page:<id>`), which the renderer turns into the page's address. */
export function isPageHref(url: string | null | undefined): url is string {
  return typeof url === 'string' && PAGE_HREF.test(url.trim());
}

/** True for a link typed text may carry: a safe absolute one, or a link to a page of the site. */
export function isSafeOrPageHref(url: string | null | undefined): url is string {
  return isSafeHref(url) || isPageHref(url);
}

/**
 * True for a URL the previews may use as an <img src> or open as a file: what a visitor links
 * (http/https), an object URL of a chosen file (blob:), or a bundled asset (a same-origin path).
 */
export function isSafeAssetUrl(url: string | null | undefined): url is string {
  if (typeof url !== 'string') return false;
  const trimmed = url.trim();
  if (trimmed === '' || CONTROL_CHARACTERS.test(trimmed)) return false;
  if (/^(https?:|blob:)/i.test(trimmed)) return true;
  // Bundled assets from webpack are absolute (publicPath 'auto'); tests and some hosts give paths.
  return !/^[a-z][a-z0-9+.-]*:/i.test(trimmed);
}

/** tel: link for a typed phone number, keeping only what a dialler uses. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** mailto: link for a typed address; an address with spaces or a second @ is not linked. */
export function mailtoHref(email: string): string {
  const trimmed = email.trim();
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? `mailto:${trimmed}` : '';
}
