// A user's files in Storage: everything under `<user id>/` in the private buckets, and the published
// copies of their pages in the public `sites` bucket. Listed with the service role, always under a
// prefix that the database says is the user's (their id, their rows' slugs and ids, their domains).
import type { SupabaseClient } from '@supabase/supabase-js';
import { domainMapPath, pagePointerPath, SITE_FOLDER_DEPTH, SITES_BUCKET } from '../_shared/sites.ts';
import { listTree } from '../_shared/storageTree.ts';

/** Where a user's uploads live: `<bucket>/<user id>/<portfolio id>/<name>` (see the storage policies). */
export const USER_BUCKETS = ['portfolio-images', 'resumes'] as const;

/** The public copies of a user's pages and domains: each page's folder and pointer, each proven domain's map. */
export async function publishedObjects(admin: SupabaseClient, pages: { id: string; slug: string }[], domains: string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const { id, slug } of pages) paths.push(...(await listTree(admin, SITES_BUCKET, slug, SITE_FOLDER_DEPTH)), pagePointerPath(id));
  for (const domain of domains) paths.push(domainMapPath(domain));
  return paths;
}
