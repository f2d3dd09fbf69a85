// {action: 'export', portfolioId}      → a zip (application/octet-stream, Content-Disposition)
//   The same static site as the page, every page of it (home as index.html, the others as
//   <page>/index.html, links between them relative and naming index.html, so it opens from file://),
//   with its files beside them (uploads, fonts, samples, photo copies, icons), robots.txt and
//   portfolio.json (JSON Resume), made to be hosted elsewhere: the
//   site of a template is had on the same terms as its page (may_publish: free, bought, or a plan;
//   403 otherwise), so a download is no way around the paywall.
// {action: 'export-data', portfolioId} → portfolio.json alone (JSON Resume), the owner's always.
// Both change nothing.
import { strToU8, zipSync } from 'fflate';
import { corsHeaders } from '../../_shared/cors.ts';
import { HttpError, requireUser } from '../../_shared/request.ts';
import { publicPagePath } from '../../_shared/slugs.ts';
import { imageSrcset, storedImageFromPath } from '../../_shared/imageVariants.ts';
import { publishedPagesSitemapXml } from '../../_shared/siteIndex.mjs';
import {
  blog,
  checkedPortfolio,
  publicPages,
  SITE_STYLES,
  sitePages,
  toJsonResume,
  toPageLook,
  type Post,
} from '../siteRenderer.generated.mjs';
import { readLivePosts } from '../blog.ts';
import { EXPORT_ROBOTS_TXT, renderWithFiles, writePageFiles } from '../pageFiles.ts';
import { asksForPassword, needsPassword } from '../protection.ts';
import { download, featuresFor, ownPortfolio, renderRefused, storedFilesOf, type Deps, type PortfolioRow } from '../pages.ts';
import { madeResumeOf } from '../pageResume.ts';

const UNPROTECTED_EXPORT_README = `This zip holds your site as plain files. It is NOT protected by a password.

On FolioForge your site, or some of its pages, asks visitors for its password. These files do not:
anyone who can open them, or reach them wherever you put them, sees every page, those behind the
password too. Host them only where you control who may look.
`;

