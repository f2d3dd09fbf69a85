import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { chooseOpening, readAccountCopy, type OpenedPortfolio } from './accountCopies';
import { fetchPortfolio, PortfolioRequestError, type PortfolioRow } from './portfolioApi';
import { portfolioKeys } from './queries';

export interface OpenPortfolio {
  id: string;
  title: string;
  /** Whether the page is published (and where): switching its template needs that template's rights. */
  published: boolean;
  opened: OpenedPortfolio;
}

export type OpenPortfolioState =
  { status: 'loading' } | { status: 'ready'; portfolio: OpenPortfolio } | { status: 'missing'; message: string };

/**
 * Opens one of the user's portfolios, local first: this device's copy against the account's row,
 * read fresh (another device may have saved). Offline, this device's copy opens alone. Settles once:
 * later refetches do not reopen the editor under the visitor's hands.
 */
export function useOpenPortfolio(userId: string, portfolioId: string): OpenPortfolioState {
  const query = useQuery<PortfolioRow>({
    queryKey: portfolioKeys.one(userId, portfolioId),
    queryFn: () => fetchPortfolio(getSupabase(), userId, portfolioId),
    staleTime: 0,
    // Read again on every opening, whatever the cache's clock says: a row cached a moment ago (made by
    // the start screen) looks fresh if the clock has stepped back, and the editor opens only on a read.
    refetchOnMount: 'always',
    // Offline, fail fast (this device's copy opens) rather than wait paused for the network.
    networkMode: 'always',
    retry: (failureCount, error) => failureCount < 1 && error instanceof PortfolioRequestError && error.kind === 'offline',
  });
  const [state, setState] = useState<OpenPortfolioState>({ status: 'loading' });

  useEffect(() => {
    if (state.status !== 'loading') return;
    const copy = readAccountCopy(userId, portfolioId);
    if (query.isFetchedAfterMount && query.data) {
      const row = query.data;
      const opened = chooseOpening(copy, row);
      if (opened) setState({ status: 'ready', portfolio: { id: row.id, title: row.title, published: row.published, opened } });
      return;
    }
    if (query.isError) {
      const offline = query.error instanceof PortfolioRequestError && query.error.kind === 'offline';
      const opened = offline ? chooseOpening(copy, undefined) : undefined;
      if (opened && copy) {
        setState({ status: 'ready', portfolio: { id: portfolioId, title: copy.title, published: false, opened } });
      } else {
        setState({
          status: 'missing',
          message: query.error instanceof Error ? query.error.message : 'This portfolio could not be opened.',
        });
      }
    }
  }, [portfolioId, query.data, query.error, query.isError, query.isFetchedAfterMount, state.status, userId]);

  return state;
}
