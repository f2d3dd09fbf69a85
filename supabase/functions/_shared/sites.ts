// The public `sites` bucket the site serves from (tooling/publishedSites.mjs locally, the CDN in
// production), written by the functions alone (service role). What it holds:
//   <slug>/index.html                  a published site's home page (CSS inline, no script)
//   <slug>/<page>/index.html           each of its other pages (templates/src/model/site.ts)
//   <slug>/site                        its public pages and old addresses, as JSON (SiteIndex below)
//   <slug>/portfolio                   the id of the portfolio whose page this is
//   <slug>/files/<bucket>/<name>       the copies of its files (a picture and a resume may share a name)
//   _published/<portfolio id>          the slug a published portfolio's page is at now (removed first on unpublish)
//   _domains/<domain>                  the portfolio id a proven custom domain shows
// A custom domain is served by following them: the domain names a portfolio, the portfolio names its
// page only while it is published, and the page's folder must name that portfolio back. A domain
// never shows an address that changed hands, even if something was left behind.
import type { SupabaseClient } from '@supabase/supabase-js';

export const SITES_BUCKET = 'sites';

/**
 * The private bucket of pages behind a password (issue 49): the same <slug>/index.html and
 * <slug>/files/… as `sites`, plus <slug>/access (the password's generation, which the site's cookies
 * name), read by the site's server alone with the service role (tooling/pageProtection.mjs).
 */
export const PROTECTED_SITES_BUCKET = 'protected-sites';
export const siteAccessPath = (slug: string) => `${slug}/access`;

/** The folders at the top of the bucket that are not pages (a slug never starts with `_`). */
export const DOMAIN_MAP_FOLDER = '_domains';
export const PAGE_POINTER_FOLDER = '_published';

/** Where the site looks up the portfolio of a request whose Host is `domain`. */
export const domainMapPath = (domain: string) => `${DOMAIN_MAP_FOLDER}/${domain}`;
/** Where the site looks up the address of a portfolio's page. */
export const pagePointerPath = (portfolioId: string) => `${PAGE_POINTER_FOLDER}/${portfolioId}`;
export const pageIndexPath = (slug: string) => `${slug}/index.html`;
/** A page of the site at `folder` ('' for home, 'projects/'). */
export const sitePageIndexPath = (slug: string, folder: string) => `${slug}/${folder}index.html`;
/** What the site's server reads of a published site: its public pages' addresses and its old ones. */
export const siteIndexPath = (slug: string) => `${slug}/site`;
export interface SiteIndex {
  /** The public pages' folders besides home, in navigation order: ['projects/', 'menu/']. */
  pages: string[];
  /**
   * The folders of pages behind the site's password (in the private bucket): a custom domain's
   * `/<page>` leads to `/<page>/`, which asks for the password. Absent in an index written before.
   */
  protectedPages?: string[];
  /** Old page addresses and the folder each leads to now: { "work": "projects/" }. */
  redirects: Record<string, string>;
}
/** Which portfolio the page at `slug` belongs to (the site checks it for a custom domain). */
export const pageOwnerPath = (slug: string) => `${slug}/portfolio`;
export const pageFilesFolder = (slug: string) => `${slug}/files`;
/** A published copy of a stored file, inside the page's folder: per bucket, so equal names never collide. */
export const pageFilePath = (slug: string, bucket: string, name: string) => `${pageFilesFolder(slug)}/${bucket}/${name}`;

/** How deep a site's folder goes: <slug>/blog/tag/<tag>/page/<n>/index.html (what removing a site walks). */
export const SITE_FOLDER_DEPTH = 6;

/** A page may change at any publish and is revalidated; its files are named per upload and never change. */
export const PAGE_CACHE_SECONDS = '60';
export const FILE_CACHE_SECONDS = '31536000';

/** Stores a small object of the bucket (a pointer, a map, a page); false when Storage refused. */
export async function putSiteObject(
  admin: SupabaseClient,
  path: string,
  body: Blob | string | Uint8Array,
  contentType = 'application/octet-stream',
  cacheControl = PAGE_CACHE_SECONDS,
  bucket = SITES_BUCKET,
): Promise<boolean> {
  const { error } = await admin.storage.from(bucket).upload(path, body, { upsert: true, contentType, cacheControl });
  return !error;
}

/** Points `domain` at the portfolio `portfolioId` (served only while that portfolio is published). */
export function mapDomainToPortfolio(admin: SupabaseClient, domain: string, portfolioId: string): Promise<boolean> {
  return putSiteObject(admin, domainMapPath(domain), portfolioId);
}

/**
 * The host name of `origin` when it may be a custom domain's: https on its default port, or the
 * scheme and port the site itself is served at (`siteUrl`), since the site server serves the
 * domains too: a developer's http://localhost:3000 serves them at http://<domain>:3000. In
 * production the site is https on 443, so only https://<domain> passes.
 */
export function customDomainOfOrigin(origin: string, siteUrl: string): string | undefined {
  let url: URL;
  let site: URL;
  try {
    url = new URL(origin);
    site = new URL(siteUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || !/^[a-z0-9.-]+$/.test(url.hostname)) return undefined;
  const https = url.protocol === 'https:' && url.port === '';
  const likeTheSite = url.protocol === site.protocol && url.port === site.port;
  return https || likeTheSite ? url.hostname : undefined;
}

/**
 * The address a page's own form is sent back to when `origin` is a proven custom domain of that
 * page (`https://<domain>/`, see customDomainOfOrigin); undefined for any other origin.
 */
export async function provenDomainOrigin(
  admin: SupabaseClient,
  portfolioId: string,
  origin: string,
  siteUrl: string,
): Promise<string | undefined> {
  const domain = customDomainOfOrigin(origin, siteUrl);
  if (!domain) return undefined;
  const { data, error } = await admin
    .from('custom_domains')
    .select('domain')
    .eq('portfolio_id', portfolioId)
    .eq('domain', domain)
    .not('verified_at', 'is', null)
    .limit(1);
  if (error) throw new Error(`custom domains could not be read: ${error.message}`);
  return (data ?? []).length === 1 ? `${origin}/` : undefined;
}
