// {action: 'export', portfolioId} → a zip (application/octet-stream, Content-Disposition)
// The same static site as the page, with its files beside it and portfolio.json (JSON Resume).
// Free for everyone, and changes nothing.
import { strToU8, zipSync } from 'fflate';
import { corsHeaders } from '../../_shared/cors.ts';
import { requireUser } from '../../_shared/request.ts';
import { publicPagePath } from '../../_shared/slugs.ts';
import { checkedValues, renderStaticPage, SITE_CSS, toJsonResume } from '../siteRenderer.generated.mjs';
import { download, ownPortfolio, renderRefused, storedFilesOf, type Deps, type PortfolioRow } from '../pages.ts';

/** A name for the download: the address, else the title, else the template. */
function exportName(row: PortfolioRow): string {
  const base = (row.slug ?? row.title ?? `portfolio-${row.template_id}`)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'portfolio'}-site.zip`;
}

export async function exportSite(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to export');
  const row = await ownPortfolio(deps, user.token, user.id, portfolioId);
  const entries: Record<string, Uint8Array> = {};
  const fileUrls: Record<string, string> = {};
  for (const file of storedFilesOf(row.owner_id, row.id, row.data)) {
    const blob = await download(deps, file);
    if (!blob) continue;
    // Per bucket, as on the site: a picture and a resume of one name do not collide.
    const path = `files/${file.bucket}/${file.name}`;
    entries[path] = new Uint8Array(await blob.arrayBuffer());
    fileUrls[file.ref] = path;
  }
  const pageUrl = row.published && row.slug ? `${deps.siteUrl}${publicPagePath(row.slug)}` : undefined;
  try {
    const { definition, values } = checkedValues(row.template_id, row.data, fileUrls);
    const page = renderStaticPage(row.template_id, row.data, {
      url: pageUrl,
      indexable: false,
      badge: false,
      siteUrl: `${deps.siteUrl}/home`,
      css: SITE_CSS,
      files: fileUrls,
    });
    entries['index.html'] = strToU8(page.html);
    entries['portfolio.json'] = strToU8(`${JSON.stringify(toJsonResume(definition, values, pageUrl), null, 2)}\n`);
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
