// Server state of the editor remote: one TanStack Query client per page for every exposed screen, so
// My portfolios and the editor share what they loaded (a list, an opened row) and its invalidation.
import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { fetchPortfolio, listPortfolios, PortfolioRequestError, type PortfolioRow } from './portfolioApi';

export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: (userId: string) => ['portfolios', userId, 'list'] as const,
  one: (userId: string, id: string) => ['portfolios', userId, 'one', id] as const,
};

/** Failures that another try will not fix are not retried. */
const retryable = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof PortfolioRequestError && error.kind !== 'offline');

let client: QueryClient | undefined;

export function editorQueryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryable, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/** Tests: a fresh cache. */
export function resetEditorQueryClientForTests(): void {
  client?.clear();
  client = undefined;
}

/** Wraps an exposed screen in the remote's query client. */
export function withEditorQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryClientProvider client={editorQueryClient()}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `withEditorQueries(${Screen.displayName ?? Screen.name})`;
  return WithQueries;
}

export function usePortfolioList(userId: string | undefined) {
  return useQuery<PortfolioRow[]>({
    queryKey: portfolioKeys.list(userId ?? ''),
    queryFn: () => listPortfolios(getSupabase()),
    enabled: Boolean(userId),
  });
}

export function usePortfolio(userId: string | undefined, id: string | undefined) {
  return useQuery<PortfolioRow>({
    queryKey: portfolioKeys.one(userId ?? '', id ?? ''),
    queryFn: () => fetchPortfolio(getSupabase(), id ?? ''),
    enabled: Boolean(userId && id),
    // An opened portfolio is read fresh: another device may have saved since.
    staleTime: 0,
  });
}
