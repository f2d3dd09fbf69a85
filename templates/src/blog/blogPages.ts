// A site's blog as static files: the index in pages of POSTS_PER_PAGE (newest first), a page per tag,
// each post's own page (share card, reading time, cover, sanitised body) and the Atom feed. Written
// as markup by hand, every value escaped: no script, the same with JavaScript off, CSS inline. The
// body is sanitised again here against the post allow-list with the DOM-free sanitiser (a server has
// no DOM), so a page never carries HTML a browser sent. Paths are relative to the site's folder
// (`blog/index.html` is served at /p/<slug>/blog/); links are absolute paths on the site.
import { richTextToPlainText, sanitizePostHtml } from '@folioforge/shared';
import { domFreeSanitizer } from '@folioforge/shared/dom-free-sanitizer';
import { POSTS_PER_PAGE, relativeHref, resolvePageLinks, tagSlug, type PageAddresses, type Post } from '../model';
import type { PageLook } from '../looks';
import { pageStyleCss } from '../pageStyle';
import { blogCss } from './blogTheme';

/** What a blog page shows of the site it belongs to. */
export interface BlogSite {
  templateId: string;
  /** The site's name: the header, the feed's title. */
  name: string;
  /** Who writes: the feed's author. */
  author: string;
  language: string;
  /** The site's home on the site, e.g. `/p/ada` (links are absolute paths from it). */
  homePath: string;
  /** The site's origin, e.g. `https://folioforge.example` (canonical addresses, the feed). */
  origin: string;
  /** The owner's look (Pro and Premium), its font faces served from the home page's files. */
  look?: PageLook;
  /** "Made with FolioForge", leading there, unless the owner's plan removes it. */
  badgeUrl?: string;
  /** The site's other pages, in navigation order, after Home (issue 49's pages), by folder from the site's root. */
  navigation?: readonly { label: string; path: string }[];
  /** Every page's id and address, for a post's links to them (`page:<id>`). */
  pages?: PageAddresses['pages'];
  /**
   * An export opened from file:// (the zip): links relative to each page's folder, naming
   * `index.html`; `origin` empty when the site has no address yet (no canonical URL then, and the
   * feed's links relative to feed.xml).
   */
  fileTree?: boolean;
  /** The feed's own id when the site has no address (an export of a site never published). */
  feedId?: string;
  /** The folder of the page being drawn, from the site's root (set by each view). */
  from?: string;
}

/** One file of the blog, at its path in the site's folder. */
export interface BlogFile {
  path: string;
  body: string;
  contentType: string;
}

/** A post's picture as its page shows it (the publisher knows where the copies are). */
export interface PostCover {
  src: string;
  srcset?: string;
  width?: number;
  height?: number;
}

/** What an index or tag page lists of a post. */
export type PostSummary = Pick<Post, 'slug' | 'title' | 'excerpt' | 'tags' | 'publishAt'>;

const HTML_TYPE = 'text/html; charset=utf-8';
export const FEED_TYPE = 'application/atom+xml; charset=utf-8';
/** Entries in the feed: the newest, with their full text. */
export const FEED_ENTRIES = 20;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// eslint-disable-next-line no-control-regex -- what XML 1.0 cannot hold
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escape = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

// ─── addresses ───────────────────────────────────────────────────────────────────────────────
export const blogPath = (page = 1) => (page <= 1 ? 'blog/' : `blog/page/${page}/`);
export const tagPath = (tag: string, page = 1) => `blog/tag/${tagSlug(tag)}/${page <= 1 ? '' : `page/${page}/`}`;
export const postPath = (slug: string) => `blog/${slug}/`;
export const FEED_PATH = 'feed.xml';
/** The bucket object of a folder address: `blog/` → `blog/index.html`. */
export const fileOf = (folder: string) => `${folder}index.html`;

/** A link to a folder (or a file, `file`) of the site, from the page being drawn. */
const href = (site: BlogSite, path: string, file = false) =>
  site.fileTree
    ? relativeHref(path, { from: site.from ?? '', indexFile: !file && (path === '' || path.endsWith('/')) })
    : `${site.homePath}/${path}`;
/** The address on the web (canonical, feed); in an export of a site with no address, the path from the site's root. */
const absolute = (site: BlogSite, path: string) => (site.origin ? `${site.origin}${site.homePath}/${path}` : path);
/** The site as drawn on the page at `path` (its links are relative to that folder in an export). */
const at = (site: BlogSite, path: string): BlogSite => ({ ...site, from: path });

