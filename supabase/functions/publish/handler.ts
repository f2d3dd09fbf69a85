// The publish function. Browser calls, with the owner's access token:
//   {action: 'publish', portfolioId, slug} → renders the saved row into a static page and stores it,
//                                            with published copies of its files, in the public
//                                            `sites` bucket under <slug>/ → {slug, url, badge}
//   {action: 'unpublish', portfolioId}     → marks the row unpublished and removes the page's files
//   {action: 'export', portfolioId}        → the same static site as a zip (free for everyone)
//   {action: 'brand-kit', portfolioId}     → Premium: the monogram logo and share images (SVG)
//   {action: 'verify-domain', domain}      → checks the custom domain's DNS proof; once proven, the
//                                            site answers that Host with the portfolio's page
//   {action: 'remove-domain', domain}      → gives a custom domain up
// Who may publish what is the database's rule (portfolios_guard_publish, row-level security): the
// row is updated with the caller's own token, so this function can grant nothing the database would
// not. The page is rendered here from the stored row, never from HTML a browser sent.
import { Resolver } from 'node:dns/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { strToU8, zipSync } from 'fflate';
import { corsHeaders, json } from '../_shared/cors.ts';
import { runtimeEnv, requireEnv, type Env } from '../_shared/env.ts';
import { brandKit } from '../_shared/brandKit.ts';
import { domainProofRecord } from '../_shared/domains.ts';
import { publishBody, type PublishedPage } from '../_shared/publishing.ts';
import { publicPagePath } from '../_shared/slugs.ts';
import { answeringErrors, HttpError, readJsonBody, requireUser } from '../_shared/request.ts';
import { serverClient } from '../_shared/supabaseClient.ts';
import {
  accentHex,
  checkedPortfolio,
  InvalidPortfolioError,
  renderStaticPage,
  SITE_CSS,
  storedFileRefs,
  toJsonResume,
  toPageLook,
} from './siteRenderer.generated.mjs';
import { EXPORT_ROBOTS_TXT, refreshSitemap, renderWithFiles, writePageFiles } from './pageFiles.ts';

const MAX_BODY_BYTES = 4 * 1024;
export const SITES_BUCKET = 'sites';
const PORTFOLIO_BUCKETS = ['portfolio-images', 'resumes'];
/** Where the site finds which page a custom domain shows: _domains/<domain> holds the page's slug. */
const DOMAIN_MAP_FOLDER = '_domains';
/** A page may change at any publish; its files are named per upload and never change. */
const PAGE_CACHE_SECONDS = '60';
const FILE_CACHE_SECONDS = '31536000';

interface Deps {
  env: Env;
  siteUrl: string;
  /** Where the page's sign-up form posts: this project's subscribe function. */
  subscribeUrl: string;
  admin: SupabaseClient;
  anonClient(): SupabaseClient;
  userClient(token: string): SupabaseClient;
}

interface PortfolioRow {
  id: string;
  owner_id: string;
  template_id: string;
  title: string | null;
  data: unknown;
  slug: string | null;
  published: boolean;
  look: unknown;
}

interface StoredFile {
  ref: string;
  bucket: string;
  path: string;
  name: string;
}

