// Rich text (the long fields: About, descriptions, Experience …) is stored and shown as HTML. Every
// value is run through DOMPurify against a short allow-list on save and again wherever it is drawn,
// so a stored row written by anything (an old client, a forged request) can never run script:
// only paragraphs, line breaks, bold, italic, lists and http(s)/mailto/tel links survive. A server
// has no DOM for DOMPurify: it passes a DOM-free sanitiser with the same rules instead
// (`@folioforge/shared/dom-free-sanitizer`, kept out of this file so no browser bundle carries it).
import DOMPurify, { type Config, type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import { isPageHref, isSafeHref } from './safeUrl';
import { escapeHtml } from './escapeHtml';

/** What the editor's toolbar can make; everything else is dropped (its text kept where it is text). */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'] as const;

/** A blog post's body holds more than a field: headings, quotes and code besides (issue 49). */
export const POST_RICH_TEXT_TAGS = [...RICH_TEXT_TAGS, 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code'] as const;

/** Inside a heading or a line of text only the inline marks make sense. */
const INLINE_RICH_TEXT_TAGS = ['br', 'strong', 'b', 'em', 'i', 'a'] as const;

/** Elements dropped with everything inside them; the text of other dropped elements stays. */
export const RICH_TEXT_FORBID_CONTENTS = [
  'script',
  'style',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'noscript',
  'textarea',
  'title',
] as const;

/** What a kept link gets besides its href: it opens apart, and tells the target nothing. */
export const SAFE_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

const PURIFY_CONFIG: Config & { RETURN_TRUSTED_TYPE: false } = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Text of dropped elements stays (a <span> around a word), except where it is code or markup.
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...RICH_TEXT_FORBID_CONTENTS],
  RETURN_TRUSTED_TYPE: false,
  // DOMPurify's own scheme check would drop `page:` links before the hook below sees them; the hook
  // decides instead (its rule is stricter for every other scheme).
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|page:)/i,
};

/**
 * A sanitiser that needs no DOM (a server's): `html` with only `allowedTags` left, under the rules
 * above (href only, and only a safe one, on links; contents of RICH_TEXT_FORBID_CONTENTS dropped).
 */
export interface DomFreeSanitizer {
  sanitize(html: string, allowedTags: readonly string[]): string;
}

/** What rich text is sanitised with: a DOM (a browser's window, for DOMPurify) or a DOM-free sanitiser. */
export type SanitizingHost = Window | DomFreeSanitizer;

function purifierFor(window: Window): Purifier {
  // A purifier of its own: the hook below must not change DOMPurify for other code on the page.
  const purifier = DOMPurify(window as unknown as WindowLike);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    // A link to a page of the site stays in the same tab; the renderer gives it the page's address.
    if (isPageHref(href)) {
      node.setAttribute('href', href.trim());
      node.removeAttribute('target');
      node.removeAttribute('rel');
      return;
    }
    // DOMPurify's own URI check allows some schemes we do not (ftp:, relative paths): ours is stricter.
    if (!isSafeHref(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', SAFE_LINK_ATTRIBUTES.target);
    node.setAttribute('rel', SAFE_LINK_ATTRIBUTES.rel);
  });
  return purifier;
}

const purifiers = new WeakMap<object, Purifier>();

function purifier(window: Window | undefined): Purifier | undefined {
  if (!window?.document) return undefined;
  let found = purifiers.get(window);
  if (!found) {
    found = purifierFor(window);
    purifiers.set(window, found);
  }
  return found.isSupported ? found : undefined;
}

type AllowListSanitizer = (html: string, allowedTags: readonly string[]) => string;

/** The host's way to sanitise, or undefined where there is none (no DOM and no DOM-free sanitiser). */
function allowListSanitizer(host: SanitizingHost | undefined): AllowListSanitizer | undefined {
  if (!host) return undefined;
  if (!('document' in host)) return (html, allowedTags) => host.sanitize(html, allowedTags);
  const safe = purifier(host);
  return safe ? (html, allowedTags) => safe.sanitize(html, { ...PURIFY_CONFIG, ALLOWED_TAGS: [...allowedTags] }) : undefined;
}

/**
 * HTML the rich text editor made starts with one of its blocks. Anything else is plain text from
 * before rich text existed (old drafts, sample values) and is shown as text, never parsed as HTML.
 */
export function isRichTextHtml(value: string): boolean {
  return /^\s*<(p|ul|ol)[\s>]/i.test(value);
}

/** Plain text as paragraphs: blank lines split paragraphs, single line breaks stay line breaks. */
export function plainTextToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('');
}

