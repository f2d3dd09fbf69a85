// My portfolios kept live (Supabase Realtime): a portfolio saved, made or published on another tab or
// device reads the list again, and a published page's new views read its chart again, without a
// reload. A change only says what moved; rows come through PostgREST, where row-level security decides.
import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { builtOnFirstUse, eqFilter, getSupabase, inFilter, portfolioKeys, realtimeTopics, useWatchedTables } from '@folioforge/shared';
import { pageViewsQueryKey } from '../../pageViews/pageViewsQuery';
import type { PortfolioRow } from '../../portfolios/portfolioApi';

const viewedPage = builtOnFirstUse(() => z.object({ portfolio_id: z.string() }));

export function useLiveMyPortfolios(userId: string, rows: readonly PortfolioRow[] | undefined): void {
  const queryClient = useQueryClient();
  const published = (rows ?? []).filter((row) => row.published).map((row) => row.id);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
  const refreshViews = (portfolioId: string) => void queryClient.invalidateQueries({ queryKey: pageViewsQueryKey(portfolioId) });
  useWatchedTables(
    userId ? getSupabase() : null,
    realtimeTopics.myPortfolios(userId),
    [
      { table: 'portfolios', filter: eqFilter('owner_id', userId) },
      // Views are counted only for published pages: nothing to hear before one is.
      ...(published.length > 0 ? [{ table: 'page_view_days' as const, filter: inFilter('portfolio_id', published) }] : []),
    ],
    {
      onChange: ({ table, record }) => {
        if (table === 'portfolios') return refreshList();
        const viewed = viewedPage().safeParse(record);
        if (viewed.success) refreshViews(viewed.data.portfolio_id);
      },
      onRejoined: () => {
        refreshList();
        published.forEach(refreshViews);
      },
    },
  );
}
