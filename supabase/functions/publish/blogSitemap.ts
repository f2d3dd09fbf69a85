// The blogs' addresses in /p/sitemap.xml: every live post of every published site, and each blog's
// index (public.live_post_addresses, the service role's). Apart from blog.ts so pageFiles.ts, which
// writes the sitemap, imports no more than the renderer.
import type { SupabaseClient } from '@supabase/supabase-js';
import { blog } from './siteRenderer.generated.mjs';

/** The live posts' addresses for /p/sitemap.xml, with each blog's index. */
export async function blogSitemapUrls(
  admin: SupabaseClient,
  siteUrl: string,
  /** Sites left out (behind their password). */
  hiddenSites: ReadonlySet<string> = new Set(),
): Promise<{ loc: string; lastmod?: string }[]> {
  const { data, error } = await admin.rpc('live_post_addresses', {});
  if (error) return [];
  const origin = new URL(siteUrl).origin;
  const urls: { loc: string; lastmod?: string }[] = [];
  let site = '';
  for (const row of (data ?? []) as { site_slug: string; post_slug: string; updated_at: string }[]) {
    if (hiddenSites.has(row.site_slug)) continue;
    if (row.site_slug !== site) {
      site = row.site_slug;
      urls.push({ loc: `${origin}/p/${site}/${blog.blogPath()}`, lastmod: row.updated_at });
    }
    urls.push({ loc: `${origin}/p/${site}/${blog.postPath(row.post_slug)}`, lastmod: row.updated_at });
  }
  return urls;
}
