// The public `sites` bucket the site serves from (tooling/publishedSites.mjs locally, the CDN in
// production): <slug>/index.html and <slug>/files/* per published page, and _domains/<domain> holding
// the slug a proven custom domain shows. The one definition of these names for every function (the
// publish function still has its own SITES_BUCKET and DOMAIN_MAP_FOLDER, to be replaced by these).
import type { SupabaseClient } from '@supabase/supabase-js';

export const SITES_BUCKET = 'sites';

/** Where the site looks up the page of a request whose Host is `domain`. */
export const domainMapPath = (domain: string) => `_domains/${domain}`;

/** Points `domain` at the page `slug` (the map is revalidated within a minute, like a page). */
export async function mapDomainToPage(admin: SupabaseClient, domain: string, slug: string): Promise<boolean> {
  const { error } = await admin.storage
    .from(SITES_BUCKET)
    .upload(domainMapPath(domain), slug, { upsert: true, contentType: 'application/octet-stream', cacheControl: '60' });
  return !error;
}