/** How many index (or tag) pages `count` posts fill; an empty blog still has its first page. */
export const pageCount = (count: number) => Math.max(1, Math.ceil(count / POSTS_PER_PAGE));

// ─── words ───────────────────────────────────────────────────────────────────────────────────
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2 December 2026" (UTC): the same on every server, no Intl data needed. */
export function postDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * A post body's words. Its blocks become paragraphs first: a body may start with a heading, which
 * `richTextToPlainText` (a field's, whose HTML starts with <p>, <ul> or <ol>) would take for plain text.
 */
const postText = (html: string): string =>
  richTextToPlainText(html.replace(/<(h[2-4]|blockquote|pre)(\s[^>]*)?>/gi, '<p>').replace(/<\/(h[2-4]|blockquote|pre)>/gi, '</p>'));

/**
 * A post's sanitised body with its links to the site's pages (`page:<id>`) at `at(folder)` (the
 * folder relative to the site's root, '' for home); a link to a removed page keeps its text only.
 */
function withPageLinks(site: BlogSite, html: string, at: (folder: string) => string): string {
  return resolvePageLinks(html, { pages: site.pages }, { from: '', blog: true }).replace(
    // What resolvePageLinks wrote: every other link the sanitiser kept names its scheme.
    /\shref="(?![a-z][a-z0-9+.-]*:)([^"]*)"/gi,
    (_, folder: string) => ` href="${escape(at(folder === './' ? '' : folder))}"`,
  );
}

/** Minutes to read a text at 200 words a minute (scripts without spaces: 500 characters a minute), at least 1. */
export function readingMinutes(html: string): number {
  const text = postText(html);
  const words = text.split(/\s+/).filter(Boolean).length;
  const unspaced = (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu) ?? []).length;
  return Math.max(1, Math.round(words / 200 + unspaced / 500));
}

/** The post's line for search results and its share card: its excerpt, else its first words. */
export function postDescription(post: Pick<Post, 'excerpt' | 'body'>): string {
  if (post.excerpt) return post.excerpt;
  const text = postText(sanitizePostHtml(post.body, domFreeSanitizer)).replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

// ─── the page around every view ──────────────────────────────────────────────────────────────
interface Frame {
  title: string;
  description: string;
  /** The page's folder address in the site (its canonical URL). */
  path: string;
  /** Which navigation entry is this page ('blog' for every blog page). */
  main: string;
  head?: string[];
  noindex?: boolean;
}

function inFrame(site: BlogSite, frame: Frame, body: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escape(content)}">`;
  const filesBase = href(site, 'files/', true);
  const look = site.look ?? {};
  const css = pageStyleCss(look, { fontUrl: (face) => `${filesBase}${face.fileName}` }) + blogCss(site.templateId);
  const navigation = [
    { label: 'Home', href: href(site, '') },
    ...(site.navigation ?? []).map((entry) => ({ label: entry.label, href: href(site, entry.path) })),
    { label: 'Blog', href: href(site, blogPath()) },
  ];
  const blogHref = href(site, blogPath());
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(frame.title)}</title>`,
    meta('name', 'description', frame.description),
    site.origin ? `<link rel="canonical" href="${escape(absolute(site, frame.path))}">` : '',
    frame.noindex ? meta('name', 'robots', 'noindex') : '',
    `<link rel="alternate" type="application/atom+xml" title="${escape(site.name)}" href="${escape(href(site, FEED_PATH, true))}">`,
    `<link rel="icon" type="image/svg+xml" href="${escape(`${filesBase}favicon.svg`)}">`,
    `<link rel="apple-touch-icon" href="${escape(`${filesBase}apple-touch-icon.png`)}">`,
    ...(frame.head ?? []),
    `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
  ].filter(Boolean);
  const links = navigation
    .map((entry) => {
      const current = entry.href === blogHref ? frame.main === 'blog' : false;
      return `<li><a href="${escape(entry.href)}"${current ? ' aria-current="page"' : ''}>${escape(entry.label)}</a></li>`;
    })
    .join('');
  const badge = site.badgeUrl ? `<p><a href="${escape(site.badgeUrl)}">Made with FolioForge</a></p>` : '';
  return (
    `<!doctype html><html lang="${escape(site.language)}"><head>${head.join('')}</head><body>` +
    '<a class="blog-skip" href="#main">Skip to content</a>' +
    `<header class="blog-header"><a class="blog-site" href="${escape(href(site, ''))}">${escape(site.name)}</a>` +
    `<nav class="blog-nav" aria-label="Site"><ul>${links}</ul></nav></header>` +
    `<main id="main">${body}</main><footer class="blog-footer"><p><a href="${escape(href(site, FEED_PATH, true))}">Follow this blog (Atom feed)</a></p>${badge}</footer></body></html>`
  );
}