function depsFrom(env: Env): Deps {
  const url = requireEnv(env, 'SUPABASE_URL');
  const anonKey = requireEnv(env, 'SUPABASE_ANON_KEY');
  return {
    env,
    siteUrl: requireEnv(env, 'SITE_URL').replace(/\/+$/, ''),
    subscribeUrl: `${url.replace(/\/+$/, '')}/functions/v1/subscribe`,
    admin: serverClient(url, requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY')),
    anonClient: () => serverClient(url, anonKey),
    userClient: (token) => serverClient(url, anonKey, token),
  };
}

/** The caller's own portfolio; another user's (even a published one they can read) is "not found". */
async function ownPortfolio(client: SupabaseClient, userId: string, id: string): Promise<PortfolioRow> {
  const { data, error } = await client
    .from('portfolios')
    .select('id, owner_id, template_id, title, data, slug, published, look')
    .eq('id', id)
    .maybeSingle<PortfolioRow>();
  if (error) throw new HttpError(503, 'Your portfolios could not be read. Try again.');
  if (!data || data.owner_id !== userId) throw new HttpError(404, 'Portfolio not found');
  return data;
}

/**
 * The row's stored files (`storage:<bucket>/<owner>/<portfolio>/<name>`), only from the owner's own
 * folder for this portfolio: a row naming anyone else's file (forged or copied) publishes nothing of it.
 */
function storedFilesOf(row: PortfolioRow): StoredFile[] {
  const files: StoredFile[] = [];
  // The renderer knows where the portfolio model keeps files (the profile's photo and resume, items' pictures).
  for (const value of storedFileRefs(row.template_id, row.data)) {
    const rest = value.slice('storage:'.length);
    const bucket = PORTFOLIO_BUCKETS.find((candidate) => rest.startsWith(`${candidate}/`));
    if (!bucket) continue;
    const path = rest.slice(bucket.length + 1);
    const [owner, portfolio, name, ...more] = path.split('/');
    if (owner !== row.owner_id || portfolio !== row.id || !name || more.length || !/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.'))
      continue;
    files.push({ ref: value, bucket, path, name });
  }
  return files;
}

async function download(deps: Deps, file: StoredFile): Promise<Blob | undefined> {
  const { data, error } = await deps.admin.storage.from(file.bucket).download(file.path);
  if (error || !data) return undefined; // removed since it was saved: the page goes without it
  return data;
}

/** Every object under a folder of the sites bucket (pages have a handful of files). */
async function listSiteFolder(deps: Deps, folder: string): Promise<string[]> {
  const { data, error } = await deps.admin.storage.from(SITES_BUCKET).list(folder, { limit: 1000 });
  if (error) throw new HttpError(503, 'The published files could not be listed. Try again.');
  return (data ?? []).filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
}

async function removeSite(deps: Deps, slug: string): Promise<void> {
  const paths = [...(await listSiteFolder(deps, slug)), ...(await listSiteFolder(deps, `${slug}/files`))];
  if (!paths.length) return;
  const { error } = await deps.admin.storage.from(SITES_BUCKET).remove(paths);
  if (error) throw new HttpError(503, 'The page could not be taken down completely. Try again.');
}

async function putSiteFile(deps: Deps, path: string, body: Blob | string | Uint8Array, contentType: string, cacheControl: string) {
  const { error } = await deps.admin.storage.from(SITES_BUCKET).upload(path, body, { upsert: true, contentType, cacheControl });
  if (error) throw new HttpError(503, 'The page could not be stored. Try again.');
}

/** What the database said about a publish, in words for the owner. */
function publishRefused(error: { code?: string; message: string }): HttpError {
  if (error.code === '42501') return new HttpError(403, 'Publishing this template needs a purchase or a plan.');
  if (error.code === '23505') return new HttpError(409, 'That address is taken. Choose another.');
  if (error.code === '23514')
    return new HttpError(
      400,
      /reserved/i.test(error.message) ? 'That address is reserved. Choose another.' : 'That address is not allowed.',
    );
  return new HttpError(503, 'The portfolio could not be published. Try again.');
}

function renderRefused(error: unknown): never {
  if (error instanceof InvalidPortfolioError)
    throw new HttpError(422, `This portfolio cannot be published as saved: ${error.issues.slice(0, 3).join('; ')}`);
  throw error;
}

/** Points the portfolio's proven domains at `slug`, or takes them off the site when it is null. */
async function mapDomains(deps: Deps, portfolioId: string, slug: string | null): Promise<void> {
  const { data, error } = await deps.admin
    .from('custom_domains')
    .select('domain')
    .eq('portfolio_id', portfolioId)
    .not('verified_at', 'is', null);
  if (error) throw new HttpError(503, 'Your domains could not be read. Try again.');
  for (const { domain } of (data ?? []) as { domain: string }[]) {
    const path = `${DOMAIN_MAP_FOLDER}/${domain}`;
    if (slug) await putSiteFile(deps, path, slug, 'application/octet-stream', PAGE_CACHE_SECONDS);
    else await deps.admin.storage.from(SITES_BUCKET).remove([path]);
  }
}

/** The TXT records at `name`, from the DNS servers set for this function (DNS_SERVERS) or the system's. */
async function txtRecords(deps: Deps, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const servers = deps.env('DNS_SERVERS');
  if (servers) resolver.setServers(servers.split(',').map((server) => server.trim()));
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return []; // no such name, or no answer: not proven
  }
}

interface DomainClaim {
  id: string;
  domain: string;
  portfolio_id: string;
  token: string;
  verified_at: string | null;
}

async function ownClaim(deps: Deps, token: string, userId: string, domain: string): Promise<DomainClaim> {
  const { data, error } = await deps
    .userClient(token)
    .from('custom_domains')
    .select('id, domain, portfolio_id, token, verified_at')
    .eq('domain', domain.trim().toLowerCase())
    .eq('owner_id', userId)
    .maybeSingle<DomainClaim>();
  if (error) throw new HttpError(503, 'Your domains could not be read. Try again.');
  if (!data) throw new HttpError(404, 'Add the domain first.');
  return data;
}

async function verifyDomain(deps: Deps, req: Request, domain: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to add a domain');
  const claim = await ownClaim(deps, user.token, user.id, domain);
  if (claim.domain === new URL(deps.siteUrl).hostname) throw new HttpError(400, 'That is FolioForge’s own domain.');
  const record = domainProofRecord(claim.domain, claim.token);
  const verified = claim.verified_at !== null || (await txtRecords(deps, record.name)).includes(record.value);
  if (verified && claim.verified_at === null) {
    // Proven: this owner's claim is the domain's only one; unproven claims of others go.
    await deps.admin.from('custom_domains').delete().eq('domain', claim.domain).neq('id', claim.id).is('verified_at', null);
    const { error } = await deps.admin.from('custom_domains').update({ verified_at: new Date().toISOString() }).eq('id', claim.id);
    if (error) throw new HttpError(error.code === '23505' ? 409 : 503, 'This domain is already proven by someone else.');
  }
  if (verified) {
    const { data: page } = await deps.admin.from('portfolios').select('slug, published').eq('id', claim.portfolio_id).single();
    await mapDomains(deps, claim.portfolio_id, page?.published ? (page.slug as string) : null);
  }
  return json({ domain: claim.domain, verified, record });
}

async function removeDomain(deps: Deps, req: Request, domain: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to remove a domain');
  const claim = await ownClaim(deps, user.token, user.id, domain);
  if (claim.verified_at) await deps.admin.storage.from(SITES_BUCKET).remove([`${DOMAIN_MAP_FOLDER}/${claim.domain}`]);
  const { error } = await deps.admin.from('custom_domains').delete().eq('id', claim.id);
  if (error) throw new HttpError(503, 'The domain could not be removed. Try again.');
  return json({ domain: claim.domain, removed: true });
}

async function publish(deps: Deps, req: Request, portfolioId: string, slug: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to publish');
  const asUser = deps.userClient(user.token);
  const row = await ownPortfolio(asUser, user.id, portfolioId);
  const pageUrl = `${deps.siteUrl}${publicPagePath(slug)}`;
  const files = storedFilesOf(row);
  const fileUrls = Object.fromEntries(files.map((file) => [file.ref, `${publicPagePath(slug)}/files/${file.name}`]));
  const { data: plan } = await deps.admin.rpc('active_plan', { for_user: user.id });
  const { data: customizesLook } = await deps.admin.rpc('plan_customizes_look', { plan });
  const badge = !plan;
  // Checked and rendered before anything changes: a row the schema refuses is never half published.
  // The look is the plan's to grant at each publish: a lapsed plan publishes the template's own.
  const look = customizesLook === true ? toPageLook(row.look) : undefined;
  let rendered: Awaited<ReturnType<typeof renderWithFiles>>;
  try {
    rendered = await renderWithFiles(
      row.template_id,
      row.data,
      {
        url: pageUrl,
        indexable: true,
        badge,
        siteUrl: `${deps.siteUrl}/home`,
        css: SITE_CSS,
        files: fileUrls,
        // Customer accounts come with every plan: the page takes its visitors' emails.
        subscribe: plan ? { action: deps.subscribeUrl, portfolioId: row.id, slug } : undefined,
        look,
      },
      {
        filesBase: `${publicPagePath(slug)}/files/`,
        pageUrl,
        accentHex: look?.accent ? accentHex(look) : undefined,
        // The page-message function, beside the subscribe function.
        messages: { action: new URL('page-message', deps.subscribeUrl).href, portfolioId: row.id, slug },
      },
    );
  } catch (error) {
    renderRefused(error);
  }

  // The database decides, with the owner's own token: rights, reserved words, one owner per address.
  const { error } = await asUser.from('portfolios').update({ slug, published: true }).eq('id', row.id).select('id').single();
  if (error) throw publishRefused(error);

  if (row.slug && row.slug !== slug) await removeSite(deps, row.slug);
  const kept = new Set<string>();
  for (const file of files) {
    const blob = await download(deps, file);
    if (!blob) continue;
    const path = `${slug}/files/${file.name}`;
    kept.add(path);
    await putSiteFile(deps, path, blob, blob.type || 'application/octet-stream', FILE_CACHE_SECONDS);
  }
  const put = (name: string, body: Blob | Uint8Array, type: string) =>
    putSiteFile(deps, `${slug}/files/${name}`, body, type, FILE_CACHE_SECONDS);
  const read = (bucket: string, path: string) => download(deps, { ref: '', bucket, path, name: '' });
  for (const name of await writePageFiles(rendered.page, rendered.input, put, read)) kept.add(`${slug}/files/${name}`);
  await putSiteFile(deps, `${slug}/index.html`, rendered.page.html, 'text/html; charset=utf-8', PAGE_CACHE_SECONDS);
  // Files of an earlier version (a replaced picture) leave with it.
  const stale = (await listSiteFolder(deps, `${slug}/files`)).filter((path) => !kept.has(path));
  if (stale.length) await deps.admin.storage.from(SITES_BUCKET).remove(stale);
  await mapDomains(deps, row.id, slug);
  await refreshSitemap(deps.admin, deps.siteUrl, SITES_BUCKET);

  const answer: PublishedPage = { slug, url: pageUrl, badge };
  return json(answer);
}

async function unpublish(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to unpublish');
  const asUser = deps.userClient(user.token);
  const row = await ownPortfolio(asUser, user.id, portfolioId);
  const { error } = await asUser.from('portfolios').update({ published: false }).eq('id', row.id).select('id').single();
  if (error) throw new HttpError(503, 'The portfolio could not be unpublished. Try again.');
  // The address stays the owner's (it is kept on the row) for a later republish.
  await mapDomains(deps, row.id, null);
  if (row.slug) await removeSite(deps, row.slug);
  await refreshSitemap(deps.admin, deps.siteUrl, SITES_BUCKET);
  return json({ slug: row.slug, published: false });
}

/** A name for the download: the address, else the title, else the template. */
function exportName(row: PortfolioRow): string {
  const base = (row.slug ?? row.title ?? `portfolio-${row.template_id}`)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'portfolio'}-site.zip`;
}

async function exportSite(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to export');
  const row = await ownPortfolio(deps.userClient(user.token), user.id, portfolioId);
  const files = storedFilesOf(row);
  const entries: Record<string, Uint8Array> = {};
  const fileUrls: Record<string, string> = {};
  for (const file of files) {
    const blob = await download(deps, file);
    if (!blob) continue;
    entries[`files/${file.name}`] = new Uint8Array(await blob.arrayBuffer());
    fileUrls[file.ref] = `files/${file.name}`;
  }
  const pageUrl = row.published && row.slug ? `${deps.siteUrl}${publicPagePath(row.slug)}` : undefined;
  try {
    const { portfolio } = checkedPortfolio(row.template_id, row.data);
    // Meant to be hosted elsewhere and found there: indexable, with robots.txt; forms left out.
    const { page, input } = await renderWithFiles(
      row.template_id,
      row.data,
      { url: pageUrl, indexable: true, badge: false, siteUrl: `${deps.siteUrl}/home`, css: SITE_CSS, files: fileUrls },
      { filesBase: 'files/', accentHex: undefined },
    );
    const put = async (name: string, body: Blob | Uint8Array) => {
      entries[`files/${name}`] = body instanceof Blob ? new Uint8Array(await body.arrayBuffer()) : body;
    };
    await writePageFiles(page, input, put, (bucket, path) => download(deps, { ref: '', bucket, path, name: '' }));
    entries['index.html'] = strToU8(page.html);
    entries['robots.txt'] = strToU8(EXPORT_ROBOTS_TXT);
    entries['portfolio.json'] = strToU8(`${JSON.stringify(toJsonResume(portfolio, pageUrl, fileUrls), null, 2)}\n`);
  } catch (error) {
    renderRefused(error);
  }
  const zip = zipSync(entries, { level: 6 });
  return new Response(zip, {
    status: 200,
    headers: {
      ...corsHeaders,
      // supabase-js hands octet-stream answers over as a Blob; the page names it a zip when saving.
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${exportName(row)}"`,
      'Access-Control-Expose-Headers': 'Content-Disposition',
    },
  });
}

