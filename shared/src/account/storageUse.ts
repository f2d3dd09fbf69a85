// The space a user's pictures and resumes take, and what their plan includes. The database keeps to
// the quota at upload (supabase/migrations/*_storage_quota.sql); the editor and /account show it.
import { queryOptions } from '@tanstack/react-query';
import { storageKeys } from '../serverState/keys';
import { loadSupabase, type FolioForgeClient } from '../supabase/createSupabase';

interface StorageUse {
  bytes: number;
  files: number;
  /** What the plan includes; undefined when it could not be read. */
  quotaBytes: number | undefined;
}

async function fetchStorageUse(client: FolioForgeClient): Promise<StorageUse> {
  const [used, granted] = await Promise.all([
    client.from('storage_usage').select('bytes, files').maybeSingle(),
    client.from('entitlements').select('storage_quota_bytes').maybeSingle(),
  ]);
  if (used.error) throw new Error(used.error.message);
  const quota = granted.data?.storage_quota_bytes;
  return {
    bytes: typeof used.data?.bytes === 'number' ? used.data.bytes : 0,
    files: typeof used.data?.files === 'number' ? used.data.files : 0,
    quotaBytes: typeof quota === 'number' ? quota : undefined,
  };
}

/** The query My portfolios and /account read it with (one cache entry, refreshed by invalidateBilling and invalidatePortfolios). */
export const storageUseQuery = (userId: string) =>
  queryOptions({ queryKey: storageKeys.usage(userId), queryFn: async () => fetchStorageUse(await loadSupabase()) });

/** "4.2 MB", "50 MB", "2 GB". */
export function formatBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1024) return `${Number((megabytes / 1024).toFixed(1))} GB`;
  return `${megabytes.toFixed(megabytes < 10 ? 1 : 0)} MB`;
}