function tagList(site: BlogSite, tags: readonly string[]): string {
  if (!tags.length) return '';
  return `<ul class="blog-tags" aria-label="Tags">${tags.map((tag) => `<li><a href="${escape(href(site, tagPath(tag)))}">${escape(tag)}</a></li>`).join('')}</ul>`;
}

const time = (iso: string) => `<time datetime="${escape(iso)}">${escape(postDate(iso))}</time>`;

function listing(site: BlogSite, posts: readonly PostSummary[]): string {
  if (!posts.length) return '<p>No posts yet.</p>';
  const items = posts.map(
    (post) =>
      `<li><article><h2><a href="${escape(href(site, postPath(post.slug)))}">${escape(post.title)}</a></h2>` +
      `<p class="blog-meta">${time(post.publishAt!)}</p>${post.excerpt ? `<p>${escape(post.excerpt)}</p>` : ''}${tagList(site, post.tags)}</article></li>`,
  );
  return `<ul class="blog-list">${items.join('')}</ul>`;
}

function pager(site: BlogSite, at: (page: number) => string, current: number, pages: number): string {
  if (pages <= 1) return '';
  const newer = current > 1 ? `<a href="${escape(href(site, at(current - 1)))}" rel="prev">← Newer posts</a>` : '<span></span>';
  const older = current < pages ? `<a href="${escape(href(site, at(current + 1)))}" rel="next">Older posts →</a>` : '<span></span>';
  return `<nav class="blog-pager" aria-label="More posts">${newer}<span class="blog-meta">Page ${current} of ${pages}</span>${older}</nav>`;
}

// ─── the views ───────────────────────────────────────────────────────────────────────────────
/** Page `number` (from 1) of the index, of posts already live and newest first. */
export function blogIndexPage(siteOf: BlogSite, posts: readonly PostSummary[], number: number): BlogFile {
  const site = at(siteOf, blogPath(number));
  const pages = pageCount(posts.length);
  const shown = posts.slice((number - 1) * POSTS_PER_PAGE, number * POSTS_PER_PAGE);
  const title = number > 1 ? `Blog, page ${number} · ${site.name}` : `Blog · ${site.name}`;
  const body = `<h1>Blog</h1>${listing(site, shown)}${pager(site, blogPath, number, pages)}`;
  const path = blogPath(number);
  return {
    path: fileOf(path),
    contentType: HTML_TYPE,
    body: inFrame(site, { title, description: `Posts by ${site.author || site.name}.`, path, main: 'blog' }, body),
  };
}

/** Every page of the index. */
export const blogIndexPages = (site: BlogSite, posts: readonly PostSummary[]): BlogFile[] =>
  Array.from({ length: pageCount(posts.length) }, (_, index) => blogIndexPage(site, posts, index + 1));

/** The posts of a tag (by its address), as every page of that tag. */
export function tagPages(siteOf: BlogSite, posts: readonly PostSummary[], slugOfTag: string): BlogFile[] {
  const tagged = posts.filter((post) => post.tags.some((tag) => tagSlug(tag) === slugOfTag));
  if (!tagged.length) return [];
  const name = tagged[0]!.tags.find((tag) => tagSlug(tag) === slugOfTag)!;
  const pages = pageCount(tagged.length);
  return Array.from({ length: pages }, (_, index) => {
    const number = index + 1;
    const path = tagPath(name, number);
    const site = at(siteOf, path);
    const body =
      `<h1>Posts tagged “${escape(name)}”</h1>${listing(site, tagged.slice(index * POSTS_PER_PAGE, number * POSTS_PER_PAGE))}` +
      `${pager(site, (n) => tagPath(name, n), number, pages)}<p><a href="${escape(href(site, blogPath()))}">All posts</a></p>`;
    return {
      path: fileOf(path),
      contentType: HTML_TYPE,
      body: inFrame(
        site,
        { title: `${name} · ${site.name}`, description: `Posts tagged ${name} by ${site.author || site.name}.`, path, main: 'blog' },
        body,
      ),
    };
  });
}

/** The tags' addresses the posts use, each once. */
export const tagSlugsOf = (posts: readonly Pick<Post, 'tags'>[]): Set<string> => new Set(posts.flatMap((post) => post.tags.map(tagSlug)));

