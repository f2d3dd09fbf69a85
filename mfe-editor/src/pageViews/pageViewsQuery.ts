// A published page's views for its owner: the last 30 days, one figure a day (days without a view
// are 0), the sites that sent the most, and the views of each page of the site. Counted by the site's server (tooling/pageViews.mjs)
// into page_view_days and page_view_referrers; row-level security shows an owner their own only.
import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@folioforge/shared';

export const PAGE_VIEW_DAYS = 30;
export const TOP_REFERRERS = 5;

export interface PageViewDay {
  /** YYYY-MM-DD, UTC, as the counter dates views. */
  day: string;
  views: number;
}

export interface PageViewSummary {
  days: PageViewDay[];
  total: number;
  referrers: { host: string; views: number }[];
  /** Views per page of the site ('' is home, 'projects', 'blog/first-post'), most first. */
  pages: { page: string; views: number }[];
}

/** The window's views per page, summed over its days, most first (then by address). */
export function viewsByPage(rows: readonly { page: string; views: number }[]): { page: string; views: number }[] {
  const byPage = new Map<string, number>();
  for (const row of rows) byPage.set(row.page, (byPage.get(row.page) ?? 0) + row.views);
  return [...byPage].map(([page, views]) => ({ page, views })).sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The `count` days up to and including `today` (UTC), oldest first. */
export function lastDays(today: Date, count = PAGE_VIEW_DAYS): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) => isoDay(new Date(end - (count - 1 - index) * 86_400_000)));
}

/** Every day of the window with its views, 0 where none were counted. */
export function fillDays(rows: readonly PageViewDay[], days: readonly string[]): PageViewDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row.views]));
  return days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

export const pageViewsQueryKey = (portfolioId: string) => ['page-views', portfolioId] as const;

/** The query of a page's views (TanStack Query): `useQuery(pageViewsQuery(getSupabase(), id))`. */
export function pageViewsQuery(client: SupabaseClient<Database>, portfolioId: string, today: () => Date = () => new Date()) {
  return queryOptions({
    queryKey: pageViewsQueryKey(portfolioId),
    // Views trickle in while the owner looks; a minute old is fresh enough.
    staleTime: 60_000,
    queryFn: async (): Promise<PageViewSummary> => {
      const days = lastDays(today());
      const since = days[0]!;
      const [counts, referrers, pages] = await Promise.all([
        client.from('page_view_days').select('day, views').eq('portfolio_id', portfolioId).gte('day', since).order('day'),
        client.rpc('top_page_referrers', { page: portfolioId, since, how_many: TOP_REFERRERS }),
        client.from('page_view_pages').select('page, views').eq('portfolio_id', portfolioId).gte('day', since),
      ]);
      if (counts.error) throw new Error(counts.error.message);
      if (referrers.error) throw new Error(referrers.error.message);
      if (pages.error) throw new Error(pages.error.message);
      const filled = fillDays(counts.data ?? [], days);
      return {
        days: filled,
        total: filled.reduce((sum, day) => sum + day.views, 0),
        referrers: (referrers.data ?? []).map((row) => ({ host: row.referrer, views: Number(row.views) })),
        pages: viewsByPage(pages.data ?? []),
      };
    },
  });
}
