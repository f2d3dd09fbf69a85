// {action: 'sweep', graceSeconds?} → what it did (the service role's alone)
// Keeps the public `sites` bucket a projection of the published rows, whatever crashed or lapsed:
//   - removes every page folder, page pointer and domain map no published row owns, and maps the
//     domains that should be served (proven, page published, owner holding a plan) that are not;
//   - renders again, from the snapshot of the version that was published, every page whose owner no
//     longer holds what it shows (badge back, look off, no sign-up form), and its made résumé;
//   - removes from the private bucket every page no longer published behind its password;
//   - clears old rate-limit records, wrong password tries and sign-ups never confirmed;
//   - renders again every page that shows other products sold out than its stock now makes (an
//     unpaid order expired; a render the orders function asked for was skipped);
//   - closes the shops of owners whose plan lapsed (close_shop: pending orders cancelled, stock back);
//   - refunds again every late payment still owed back whose refund was not made (retryOwedRefunds:
//     each at most every 15 minutes, while its seller is connected);
//   - writes /p/sitemap.xml's list again from the published rows.
// Objects changed within `graceSeconds` (default 5 minutes) are left for the next sweep: the bucket
// is listed before the rows are read, and a page being published right now is never taken for a leftover.
// Run by local-cloud at start and on a timer, and by pg_cron on hosted Supabase (docs/DEPLOY.md).
import { timingSafeEqualText } from '../../_shared/hmac.ts';
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction, type SweepReport } from '../../_shared/contracts/publish.ts';
import { bearerToken, HttpError } from '../../_shared/request.ts';
import {
  DOMAIN_MAP_FOLDER,
  mapDomainToPortfolio,
  PAGE_POINTER_FOLDER,
  PROTECTED_SITES_BUCKET,
  SITE_FOLDER_DEPTH,
  SITES_BUCKET,
} from '../../_shared/sites.ts';
import { listFiles, listFolder, removeObjects, type FolderEntry } from '../../_shared/storageTree.ts';
import { requireEnv } from '../../_shared/env.ts';
import { closeShop } from '../../_shared/shopClosing.ts';
import { retryOwedRefunds, shopPaymentStoreFrom } from '../../_shared/shopOrderPayments.ts';
import { publishDueBlogs, siteShowsBlog } from '../blog.ts';
import { refreshSitemap } from '../pageFiles.ts';
import { databaseRefusal, holdPage, releasePage, type Deps } from '../pages.ts';
import { storeSiteAgain, type PageSnapshot } from '../pagesAgain.ts';
import { renderPagesShowingOldStock } from './stockChanged.ts';

const DEFAULT_GRACE_SECONDS = 300;
const ROWS_PER_PAGE = 1000;

/** A page rendered with what its owner no longer holds, with what they hold now (pages_past_their_plan). */
type PastPlan = PageSnapshot;

/** Every published row's id and address. */
async function publishedRows(deps: Deps): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (let from = 0; ; from += ROWS_PER_PAGE) {
    const { data, error } = await deps.admin
      .from('portfolios')
      .select('id, slug')
      .eq('published', true)
      .order('id')
      .range(from, from + ROWS_PER_PAGE - 1);
    if (error) throw new HttpError(503, 'The published rows could not be read.');
    for (const row of (data ?? []) as { id: string; slug: string }[]) rows.set(row.id, row.slug);
    if ((data ?? []).length < ROWS_PER_PAGE) return rows;
  }
}

/** Files changed before the grace period began: what a sweep may take for a leftover. */
const settled = (files: FolderEntry[], before: number) =>
  files.filter((file) => file.updatedAt === null || Date.parse(file.updatedAt) < before).map((file) => file.path);

/** Renders a page again from its snapshot with what its owner holds now. Skipped while the page is changing. */
async function renderAgain(deps: Deps, page: PastPlan, report: SweepReport): Promise<void> {
  let held;
  try {
    held = await holdPage(deps, page.portfolio_id, page.owner_id);
  } catch {
    return; // a publish or unpublish of it is under way: the next sweep looks again
  }
  try {
    await storeSiteAgain(deps, page, { blog: await siteShowsBlog(deps, page.portfolio_id) });
    const { error } = await deps.admin.rpc('record_page_render', {
      portfolio: page.portfolio_id,
      token: held.token,
      shows_badge: page.badge,
      shows_look: page.customized_look,
      shows_form: page.subscribe_form,
    });
    if (error) throw databaseRefusal(error, 'The page could not be recorded.');
    report.pagesRenderedAgain++;
  } catch (error) {
    console.error('sweep: a page could not be rendered again', page.portfolio_id, error);
  } finally {
    await releasePage(deps, held);
  }
}