/** A name for a download: the address, else the title, else the template, then `ending`. */
function exportName(row: PortfolioRow, ending: string): string {
  const base = (row.slug ?? row.title ?? `portfolio-${row.template_id}`)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'portfolio'}${ending}`;
}

/** A file to save, named; the page reads the name from Content-Disposition. */
function attachment(body: BodyInit, fileName: string, type: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...corsHeaders,
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Access-Control-Expose-Headers': 'Content-Disposition',
    },
  });
}

/** The page's address, when it is published. */
const pageUrlOf = (deps: Deps, row: PortfolioRow) =>
  row.published && row.slug ? `${deps.siteUrl}${publicPagePath(row.slug)}/` : undefined;

/** portfolio.json: the row's values as JSON Resume. */
function jsonResumeOf(row: PortfolioRow, pageUrl: string | undefined, fileUrls: Record<string, string>): string {
  try {
    const { portfolio } = checkedPortfolio(row.template_id, row.data);
    return `${JSON.stringify(toJsonResume(portfolio, pageUrl, fileUrls), null, 2)}\n`;
  } catch (error) {
    renderRefused(error);
  }
}

/** A link from the folder `from` to a path of the zip (both from its root). */
const relativeTo = (from: string, path: string) => `${'../'.repeat(from.split('/').filter(Boolean).length)}${path}`;

/**
 * The blog as the site publishes it (blog.ts), its links relative for file://: the index and its
 * pages, a page per tag, each live post (a scheduled one not yet due is not), feed.xml, and each
 * post's cover beside the pages' files. Written into `entries`.
 */
async function writeBlogFiles(
  deps: Deps,
  row: PortfolioRow,
  posts: readonly Post[],
  where: { pageUrl?: string; look?: ReturnType<typeof toPageLook>; badge: boolean },
  entries: Record<string, Uint8Array>,
): Promise<void> {
  const site = blog.blogSiteFor(row.template_id, row.data, {
    // Canonical addresses and the feed's links are those of the published site, when there is one.
    homePath: where.pageUrl && row.slug ? publicPagePath(row.slug) : '',
    origin: where.pageUrl ? deps.siteUrl : '',
    look: where.look,
    badgeUrl: where.badge ? `${deps.siteUrl}/home` : undefined,
    fileTree: true,
    feedId: `urn:uuid:${row.id}`,
  });
  const put = (file: { path: string; body: string }) => {
    entries[file.path] = strToU8(file.body);
  };
  for (const post of posts) {
    const from = blog.postPath(post.slug);
    put(blog.postPage(site, post, { cover: await coverOf(deps, row, post.cover, from, entries) }));
  }
  for (const file of blog.blogIndexPages(site, posts)) put(file);
  for (const tag of blog.tagSlugsOf(posts)) for (const file of blog.tagPages(site, posts, tag)) put(file);
  put(blog.atomFeed(site, posts.slice(0, blog.FEED_ENTRIES), new Date()));
}

/** A post's cover in the zip (its copies under files/portfolio-images/), as the post at `from` finds it. */
async function coverOf(deps: Deps, row: PortfolioRow, cover: string, from: string, entries: Record<string, Uint8Array>) {
  if (/^https:\/\//i.test(cover)) return { src: cover };
  const prefix = `storage:portfolio-images/${row.owner_id}/${row.id}/`;
  const name = cover.startsWith(prefix) ? cover.slice(prefix.length) : '';
  if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) return undefined;
  const storedPath = cover.slice('storage:portfolio-images/'.length);
  const image = storedImageFromPath(storedPath);
  const zipPath = (path: string) => `files/portfolio-images/${path.slice(path.lastIndexOf('/') + 1)}`;
  for (const path of [storedPath, ...(image?.variants.map((variant) => variant.path) ?? [])]) {
    if (entries[zipPath(path)]) continue;
    const blob = await download(deps, { bucket: 'portfolio-images', path });
    if (blob) entries[zipPath(path)] = new Uint8Array(await blob.arrayBuffer());
  }
  if (!entries[zipPath(storedPath)]) return undefined;
  const src = (path: string) => relativeTo(from, zipPath(path));
  return {
    src: src(storedPath),
    ...(image ? { width: image.width, height: image.height } : {}),
    ...(image?.variants.length ? { srcset: imageSrcset(image, src) } : {}),
  };
}

/** sitemap.xml of a site with an address: its public pages, the blog's index and its posts. */
function sitemapOf(deps: Deps, row: PortfolioRow, pages: readonly { slug: string }[], posts: readonly Post[]): string | undefined {
  if (!row.published || !row.slug) return undefined;
  const home = `${new URL(deps.siteUrl).origin}${publicPagePath(row.slug)}/`;
  const blogUrls = posts.length
    ? [{ loc: `${home}${blog.blogPath()}` }, ...posts.map((post) => ({ loc: `${home}${blog.postPath(post.slug)}` }))]
    : [];
  return publishedPagesSitemapXml(
    deps.siteUrl,
    [{ slug: row.slug }, ...pages.map((page) => ({ slug: row.slug!, page: page.slug }))],
    blogUrls,
  );
}

export async function exportData(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to download your data');
  const row = await ownPortfolio(deps, user.token, user.id, portfolioId);
  return attachment(jsonResumeOf(row, pageUrlOf(deps, row), {}), exportName(row, '-portfolio.json'), 'application/json');
}

export async function exportSite(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to export');
  const row = await ownPortfolio(deps, user.token, user.id, portfolioId);
  const { data: allowed, error: rightsError } = await deps.admin.rpc('may_publish', { for_user: user.id, template: row.template_id });
  if (rightsError) throw new HttpError(503, 'Your purchases could not be read. Try again.');
  if (allowed !== true)
    throw new HttpError(
      403,
      'Downloading the site of this template needs what publishing it needs: the template bought, or a plan. Your portfolio’s data (portfolio.json) is yours to download.',
    );
  const entries: Record<string, Uint8Array> = {};
  const fileUrls: Record<string, string> = {};
  for (const file of storedFilesOf(row.owner_id, row.id, row.template_id, row.data)) {
    const blob = await download(deps, file);
    if (!blob) continue;
    // Per bucket, as on the site: a picture and a resume of one name do not collide.
    const path = `files/${file.bucket}/${file.name}`;
    entries[path] = new Uint8Array(await blob.arrayBuffer());
    fileUrls[file.ref] = path;
  }
  const pageUrl = pageUrlOf(deps, row);
  try {
    const features = await featuresFor(deps, user.id);
    const badge = features.badge;
    // The owner's look as the published site shows it (Pro and Premium), on every page and the blog.
    const look = features.customizedLook ? toPageLook(row.look) : undefined;
    const { portfolio } = checkedPortfolio(row.template_id, row.data);
    // The blog as published: none for a site wholly behind its password (blog.ts writes none either).
    const posts = asksForPassword(row.data) ? [] : await readLivePosts(deps, row.id);
    // No résumé uploaded: the copy carries the one made from the portfolio, as the page does.
    const resume = await madeResumeOf(row.template_id, row.data, undefined);
    if (resume) entries[`files/${resume.name}`] = resume.pdf;
    const put = async (name: string, body: Uint8Array | Blob) => {
      entries[`files/${name}`] = body instanceof Blob ? new Uint8Array(await body.arrayBuffer()) : body;
    };
    let monogram: string | undefined;
    for (const sitePage of sitePages(portfolio)) {
      const folder = sitePage.slug ? `${sitePage.slug}/` : '';
      // A page one folder down finds the files one folder up.
      const up = folder ? '../' : '';
      const { page, input } = await renderWithFiles(
        row.template_id,
        row.data,
        {
          url: pageUrl && `${pageUrl}${folder}`,
          // Meant to be hosted elsewhere and found there: indexable, with robots.txt; its forms left out.
          indexable: true,
          // As the page would be: a template bought without a plan carries the badge.
          badge,
          siteUrl: `${deps.siteUrl}/home`,
          styles: SITE_STYLES,
          files: Object.fromEntries(Object.entries(fileUrls).map(([ref, path]) => [ref, `${up}${path}`])),
          look,
          feedUrl: posts.length ? `${up}${blog.FEED_PATH}` : undefined,
          sitePage: { id: sitePage.id, indexFile: true, blog: posts.length > 0 },
          resumeUrl: resume ? `${up}files/${resume.name}` : undefined,
        },
        { filesBase: `${up}files/`, monogram },
      );
      monogram ??= page.title;
      await writePageFiles(page, input, put, (bucket, path) => download(deps, { bucket, path }));
      entries[`${folder}index.html`] = strToU8(page.html);
    }
    if (posts.length) await writeBlogFiles(deps, row, posts, { pageUrl, look, badge }, entries);
    const sitemap = sitemapOf(deps, row, publicPages(portfolio), posts);
    if (sitemap) entries['sitemap.xml'] = strToU8(sitemap);
    entries['robots.txt'] = strToU8(EXPORT_ROBOTS_TXT);
  } catch (error) {
    renderRefused(error);
  }
  entries['portfolio.json'] = strToU8(jsonResumeOf(row, pageUrl, fileUrls));
  // A site or page behind its password on FolioForge is not behind it anywhere else: the zip says so plainly.
  if (needsPassword(row.data)) entries['README.txt'] = strToU8(UNPROTECTED_EXPORT_README);
  // The page names it a zip when saving.
  return attachment(zipSync(entries, { level: 6 }), exportName(row, '-site.zip'), 'application/octet-stream');
}