/** A post's own page: its cover, date, reading time, tags and body, with its share card (`imageUrl`). */
export function postPage(siteOf: BlogSite, post: Post, extras: { cover?: PostCover; imageUrl?: string } = {}): BlogFile {
  const path = postPath(post.slug);
  const site = at(siteOf, path);
  const description = postDescription(post);
  const bodyHtml = withPageLinks(site, sanitizePostHtml(post.body, domFreeSanitizer), (folder) => href(site, folder));
  const minutes = readingMinutes(bodyHtml);
  const meta = (key: string, content: string) => `<meta property="${key}" content="${escape(content)}">`;
  const named = (key: string, content: string) => `<meta name="${key}" content="${escape(content)}">`;
  const cover = extras.cover;
  const coverImg = cover
    ? `<img class="blog-cover" src="${escape(cover.src)}" alt=""${cover.srcset ? ` srcset="${escape(cover.srcset)}" sizes="(min-width: 44rem) 44rem, 100vw"` : ''}` +
      `${cover.width && cover.height ? ` width="${cover.width}" height="${cover.height}"` : ''} fetchpriority="high">`
    : '';
  const head = [
    meta('og:type', 'article'),
    meta('og:title', post.title),
    meta('og:description', description),
    site.origin ? meta('og:url', absolute(site, path)) : '',
    extras.imageUrl ? meta('og:image', extras.imageUrl) + meta('og:image:width', '1200') + meta('og:image:height', '630') : '',
    meta('article:published_time', post.publishAt ?? post.updatedAt),
    named('twitter:card', extras.imageUrl ? 'summary_large_image' : 'summary'),
    named('twitter:title', post.title),
    named('twitter:description', description),
    extras.imageUrl ? named('twitter:image', extras.imageUrl) : '',
    cover
      ? `<link rel="preload" as="image" href="${escape(cover.src)}"${cover.srcset ? ` imagesrcset="${escape(cover.srcset)}" imagesizes="(min-width: 44rem) 44rem, 100vw"` : ''} fetchpriority="high">`
      : '',
  ].filter(Boolean);
  const body =
    `<article><h1>${escape(post.title)}</h1>` +
    `<p class="blog-meta">${time(post.publishAt ?? post.updatedAt)} · ${minutes} min read</p>${tagList(site, post.tags)}` +
    `${coverImg}<div class="blog-body">${bodyHtml}</div></article>` +
    `<p><a href="${escape(href(site, blogPath()))}">← All posts</a></p>`;
  return {
    path: fileOf(path),
    contentType: HTML_TYPE,
    body: inFrame(site, { title: `${post.title} · ${site.name}`, description, path, main: 'blog', head }, body),
  };
}

/** The Atom 1.0 feed of the newest live posts (full text, as HTML), at /p/<slug>/feed.xml. */
export function atomFeed(site: BlogSite, posts: readonly Post[], now: Date): BlogFile {
  const entries = posts.slice(0, FEED_ENTRIES);
  const updatedOf = (post: Post) =>
    new Date(Math.max(Date.parse(post.updatedAt), Date.parse(post.publishAt ?? post.updatedAt))).toISOString();
  const updated = entries.length ? entries.map(updatedOf).sort().at(-1)! : now.toISOString();
  const author = `<author><name>${escape(site.author || site.name)}</name></author>`;
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escape(site.language)}">`,
    `<title>${escape(site.name)}</title>`,
    `<id>${escape(site.origin ? absolute(site, blogPath()) : (site.feedId ?? blogPath()))}</id>`,
    `<updated>${updated}</updated>`,
    author,
    `<link rel="self" type="application/atom+xml" href="${escape(absolute(site, FEED_PATH))}"/>`,
    `<link rel="alternate" type="text/html" href="${escape(absolute(site, blogPath()))}"/>`,
    '<generator>FolioForge</generator>',
    ...entries.map((post) =>
      [
        '<entry>',
        // A post's id stays when its address changes: readers never see it twice.
        `<id>urn:uuid:${escape(post.id)}</id>`,
        `<title>${escape(post.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escape(absolute(site, postPath(post.slug)))}"/>`,
        `<published>${new Date(post.publishAt ?? post.updatedAt).toISOString()}</published>`,
        `<updated>${updatedOf(post)}</updated>`,
        `<summary>${escape(postDescription(post))}</summary>`,
        `<content type="html">${escape(withPageLinks(site, sanitizePostHtml(post.body, domFreeSanitizer), (folder) => absolute(site, folder)))}</content>`,
        ...post.tags.map((tag) => `<category term="${escape(tag)}"/>`),
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
  return { path: FEED_PATH, contentType: FEED_TYPE, body: xml };
}
