// The files a published page (and its export) carries besides the row's uploads, in one place so the
// publish handler calls it once per page: what the renderer must know before it renders (where the
// page's files are served, the monogram icons, the share card's address, where its forms post) and,
// after, the files themselves — the look's font faces and the sample pictures (data: URLs in the
// renderer's bundle), the narrower copies of stored photos its `srcset` names, the share card
// (1200×630 PNG) and the monogram favicon. For the site it also keeps /p/sitemap.xml's list.
import type { SupabaseClient } from '@supabase/supabase-js';
import { monogramFaviconPng, monogramFaviconSvg, shareCardFileName, shareCardPng } from '../_shared/shareCard/shareCard.ts';
import { publishedPagesSitemapXml } from '../_shared/siteIndex.mjs';
import { blogSitemapUrls } from './blogSitemap.ts';
import { renderStaticPage, type StaticPage, type StaticPageOptions } from './siteRenderer.generated.mjs';

/** The monogram icons' names among the page's files. */
export const ICON_FILES = { svg: 'favicon.svg', png: 'apple-touch-icon.png' } as const;
/** Where the site finds the list of published pages it answers /p/sitemap.xml with. */
export const SITEMAP_OBJECT = '_site/sitemap.xml';

export interface PageFilesInput {
  /** `/p/<slug>/files/` on the site, `files/` in an export. */
  filesBase: string;
  /** The page's absolute address (published pages only): the share card's address and caption come from it. */
  pageUrl?: string;
  /** The page's name and line (the renderer's title and description), and its accent. */
  title: string;
  description: string;
  accentHex?: string;
  /** The name the monogram icons are drawn from, when not the page's title: the site's (its home page's). */
  monogram?: string;
  /** `<SUPABASE_URL>/functions/v1/page-message` and the page, for a published page's forms. */
  messages?: { action: string; portfolioId: string; slug: string };
  /** `<SUPABASE_URL>/functions/v1/orders` and the page when its owner sells, or 'ask' (a published page's products say "Ask about this"). */
  orders?: { action: string; portfolioId: string; slug: string } | 'ask';
}

/** The renderer's options for these files: files base, icons, share card (published pages), forms. */
export async function pageFileOptions(
  input: PageFilesInput,
): Promise<Pick<StaticPageOptions, 'filesBase' | 'icons' | 'imageUrl' | 'messages' | 'orders'>> {
  const icons = { svg: `${input.filesBase}${ICON_FILES.svg}`, png: `${input.filesBase}${ICON_FILES.png}` };
  // An export (no address of its own) is hosted elsewhere: neither form could be sent from it.
  if (!input.pageUrl) return { filesBase: input.filesBase, icons, messages: 'off', orders: 'off' };
  const cardName = await shareCardFileName(cardContent(input));
  return {
    filesBase: input.filesBase,
    icons,
    // Absolute, as Open Graph asks: the card is drawn for every page, whatever its pictures are.
    imageUrl: new URL(`${input.filesBase}${cardName}`, input.pageUrl).href,
    messages: input.messages ?? 'off',
    orders: input.orders ?? 'off',
  };
}

function cardContent(input: PageFilesInput) {
  const address = input.pageUrl ? input.pageUrl.replace(/^https?:\/\//, '') : undefined;
  return { name: input.title, headline: input.description, accentHex: input.accentHex, address };
}

/** Bytes and type of a data: URL (base64 or percent-encoded), as the renderer's bundle writes them. */
export function decodeDataUrl(url: string): { bytes: Uint8Array; type: string } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(url);
  if (!match) return undefined;
  const [, type = '', , base64, data = ''] = match;
  if (base64) return { bytes: Uint8Array.from(atob(data), (char) => char.charCodeAt(0)), type: type || 'application/octet-stream' };
  return { bytes: new TextEncoder().encode(decodeURIComponent(data)), type: type || 'text/plain' };
}

const TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  woff2: 'font/woff2',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};
const typeOf = (name: string) => TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** Stores one file of the page under its name (the caller knows the folder). */
export type PutPageFile = (name: string, body: Uint8Array | Blob, contentType: string) => Promise<void>;
/** Reads a stored upload (a photo's copy); undefined when it is gone. */
export type ReadStoredFile = (bucket: string, path: string) => Promise<Blob | undefined>;

/**
 * Writes every file the rendered page names besides the row's uploads; returns their names. The
 * share card is drawn only for a published page (it has an absolute address).
 */
export async function writePageFiles(page: StaticPage, input: PageFilesInput, put: PutPageFile, read: ReadStoredFile): Promise<string[]> {
  const written: string[] = [];
  const store = async (name: string, body: Uint8Array | Blob, type: string) => {
    await put(name, body, type);
    written.push(name);
  };
  for (const file of page.bundledFiles) {
    const decoded = decodeDataUrl(file.source);
    if (decoded) await store(file.name, decoded.bytes, typeOf(file.name));
  }
  for (const variant of page.storedVariants) {
    const blob = await read(variant.bucket, variant.path);
    if (blob) await store(variant.name, blob, typeOf(variant.name));
  }
  const monogramOf = input.monogram ?? input.title;
  await store(ICON_FILES.svg, new TextEncoder().encode(await monogramFaviconSvg(monogramOf, input.accentHex)), 'image/svg+xml');
  await store(ICON_FILES.png, await monogramFaviconPng(monogramOf, input.accentHex), 'image/png');
  if (input.pageUrl) {
    const content = cardContent(input);
    await store(await shareCardFileName(content), await shareCardPng(content), 'image/png');
  }
  return written;
}

/**
 * Rewrites /p/sitemap.xml's list from the database (every published page, with its last change):
 * after a publish or an unpublish. A failure leaves the old list: search engines can wait.
 */
export async function refreshSitemap(admin: SupabaseClient, siteUrl: string, bucket: string): Promise<void> {
  const { data, error } = await admin
    .from('portfolios')
    .select('slug, updated_at')
    .eq('published', true)
    .not('slug', 'is', null)
    .limit(50000);
  if (error) return;
  // A site behind its password is in no sitemap (public.protected_slugs), nor are its posts.
  const { data: hidden, error: hiddenError } = await admin.rpc('protected_slugs');
  if (hiddenError) return;
  const behindPassword = new Set((hidden ?? []) as string[]);
  // Each site's home page, then its other public pages (from the version that was published).
  const { data: sitePages, error: pagesError } = await admin.rpc('published_site_pages');
  if (pagesError) return;
  const homes = ((data ?? []) as { slug: string; updated_at?: string }[]).map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
  const others = ((sitePages ?? []) as { slug: string; page: string; updated_at?: string }[]).map((row) => ({
    slug: row.slug,
    page: row.page,
    updatedAt: row.updated_at,
  }));
  const pages = [...homes, ...others].filter((row) => !behindPassword.has(row.slug)).slice(0, 50000);
  const posts = await blogSitemapUrls(admin, siteUrl, behindPassword);
  await admin.storage.from(bucket).upload(SITEMAP_OBJECT, publishedPagesSitemapXml(siteUrl, pages, posts), {
    upsert: true,
    contentType: 'application/xml',
    cacheControl: '300',
  });
}

/**
 * The page rendered with its files: once for its title and description (the share card's words and
 * file name), then with every option of its files.
 */
export async function renderWithFiles(
  templateId: unknown,
  data: unknown,
  options: StaticPageOptions,
  files: Omit<PageFilesInput, 'title' | 'description'>,
): Promise<{ page: StaticPage; input: PageFilesInput }> {
  const { title, description } = renderStaticPage(templateId, data, { ...options, styles: [] });
  const input = { ...files, title, description };
  return { page: renderStaticPage(templateId, data, { ...options, ...(await pageFileOptions(input)) }), input };
}

/** An export's robots.txt: the copy is meant to be hosted and found. */
export const EXPORT_ROBOTS_TXT = 'User-agent: *\nAllow: /\n';