/** Premium's logo and share images, drawn from the page's title and description in its accent. */
async function brandKitFor(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to get your logo');
  const row = await ownPortfolio(deps.userClient(user.token), user.id, portfolioId);
  const { data: plan } = await deps.admin.rpc('active_plan', { for_user: user.id });
  const { data: included } = await deps.admin.rpc('plan_includes_brand_kit', { plan });
  if (included !== true) throw new HttpError(403, 'The logo and share images come with the Premium plan.');
  let page: { title: string; description: string };
  try {
    page = renderStaticPage(row.template_id, row.data, {
      indexable: false,
      badge: false,
      siteUrl: deps.siteUrl,
      css: '',
    });
  } catch (error) {
    renderRefused(error);
  }
  return json(brandKit(page.title, page.description, accentHex(toPageLook(row.look))));
}

async function route(deps: Deps, req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
  const request = await readJsonBody(req, MAX_BODY_BYTES, publishBody);
  switch (request.action) {
    case 'publish':
      return publish(deps, req, request.portfolioId, request.slug);
    case 'unpublish':
      return unpublish(deps, req, request.portfolioId);
    case 'export':
      return exportSite(deps, req, request.portfolioId);
    case 'brand-kit':
      return brandKitFor(deps, req, request.portfolioId);
    case 'verify-domain':
      return verifyDomain(deps, req, request.domain);
    case 'remove-domain':
      return removeDomain(deps, req, request.domain);
  }
}

/** Builds the handler for a given environment; local-cloud injects its own, the edge uses Deno.env. */
export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: Deps | undefined;
  return answeringErrors('publish', 'Publishing service error', (req) => route((deps ??= depsFrom(env)), req));
}

const handler = createHandler(runtimeEnv());
export default handler;
