// What every action of the publish function shares: its clients, the owner's row under the lease on
// its page (public.begin_page_change: one change of a page at a time), the row's stored files, the
// page as rendered from one row version with what the owner's plan adds, and the page's objects in
// the public `sites` bucket (_shared/sites.ts says what lives where).
import { requireEnv, type Env } from '../_shared/env.ts';
import { HttpError } from '../_shared/request.ts';
import {
  domainMapPath,
  FILE_CACHE_SECONDS,
  mapDomainToPortfolio,
  pageFilePath,
  pageFilesFolder,
  pageIndexPath,
  pagePointerPath,
  PROTECTED_SITES_BUCKET,
  putSiteObject,
  SITE_FOLDER_DEPTH,
  siteIndexPath,
  sitePageIndexPath,
  SITES_BUCKET,
  type SiteIndex,
} from '../_shared/sites.ts';
import { publicPagePath } from '../_shared/slugs.ts';
import { listFiles, removeObjects, StorageTrouble } from '../_shared/storageTree.ts';
import { supabaseClientsFrom, type SupabaseClients } from '../_shared/supabaseClient.ts';
import {
  accentHex,
  checkedPortfolio,
  InvalidPortfolioError,
  pagePath,
  publicPages,
  redirectFolders,
  SITE_STYLES,
  storedFileRefs,
  toPageLook,
  type StaticPage,
} from './siteRenderer.generated.mjs';
import { renderWithFiles, writePageFiles, type PageFilesInput } from './pageFiles.ts';

export interface Deps extends SupabaseClients {
  env: Env;
  /** Where /p/<slug> is served: canonical URLs, share cards, the badge's link. */
  siteUrl: string;
  /** Where a page's sign-up form posts: this project's subscribe function. */
  subscribeUrl: string;
  /** Where a page's message forms post: this project's page-message function. */
  pageMessageUrl: string;
  /** Where a page's order form posts: this project's orders function. */
  ordersUrl: string;
}

export function depsFrom(env: Env): Deps {
  const functionsUrl = `${requireEnv(env, 'SUPABASE_URL').replace(/\/+$/, '')}/functions/v1`;
  return {
    ...supabaseClientsFrom(env),
    env,
    siteUrl: requireEnv(env, 'SITE_URL').replace(/\/+$/, ''),
    subscribeUrl: `${functionsUrl}/subscribe`,
    pageMessageUrl: `${functionsUrl}/page-message`,
    ordersUrl: `${functionsUrl}/orders`,
  };
}

/** A portfolio row as the function reads it (the service role's view, the owner checked). */
export interface PortfolioRow {
  id: string;
  owner_id: string;
  template_id: string;
  title: string | null;
  data: unknown;
  slug: string | null;
  published: boolean;
  look: unknown;
  version: number;
}

/** The row under a lease on its page: the token names this call's change in every later step. */
export interface HeldRow {
  row: PortfolioRow;
  token: string;
}

/** The database's refusals, in words for the owner. */
export function databaseRefusal(error: { code?: string; message: string }, fallback: string): HttpError {
  if (error.code === 'PT404') return new HttpError(404, 'Portfolio not found');
  if (error.code === 'PT409')
    return /changed while/.test(error.message)
      ? new HttpError(409, 'Your portfolio changed while it was being published. Publish again to publish the newest version.')
      : new HttpError(409, 'Another change to this page is under way. Wait a moment and try again.');
  if (error.code === '42501') return new HttpError(403, 'Publishing this template needs a purchase or a plan.');
  if (error.code === '23505') return new HttpError(409, 'That address is taken. Choose another.');
  // "The address … is held for its former owner until 31 December 2026": the date is the user's answer.
  if (error.code === '23514' && /held for its former owner/.test(error.message))
    return new HttpError(409, `${error.message}. Choose another.`);
  if (error.code === '23514')
    return new HttpError(
      400,
      /reserved/i.test(error.message) ? 'That address is reserved. Choose another.' : 'That address is not allowed.',
    );
  return new HttpError(503, fallback);
}

