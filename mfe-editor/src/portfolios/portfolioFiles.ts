// A portfolio's files in Storage: pictures in `portfolio-images`, resumes in `resumes`, each under
// `<user id>/<portfolio id>/` (the buckets' row-level security checks the first folder).
import type { SupabaseClient } from '@supabase/supabase-js';

export const IMAGE_BUCKET = 'portfolio-images';
export const RESUME_BUCKET = 'resumes';
export const PORTFOLIO_BUCKETS = [IMAGE_BUCKET, RESUME_BUCKET] as const;

export const portfolioFolder = (userId: string, portfolioId: string) => `${userId}/${portfolioId}`;

/** Removes every file of a portfolio from both buckets. */
export async function removePortfolioFiles(client: SupabaseClient, userId: string, portfolioId: string): Promise<void> {
  const folder = portfolioFolder(userId, portfolioId);
  for (const bucket of PORTFOLIO_BUCKETS) {
    const listed = await client.storage.from(bucket).list(folder, { limit: 1000 });
    if (listed.error) throw listed.error;
    const paths = (listed.data ?? []).filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
    if (paths.length === 0) continue;
    const removed = await client.storage.from(bucket).remove(paths);
    if (removed.error) throw removed.error;
  }
}
