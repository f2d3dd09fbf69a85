import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import {
  chooseOpening,
  newCopyWriter,
  readAccountCopies,
  removeAccountCopy,
  writeAccountCopy,
  type AccountCopy,
  type CopyWriter,
  type Opening,
  type OpenedPortfolio,
} from './accountCopies';
import { fetchPortfolio, PortfolioRequestError, type PortfolioRow } from './portfolioApi';
import { portfolioKeys } from './queries';

export interface OpenPortfolio {
  id: string;
  title: string;
  /** Whether the page is published (and where): switching its template needs that template's rights. */
  published: boolean;
  opened: OpenedPortfolio;
  /** Who this editor writes its copy on this device as. */
  writer: CopyWriter;
  /** Unsaved work on this device that did not open (another tab's, or made on an older version): Review or Discard. */
  offered: AccountCopy[];
}

export type OpenPortfolioState =
  { status: 'loading' } | { status: 'ready'; portfolio: OpenPortfolio } | { status: 'missing'; message: string };

/**
 * The opening's copies on this device settle: the one that opened is now this session's, and those the
 * row holds anyway (in step, or equal to it) go. Offered ones stay until the visitor answers.
 */
function settleCopies(
  userId: string,
  portfolioId: string,
  opening: Opening,
  copies: readonly AccountCopy[],
  writer: CopyWriter,
  online: boolean,
) {
  if (opening.from) writeAccountCopy(userId, portfolioId, { ...opening.from, ...writer });
  for (const copy of copies)
    if (copy === opening.from || (online && !opening.offered.includes(copy))) removeAccountCopy(userId, portfolioId, copy.session);
}

/**
 * Opens one of the user's portfolios, local first: this device's copies against the account's row,
 * read fresh (another tab or device may have saved). Offline, this device's copy opens alone. Settles
 * once: later refetches do not reopen the editor under the visitor's hands.
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
  const [writer] = useState(newCopyWriter);

  useEffect(() => {
    if (state.status !== 'loading') return;
    const copies = readAccountCopies(userId, portfolioId);
    if (query.isFetchedAfterMount && query.data) {
      const row = query.data;
      const opening = chooseOpening(copies, row, writer.tab);
      if (!opening) return;
      settleCopies(userId, portfolioId, opening, copies, writer, true);
      const { opened, offered } = opening;
      setState({ status: 'ready', portfolio: { id: row.id, title: row.title, published: row.published, opened, writer, offered } });
      return;
    }
    if (query.isError) {
      const offline = query.error instanceof PortfolioRequestError && query.error.kind === 'offline';
      const opening = offline ? chooseOpening(copies, undefined, writer.tab) : undefined;
      if (opening?.from) {
        settleCopies(userId, portfolioId, opening, copies, writer, false);
        const portfolio = { id: portfolioId, title: opening.from.title, published: false, opened: opening.opened, writer, offered: [] };
        setState({ status: 'ready', portfolio });
      } else {
        setState({
          status: 'missing',
          message: query.error instanceof Error ? query.error.message : 'This portfolio could not be opened.',
        });
      }
    }
  }, [portfolioId, query.data, query.error, query.isError, query.isFetchedAfterMount, state.status, userId, writer]);

  return state;
}