export async function sweep(deps: Deps, req: Request, graceSeconds = DEFAULT_GRACE_SECONDS): Promise<Response> {
  const token = bearerToken(req) ?? '';
  if (!timingSafeEqualText(token, requireEnv(deps.env, 'SUPABASE_SERVICE_ROLE_KEY')))
    throw new HttpError(403, 'The sweep is run by the service role.');
  const before = Date.now() - graceSeconds * 1000;
  const report: SweepReport = {
    pagesRemoved: 0,
    filesRemoved: 0,
    domainMapsRemoved: 0,
    domainMapsWritten: 0,
    pagesRenderedAgain: 0,
    pagesRenderedForStock: 0,
    blogsPublished: 0,
    lateRefundsMade: 0,
  };

  // First what the bucket holds, then what the database says it should: see the note at the top.
  const top = await listFolder(deps.admin, SITES_BUCKET, '');
  const pageFolders = top.filter((entry) => entry.folder && !entry.path.startsWith('_'));
  const pointers = await listFolder(deps.admin, SITES_BUCKET, PAGE_POINTER_FOLDER);
  const maps = await listFolder(deps.admin, SITES_BUCKET, DOMAIN_MAP_FOLDER);
  const protectedFolders = (await listFolder(deps.admin, PROTECTED_SITES_BUCKET, '')).filter((entry) => entry.folder);
  const folderFiles = new Map<string, FolderEntry[]>();
  for (const folder of pageFolders) folderFiles.set(folder.path, await listFiles(deps.admin, SITES_BUCKET, folder.path, SITE_FOLDER_DEPTH));

  const published = await publishedRows(deps);
  const liveSlugs = new Set(published.values());
  const { data: served, error: servedError } = await deps.admin.rpc('domains_to_serve');
  if (servedError) throw new HttpError(503, 'The custom domains could not be read.');
  const domains = new Map(((served ?? []) as { domain: string; portfolio_id: string }[]).map((row) => [row.domain, row.portfolio_id]));

  const stale: string[] = [];
  for (const [slug, files] of folderFiles) {
    if (liveSlugs.has(slug)) continue;
    const leftovers = settled(files, before);
    if (leftovers.length) report.pagesRemoved++;
    stale.push(...leftovers);
  }
  stale.push(
    ...settled(
      pointers.filter((entry) => !published.has(entry.path.slice(PAGE_POINTER_FOLDER.length + 1))),
      before,
    ),
  );
  const staleMaps = settled(
    maps.filter((entry) => !domains.has(entry.path.slice(DOMAIN_MAP_FOLDER.length + 1))),
    before,
  );
  report.domainMapsRemoved = staleMaps.length;
  stale.push(...staleMaps);
  report.filesRemoved = stale.length;
  await removeObjects(deps.admin, SITES_BUCKET, stale);

  // The private bucket's pages: only sites published with the whole site or a page behind their password now.
  const { data: protectedRows, error: protectedError } = await deps.admin.rpc('private_site_slugs');
  if (protectedError) throw new HttpError(503, 'The protected pages could not be read.');
  const protectedSlugs = new Set((protectedRows ?? []) as string[]);
  const protectedStale: string[] = [];
  for (const folder of protectedFolders) {
    if (protectedSlugs.has(folder.path)) continue;
    const leftovers = settled(await listFiles(deps.admin, PROTECTED_SITES_BUCKET, folder.path, 3), before);
    if (leftovers.length) report.pagesRemoved++;
    protectedStale.push(...leftovers);
  }
  report.filesRemoved += protectedStale.length;
  await removeObjects(deps.admin, PROTECTED_SITES_BUCKET, protectedStale);

  const mapped = new Set(maps.map((entry) => entry.path.slice(DOMAIN_MAP_FOLDER.length + 1)));
  for (const [domain, portfolioId] of domains) {
    if (mapped.has(domain)) continue;
    if (await mapDomainToPortfolio(deps.admin, domain, portfolioId)) report.domainMapsWritten++;
  }

  const { data: pastPlan, error: pastError } = await deps.admin.rpc('pages_past_their_plan');
  if (pastError) throw new HttpError(503, 'The plans could not be read.');
  for (const page of (pastPlan ?? []) as PastPlan[]) await renderAgain(deps, page, report);

  // Scheduled posts whose time has come (the blog's own lease per site).
  report.blogsPublished = await publishDueBlogs(deps, async (portfolioId, ownerId) => {
    try {
      const held = await holdPage(deps, portfolioId, ownerId);
      return () => releasePage(deps, held);
    } catch {
      return undefined;
    }
  });

  // Shops whose owner's plan lapsed close at once: their pending orders are cancelled, and a payment
  // still arriving for one is refunded (the webhook's late-payment path).
  const { data: lapsed, error: lapsedError } = await deps.admin.rpc('shops_past_their_plan');
  if (lapsedError) throw new HttpError(503, 'The shops past their plan could not be read.');
  for (const { owner_id } of (lapsed ?? []) as { owner_id: string }[])
    await closeShop(deps.admin, owner_id).catch((error: unknown) => console.error('sweep: a shop could not be closed', owner_id, error));

  // Payments that came after their order ended and are still owed back: refunded again.
  try {
    report.lateRefundsMade = (await retryOwedRefunds(shopPaymentStoreFrom(deps.env, deps.admin))).refunded;
  } catch (error) {
    console.error('sweep: the payments owed back could not be read', error);
  }

  // Expires unpaid orders too (their stock back), so pages are rendered for stock after it.
  const { error: cleanError } = await deps.admin.rpc('sweep_database', {});
  if (cleanError) throw new HttpError(503, 'The database could not be swept.');
  report.pagesRenderedForStock = await renderPagesShowingOldStock(deps);
  const { error: triesError } = await deps.admin.rpc('sweep_site_password_failures');
  if (triesError) throw new HttpError(503, 'The database could not be swept.');
  await refreshSitemap(deps.admin, deps.siteUrl, SITES_BUCKET);
  return answer(publishFunction, 'sweep', report);
}