/** Text of markup without a parser: script and style bodies go with their tags, other tags become spaces. */
function withoutMarkup(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `html` with only the allow-list left. Without a sanitiser (a worker, a server that passed none)
 * nothing is trusted: the markup is dropped and its text escaped.
 */
export function sanitizeRichText(html: string, host: SanitizingHost | undefined = globalThis.window): string {
  const sanitize = allowListSanitizer(host);
  if (!sanitize) return plainTextToHtml(withoutMarkup(html));
  // Sanitising is idempotent: what this sanitiser just answered needs no second pass (the preview
  // renders, on every key press, the value the editor has just sanitised).
  if (recentlySanitised.has(html)) return html;
  return remember(sanitize(html, RICH_TEXT_TAGS));
}

/** Recent answers of the block sanitiser, oldest first; only ever its own output goes in. */
const recentlySanitised = new Set<string>();
const RECENT_LIMIT = 64;

function remember(clean: string): string {
  recentlySanitised.delete(clean);
  recentlySanitised.add(clean);
  if (recentlySanitised.size > RECENT_LIMIT) recentlySanitised.delete(recentlySanitised.values().next().value as string);
  return clean;
}

const inertDocuments = new WeakMap<object, Document>();

/** A document with no browsing context: nodes built in it never load or run anything. */
export function inertDocumentOf(window: Window): Document {
  let found = inertDocuments.get(window);
  if (!found) {
    found = window.document.implementation.createHTMLDocument('');
    inertDocuments.set(window, found);
  }
  return found;
}

/** Which allow-list a rich text follows: a field's (RICH_TEXT_TAGS) or a post body's (POST_RICH_TEXT_TAGS). */
export type RichTextBlocks = 'field' | 'post';

const TAGS_OF_BLOCKS: Readonly<Record<RichTextBlocks, readonly string[]>> = { field: RICH_TEXT_TAGS, post: POST_RICH_TEXT_TAGS };

/**
 * The HTML of nodes built in `inertDocumentOf(window)` (the editor's serialised document), sanitised
 * where they are, without parsing a string into a new document first: the editor's path on every key.
 */
export function sanitizeRichTextNodes(
  nodes: DocumentFragment | Element,
  window: Window = globalThis.window,
  blocks: RichTextBlocks = 'field',
): string {
  const safe = purifier(window);
  const holder = inertDocumentOf(window).createElement('div');
  holder.appendChild(nodes);
  if (!safe) return plainTextToHtml(holder.textContent ?? '');
  // In place, the root must itself be allowed: a <p> holds the nodes while they are walked.
  const root = holder.ownerDocument.createElement('p');
  root.append(...Array.from(holder.childNodes));
  safe.sanitize(root, { ...PURIFY_CONFIG, ALLOWED_TAGS: [...TAGS_OF_BLOCKS[blocks]], IN_PLACE: true });
  // Only a field's HTML is remembered: sanitizeRichText would pass a post's headings on unchecked.
  return blocks === 'field' ? remember(root.innerHTML) : root.innerHTML;
}

/** A post's body as it may reach a page: the post allow-list; without a sanitiser, its text only. */
export function sanitizePostHtml(html: string, host: SanitizingHost | undefined = globalThis.window): string {
  const sanitize = allowListSanitizer(host);
  return sanitize ? sanitize(html, POST_RICH_TEXT_TAGS) : plainTextToHtml(withoutMarkup(html));
}

/** A post's body for a page: sanitised to the post allow-list; text that is not HTML as paragraphs. */
export function postBodyToSafeHtml(value: string, host?: SanitizingHost): string {
  return /^\s*</.test(value) ? sanitizePostHtml(value, host) : plainTextToHtml(value);
}

/** What to put in the page for a stored value: sanitised HTML, or old plain text as paragraphs. */
export function richTextToSafeHtml(value: string, host?: SanitizingHost): string {
  if (!isRichTextHtml(value)) return plainTextToHtml(value);
  return sanitizeRichText(value, host);
}

/** The same for a place that holds one line (a heading): paragraphs and list items become line breaks. */
export function richTextToSafeInlineHtml(value: string, host: SanitizingHost | undefined = globalThis.window): string {
  const blocks = richTextToSafeHtml(value, host).replace(/<\/(p|li)>\s*(?=<(p|li|ul|ol)[\s>])/gi, '$&<br>');
  const sanitize = allowListSanitizer(host);
  if (!sanitize) return blocks.replace(/<(?!br>)[^>]*>/g, '');
  return sanitize(blocks, INLINE_RICH_TEXT_TAGS);
}

/** The text a value reads as, for titles, summaries and the "is it empty" question. */
export function richTextToPlainText(value: string): string {
  if (!isRichTextHtml(value)) return value;
  return value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