/** Takes the lease on the caller's own portfolio's page; another user's portfolio is "not found". */
export async function holdPage(deps: Deps, portfolioId: string, userId: string): Promise<HeldRow> {
  const { data, error } = await deps.admin.rpc('begin_page_change', { portfolio: portfolioId, for_user: userId });
  if (error) throw databaseRefusal(error, 'Your portfolio could not be read. Try again.');
  const row = (Array.isArray(data) ? data[0] : data) as (PortfolioRow & { page_change_token: string }) | undefined;
  if (!row) throw new HttpError(404, 'Portfolio not found');
  return { row, token: row.page_change_token };
}

/** Ends the lease (whatever happened; a lease left behind ends by itself within minutes). */
export async function releasePage(deps: Deps, held: HeldRow): Promise<void> {
  await deps.admin.rpc('end_page_change', { portfolio: held.row.id, token: held.token });
}

/** The caller's own portfolio, read with their token (row-level security decides), for what changes no page. */
export async function ownPortfolio(deps: Deps, token: string, userId: string, id: string): Promise<PortfolioRow> {
  const { data, error } = await deps
    .userClient(token)
    .from('portfolios')
    .select('id, owner_id, template_id, title, data, slug, published, look, version')
    .eq('id', id)
    .maybeSingle<PortfolioRow>();
  if (error) throw new HttpError(503, 'Your portfolios could not be read. Try again.');
  if (!data || data.owner_id !== userId) throw new HttpError(404, 'Portfolio not found');
  return data;
}

// ─── the row's files ─────────────────────────────────────────────────────────────────────────
const PORTFOLIO_BUCKETS = ['portfolio-images', 'resumes'];

export interface StoredFile {
  /** The value in the row: `storage:<bucket>/<owner>/<portfolio>/<name>`. */
  ref: string;
  bucket: string;
  path: string;
  name: string;
}

/**
 * The stored files a row names (the profile's photo and resume, items' pictures: the renderer knows
 * where the portfolio model keeps them), only from the owner's own folder for this portfolio: a row
 * naming anyone else's file (forged or copied) publishes nothing of it.
 */
