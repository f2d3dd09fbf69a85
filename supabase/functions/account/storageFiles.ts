// A user's files in Storage: everything under `<user id>/` in the private buckets, and the published
// copies of their pages in the public `sites` bucket. Listed with the service role, always under a
// prefix that the database says is the user's (their id, their rows' slugs and domains).
import type { SupabaseClient } from '@supabase/supabase-js';
import { domainMapPath, SITES_BUCKET } from '../_shared/sites.ts';

/** Where a user's uploads live: `<bucket>/<user id>/<portfolio id>/<name>` (see the storage policies). */
export const USER_BUCKETS = ['portfolio-images', 'resumes'] as const;

const PAGE = 1000;

export class StorageTrouble extends Error {}

/** Every object name under `folder` of `bucket`, folders walked down to `depth` levels. */
export async function listTree(admin: SupabaseClient, bucket: string, folder: string, depth = 3): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await admin.storage.from(bucket).list(folder, { limit: PAGE, offset });
    if (error) throw new StorageTrouble(`${bucket}/${folder} could not be listed: ${error.message}`);
    for (const entry of data ?? []) {
      const path = `${folder}/${entry.name}`;
      // Storage lists a folder as an entry without an id.
      if (entry.id !== null) names.push(path);
      else if (depth > 1) names.push(...(await listTree(admin, bucket, path, depth - 1)));
    }
    if ((data ?? []).length < PAGE) return names;
  }
}

/** Removes objects, in batches Storage takes. */
export async function removeObjects(admin: SupabaseClient, bucket: string, paths: string[]): Promise<void> {
  for (let start = 0; start < paths.length; start += PAGE) {
    const { error } = await admin.storage.from(bucket).remove(paths.slice(start, start + PAGE));
    if (error) throw new StorageTrouble(`${bucket} objects could not be removed: ${error.message}`);
  }
}

/** The public copies of a user's pages and domains: each slug's folder and each proven domain's map. */
export async function publishedObjects(admin: SupabaseClient, slugs: string[], domains: string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const slug of slugs) paths.push(...(await listTree(admin, SITES_BUCKET, slug, 2)));
  for (const domain of domains) paths.push(domainMapPath(domain));
  return paths;
}
