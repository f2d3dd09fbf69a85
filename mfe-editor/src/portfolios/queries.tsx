// Server state of the editor remote, in the page's one TanStack Query cache (@folioforge/shared's), so
// My portfolios, the editor and the account page share what they loaded and its invalidation.
import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getSupabase, portfolioKeys, ServerStateProvider } from '@folioforge/shared';
import { fetchPortfolio, listPortfolios, PortfolioRequestError, type PortfolioRow } from './portfolioApi';

// The keys are @folioforge/shared's, so the account page's view of the same rows refreshes with these.
export { portfolioKeys };

/** Failures that another try will not fix are not retried. */
const retryable = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof PortfolioRequestError && error.kind !== 'offline');

/** Wraps an exposed screen in the page's shared query cache (the account page reads the same rows). */
export function withEditorQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <ServerStateProvider>
        <Screen {...props} />
      </ServerStateProvider>
    );
  }
  WithQueries.displayName = `withEditorQueries(${Screen.displayName ?? Screen.name})`;
  return WithQueries;
}

export function usePortfolioList(userId: string | undefined) {
  return useQuery<PortfolioRow[]>({
    queryKey: portfolioKeys.list(userId ?? ''),
    queryFn: () => listPortfolios(getSupabase(), userId ?? ''),
    enabled: Boolean(userId),
    retry: retryable,
  });
}

export function usePortfolio(userId: string | undefined, id: string | undefined) {
  return useQuery<PortfolioRow>({
    queryKey: portfolioKeys.one(userId ?? '', id ?? ''),
    queryFn: () => fetchPortfolio(getSupabase(), userId ?? '', id ?? ''),
    enabled: Boolean(userId && id),
    retry: retryable,
    // An opened portfolio is read fresh: another device may have saved since.
    staleTime: 0,
  });
}
