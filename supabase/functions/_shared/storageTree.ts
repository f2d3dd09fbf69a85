// Walking and emptying folders of a Storage bucket with the service role, in the pages Storage
// answers (the account function's export and deletion, the publish function's pages and sweep).
import type { SupabaseClient } from '@supabase/supabase-js';

const PAGE = 1000;

export class StorageTrouble extends Error {}

/** One entry of a folder: a file with its last change, or a folder (Storage lists one without an id). */
export interface FolderEntry {
  path: string;
  folder: boolean;
  updatedAt: string | null;
}

/** The entries directly under `folder` ('' for the bucket's top). */
export async function listFolder(admin: SupabaseClient, bucket: string, folder: string): Promise<FolderEntry[]> {
  const entries: FolderEntry[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await admin.storage.from(bucket).list(folder, { limit: PAGE, offset });
    if (error) throw new StorageTrouble(`${bucket}/${folder} could not be listed: ${error.message}`);
    for (const entry of data ?? [])
      entries.push({
        path: folder ? `${folder}/${entry.name}` : entry.name,
        folder: entry.id === null,
        updatedAt: entry.updated_at ?? null,
      });
    if ((data ?? []).length < PAGE) return entries;
  }
}

/** Every file under `folder` of `bucket`, folders walked down to `depth` levels, with their last change. */
export async function listFiles(admin: SupabaseClient, bucket: string, folder: string, depth = 3): Promise<FolderEntry[]> {
  const files: FolderEntry[] = [];
  for (const entry of await listFolder(admin, bucket, folder)) {
    if (!entry.folder) files.push(entry);
    else if (depth > 1) files.push(...(await listFiles(admin, bucket, entry.path, depth - 1)));
  }
  return files;
}

/** Every object name under `folder` of `bucket`, folders walked down to `depth` levels. */
export async function listTree(admin: SupabaseClient, bucket: string, folder: string, depth = 3): Promise<string[]> {
  return (await listFiles(admin, bucket, folder, depth)).map((file) => file.path);
}

/** Removes objects, in batches Storage takes. */
export async function removeObjects(admin: SupabaseClient, bucket: string, paths: string[]): Promise<void> {
  for (let start = 0; start < paths.length; start += PAGE) {
    const { error } = await admin.storage.from(bucket).remove(paths.slice(start, start + PAGE));
    if (error) throw new StorageTrouble(`${bucket} objects could not be removed: ${error.message}`);
  }
}
