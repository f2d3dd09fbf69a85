// Rich text sanitised without a DOM, for a server (the publish function, on Deno): parse5, the
// WHATWG HTML parser that jsdom is built on, turns the HTML into a tree the way a browser would, and
// the tree is written out again keeping only sanitizeRichText's allow-list. Nothing is copied through
// as markup: every tag and attribute in the answer is one this file wrote, and all text and attribute
// values are escaped, so however the input was crafted, the answer parses back to the same few
// elements. Not part of `@folioforge/shared`'s main entry: browsers use DOMPurify with their own DOM.
import { parseFragment, defaultTreeAdapter, html, type DefaultTreeAdapterTypes } from 'parse5';
import { isPageHref, isSafeHref } from './safeUrl';
import { RICH_TEXT_FORBID_CONTENTS, SAFE_LINK_ATTRIBUTES, type DomFreeSanitizer } from './sanitizeRichText';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

const DROPPED_WITH_CONTENTS: ReadonlySet<string> = new Set(RICH_TEXT_FORBID_CONTENTS);
const VOID_TAGS: ReadonlySet<string> = new Set(['br']);

// What a DOM's serialiser escapes (innerHTML), so the answers match DOMPurify's character for character.
const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00a0/g, '&nbsp;');

/**
 * A link keeps its href only when it is safe (DOMPurify trims it first, so this does too); a link to
 * a page of the site (`page:<id>`) stays in the same tab, for the renderer to give its address.
 */
function linkAttributes(link: Element): string {
  const href = link.attrs.find((attribute) => attribute.name === 'href' && !attribute.namespace)?.value.trim();
  if (isPageHref(href)) return ` href="${escapeAttribute(href)}"`;
  if (!isSafeHref(href)) return '';
  return ` href="${escapeAttribute(href)}" target="${SAFE_LINK_ATTRIBUTES.target}" rel="${SAFE_LINK_ATTRIBUTES.rel}"`;
}

function writeChildren(parent: ParentNode, allowed: ReadonlySet<string>, out: string[]): void {
  for (const node of parent.childNodes) {
    if (defaultTreeAdapter.isTextNode(node)) {
      out.push(escapeText(node.value));
      continue;
    }
    if (!defaultTreeAdapter.isElementNode(node)) continue; // comments and doctypes go
    // SVG and MathML are dropped whole (their children are parsed by other rules than HTML's).
    if (node.namespaceURI !== html.NS.HTML || DROPPED_WITH_CONTENTS.has(node.tagName)) continue;
    if (!allowed.has(node.tagName)) {
      writeChildren(node, allowed, out); // the element goes, its text stays
      continue;
    }
    out.push(`<${node.tagName}${node.tagName === 'a' ? linkAttributes(node) : ''}>`);
    if (VOID_TAGS.has(node.tagName)) continue;
    writeChildren(node, allowed, out);
    out.push(`</${node.tagName}>`);
  }
}

/**
 * Parsed as DOMPurify's DOMParser does: into a document's body, with scripting off (so the inside of
 * a <noscript> is markup, sanitised like the rest, not text).
 */
const BODY_CONTEXT = defaultTreeAdapter.createElement('body', html.NS.HTML, []);
const PARSER_OPTIONS = { scriptingEnabled: false };

export const domFreeSanitizer: DomFreeSanitizer = {
  sanitize(input: string, allowedTags: readonly string[]): string {
    const out: string[] = [];
    writeChildren(parseFragment(BODY_CONTEXT, input, PARSER_OPTIONS), new Set(allowedTags), out);
    return out.join('');
  },
};