export function storedFilesOf(owner: string, portfolioId: string, templateId: string, data: unknown): StoredFile[] {
  const files: StoredFile[] = [];
  for (const value of storedFileRefs(templateId, data)) {
    const rest = value.slice('storage:'.length);
    const bucket = PORTFOLIO_BUCKETS.find((candidate) => rest.startsWith(`${candidate}/`));
    if (!bucket) continue;
    const path = rest.slice(bucket.length + 1);
    const [folder, portfolio, name, ...more] = path.split('/');
    if (folder !== owner || portfolio !== portfolioId || !name || more.length || !/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.'))
      continue;
    files.push({ ref: value, bucket, path, name });
  }
  return files;
}

export async function download(deps: Deps, file: Pick<StoredFile, 'bucket' | 'path'>): Promise<Blob | undefined> {
  const { data, error } = await deps.admin.storage.from(file.bucket).download(file.path);
  if (error || !data) return undefined; // removed since it was saved: the page goes without it
  return data;
}

// ─── the page ────────────────────────────────────────────────────────────────────────────────
/** What the owner's plan adds to a page: decided by the database at each render. */
export interface PageFeatures {
  plan: string | null;
  badge: boolean;
  customizedLook: boolean;
  subscribeForm: boolean;
  /** Its products can be bought: a plan ("Sell on your page" comes with every one) and a connected Razorpay account. */
  sells: boolean;
}

export async function featuresFor(deps: Deps, userId: string): Promise<PageFeatures> {
  const { data: plan, error } = await deps.admin.rpc('active_plan', { for_user: userId });
  if (error) throw new HttpError(503, 'Your plan could not be read. Try again.');
  const { data: customizesLook } = await deps.admin.rpc('plan_customizes_look', { plan });
  const held = typeof plan === 'string' ? plan : null;
  // Customer accounts come with every plan: the page takes its visitors' emails.
  return {
    plan: held,
    badge: !held,
    customizedLook: customizesLook === true,
    subscribeForm: Boolean(held),
    // A page published with a bought template alone shows its products with "Ask about this".
    sells: held !== null && (await sellerConnected(deps, userId)),
  };
}

/** Whether the owner has connected a Razorpay account to be paid into (the sellers function keeps it). */
export async function sellerConnected(deps: Deps, userId: string): Promise<boolean> {
  const { data, error } = await deps.admin.from('seller_accounts').select('owner_id').eq('owner_id', userId).maybeSingle();
  if (error) throw new HttpError(503, 'Your Razorpay connection could not be read. Try again.');
  return data !== null;
}

/** The units pending and paid orders hold of the portfolio's products, by `<item>/<option>` (public.shop_stock). */
async function stockHeldOf(deps: Deps, portfolioId: string): Promise<Record<string, number>> {
  const { data, error } = await deps.admin.from('shop_stock').select('item_id, option_id, held').eq('portfolio_id', portfolioId);
  if (error) throw new HttpError(503, 'Your shop’s stock could not be read. Try again.');
  const held: Record<string, number> = {};
  for (const row of (data ?? []) as { item_id: string; option_id: string; held: number }[])
    held[`${row.item_id}/${row.option_id}`] = row.held;
  return held;
}

/**
 * What the site now shows sold out, from the stock it was rendered with (none when it does not sell),
 * so a change of stock that makes it wrong renders it again (actions/stockChanged.ts).
 */
async function recordStockShown(deps: Deps, source: PageSource, stockHeld: Record<string, number> | undefined): Promise<void> {
  const { error } = await deps.admin.rpc('record_stock_shown', { page: source.portfolioId, data: source.data, held: stockHeld ?? null });
  if (error) throw databaseRefusal(error, 'Your shop’s stock could not be recorded. Try again.');
}

/** What a page is rendered from: one version of a row's values, its template and look. */
export interface PageSource {
  portfolioId: string;
  templateId: string;
  data: unknown;
  look: unknown;
}

export function renderRefused(error: unknown): never {
  if (error instanceof InvalidPortfolioError)
    throw new HttpError(422, `This portfolio cannot be published as saved: ${error.issues.slice(0, 3).join('; ')}`);
  throw error;
}

/** Refuses (422) values the schema refuses, before anything changes: no page is half published. */
export function checkPublishable(source: PageSource): void {
  try {
    checkedPortfolio(source.templateId, source.data);
  } catch (error) {
    renderRefused(error);
  }
}

/** A page as rendered, with what it names besides the row's uploads (pageFiles.ts writes those). */
export interface RenderedPage {
  page: StaticPage;
  files: PageFilesInput;
  /** Its folder in the site: '' for home, 'projects/'. */
  folder: string;
}

/** Which page of the site to render, and the site's name its icons show (the home page's title). */
export interface SiteRenderOptions {
  indexable?: boolean;
  /** What orders hold of its stock, read once for the whole site (`<item>/<option>` → units). */
  stockHeld?: Record<string, number>;
  resumeUrl?: string;
  /** The site has live posts: every page's navigation ends with "Blog". */
  blog?: boolean;
}

export interface PageChoice {
  id: string;
  monogram?: string;
}

/**
 * A page of the site at /p/<slug>/ (home) or /p/<slug>/<page>/, its uploads' copies at `fileUrls`,
 * its own files (fonts, samples, photo copies, icons, share card) under `/p/<slug>/files/`; refused
 * (422) for values the schema refuses.
 */
export async function renderPage(
  deps: Deps,
  source: PageSource,
  slug: string,
  features: PageFeatures,
  fileUrls: Record<string, string>,
  choice: PageChoice = { id: 'home' },
  { indexable = true, resumeUrl, blog = false, stockHeld }: SiteRenderOptions = {},
): Promise<RenderedPage> {
  // The look is the plan's to grant at each render: without Pro or Premium, the template's own.
  const look = features.customizedLook ? toPageLook(source.look) : undefined;
  try {
    const { portfolio } = checkedPortfolio(source.templateId, source.data);
    const folder = pagePath(portfolio, choice.id) ?? '';
    const url = `${deps.siteUrl}${publicPagePath(slug)}/${folder}`;
    const { page, input } = await renderWithFiles(
      source.templateId,
      source.data,
      {
        url,
        // A page behind a password is noindex (the site's server says so in X-Robots-Tag too).
        indexable,
        badge: features.badge,
        siteUrl: `${deps.siteUrl}/home`,
        styles: SITE_STYLES,
        files: fileUrls,
        subscribe: features.subscribeForm ? { action: deps.subscribeUrl, portfolioId: source.portfolioId, slug } : undefined,
        look,
        feedUrl: `${publicPagePath(slug)}/feed.xml`,
        sitePage: { id: choice.id, blog },
        resumeUrl,
        stockHeld,
      },
      {
        filesBase: `${publicPagePath(slug)}/files/`,
        pageUrl: url,
        accentHex: look?.accent ? accentHex(look) : undefined,
        messages: { action: deps.pageMessageUrl, portfolioId: source.portfolioId, slug },
        orders: features.sells ? { action: deps.ordersUrl, portfolioId: source.portfolioId, slug } : 'ask',
        monogram: choice.monogram,
      },
    );
    return { page, files: input, folder };
  } catch (error) {
    renderRefused(error);
  }
}

/**
 * Every page of the site (home first) and its old addresses, stored under <slug>/ in `bucket` (a
 * site behind its password: the private one, noindex). A page behind the password goes to the
 * private bucket whatever `bucket` is, noindex (the publish step checked the plan and password).
 * Answers every path written, per bucket: `written` in `bucket`, `privateWritten` in the private one.
 */
export async function storeSite(
  deps: Deps,
  source: PageSource,
  slug: string,
  features: PageFeatures,
  fileUrls: Record<string, string>,
  { bucket = SITES_BUCKET, indexable = true, resumeUrl, blog }: SiteRenderOptions & { bucket?: string } = {},
): Promise<{ written: Set<string>; privateWritten: Set<string> }> {
  // What orders hold of its stock, read once so every page shows the same: a product taken to its
  // last one says "Sold out".
  const stockHeld = features.sells ? await stockHeldOf(deps, source.portfolioId) : undefined;
  const home = await renderPage(deps, source, slug, features, fileUrls, { id: 'home' }, { indexable, resumeUrl, blog, stockHeld });
  const written = await storePage(deps, slug, home, bucket);
  const privateWritten = new Set<string>();
  const { portfolio } = checkedPortfolio(source.templateId, source.data);
  for (const sitePage of portfolio.pages ?? []) {
    const rendered = await renderPage(
      deps,
      source,
      slug,
      features,
      fileUrls,
      { id: sitePage.id, monogram: home.page.title },
      { indexable: indexable && !sitePage.protected, resumeUrl, blog, stockHeld },
    );
    const into = sitePage.protected ? PROTECTED_SITES_BUCKET : bucket;
    for (const path of await storePage(deps, slug, rendered, into)) (into === bucket ? written : privateWritten).add(path);
  }
  const index: SiteIndex = {
    pages: publicPages(portfolio).map((sitePage) => `${sitePage.slug}/`),
    protectedPages: (portfolio.pages ?? []).filter((sitePage) => sitePage.protected).map((sitePage) => `${sitePage.slug}/`),
    redirects: redirectFolders(portfolio),
  };
  // Stored as bytes (the bucket takes no JSON type); the site's server parses it.
  await putSiteFile(deps, siteIndexPath(slug), JSON.stringify(index), 'application/octet-stream', undefined, bucket);
  written.add(siteIndexPath(slug));
  await recordStockShown(deps, source, stockHeld);
  return { written, privateWritten };
}

/** Stores a rendered page's own files, then its index.html, in `bucket`; answers every path written. */
export async function storePage(deps: Deps, slug: string, rendered: RenderedPage, bucket = SITES_BUCKET): Promise<Set<string>> {
  const written = new Set<string>();
  const put = async (name: string, body: Uint8Array | Blob, contentType: string) => {
    const path = `${pageFilesFolder(slug)}/${name}`;
    await putSiteFile(deps, path, body, contentType, FILE_CACHE_SECONDS, bucket);
    written.add(path);
  };
  await writePageFiles(rendered.page, rendered.files, put, (from, path) => download(deps, { bucket: from, path }));
  const index = rendered.folder ? sitePageIndexPath(slug, rendered.folder) : pageIndexPath(slug);
  await putSiteFile(deps, index, rendered.page.html, 'text/html; charset=utf-8', undefined, bucket);
  return written.add(index);
}

// ─── the page's objects in the sites bucket ──────────────────────────────────────────────────
export async function putSiteFile(
  deps: Deps,
  path: string,
  body: Blob | string | Uint8Array,
  contentType: string,
  cacheControl?: string,
  bucket = SITES_BUCKET,
) {
  if (!(await putSiteObject(deps.admin, path, body, contentType, cacheControl, bucket)))
    throw new HttpError(503, 'The page could not be stored. Try again.');
}

/** Copies the row's files into the page's folder in `bucket`; answers the paths the page links, by file reference. */
export async function copyFiles(
  deps: Deps,
  slug: string,
  files: StoredFile[],
  bucket = SITES_BUCKET,
): Promise<{ urls: Record<string, string>; kept: Set<string> }> {
  const urls: Record<string, string> = {};
  const kept = new Set<string>();
  for (const file of files) {
    const blob = await download(deps, file);
    if (!blob) continue;
    const path = pageFilePath(slug, file.bucket, file.name);
    await putSiteFile(deps, path, blob, blob.type || 'application/octet-stream', FILE_CACHE_SECONDS, bucket);
    kept.add(path);
    urls[file.ref] = `${publicPagePath(slug)}/files/${file.bucket}/${file.name}`;
  }
  return { urls, kept };
}

function storageFailed(error: unknown): never {
  if (error instanceof StorageTrouble) throw new HttpError(503, 'The page could not be taken down completely. Try again.');
  throw error;
}

/** Removes every object of the page at `slug` in `bucket` but those in `keep`. */
export async function removePageFiles(
  deps: Deps,
  slug: string,
  keep: ReadonlySet<string> = new Set(),
  bucket = SITES_BUCKET,
): Promise<void> {
  try {
    const paths = (await listFiles(deps.admin, bucket, slug, SITE_FOLDER_DEPTH)).map((file) => file.path).filter((path) => !keep.has(path));
    await removeObjects(deps.admin, bucket, paths);
  } catch (error) {
    storageFailed(error);
  }
}

/** The portfolio's proven custom domains. */
async function provenDomains(deps: Deps, portfolioId: string): Promise<string[]> {
  const { data, error } = await deps.admin
    .from('custom_domains')
    .select('domain')
    .eq('portfolio_id', portfolioId)
    .not('verified_at', 'is', null);
  if (error) throw new HttpError(503, 'Your domains could not be read. Try again.');
  return ((data ?? []) as { domain: string }[]).map((row) => row.domain);
}

/** Points the portfolio's proven domains at it, when its owner's plan includes custom domains (every plan does). */
export async function mapDomains(deps: Deps, portfolioId: string, features: PageFeatures): Promise<void> {
  if (!features.plan) return;
  for (const domain of await provenDomains(deps, portfolioId))
    if (!(await mapDomainToPortfolio(deps.admin, domain, portfolioId)))
      throw new HttpError(503, 'Your domains could not be updated. Try again.');
}

/** Makes `slug` the portfolio's page for the site and its domains (written last, once the page is there). */
export function pointToPage(deps: Deps, portfolioId: string, slug: string): Promise<void> {
  return putSiteFile(deps, pagePointerPath(portfolioId), slug, 'application/octet-stream');
}

/**
 * Takes a page off the site: first what leads to it (the portfolio's pointer and domain maps, so no
 * domain shows it a moment longer), then its folder.
 */
export async function takeDown(deps: Deps, portfolioId: string, slug: string | null): Promise<void> {
  const leads = [pagePointerPath(portfolioId), ...(await provenDomains(deps, portfolioId)).map(domainMapPath)];
  try {
    await removeObjects(deps.admin, SITES_BUCKET, leads);
  } catch (error) {
    storageFailed(error);
  }
  if (slug) {
    await removePageFiles(deps, slug);
    // A page behind a password keeps its files in the private bucket: they go with it.
    await removePageFiles(deps, slug, new Set(), PROTECTED_SITES_BUCKET);
  }
}
