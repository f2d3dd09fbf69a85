// The one owner of a saved row's copies on this device: the server-state cache (My portfolios, the
// publish panel) and this device's copy (accountCopies.ts). Whatever learns what the account holds —
// a new portfolio, a save, a newer version loaded, a rename, a publish — tells it here, once.
import type { QueryClient } from '@tanstack/react-query';
import { markCopySaved, newCopyWriter, removeAccountCopy, sameSaved, writeAccountCopy, type CopyWriter } from './accountCopies';
import type { PortfolioRow, SavedPortfolio } from './portfolioApi';
import { invalidatePortfolios, portfolioKeys } from '@folioforge/shared';

/** The account holds `row`, and this device now shows exactly it (made, loaded, copied), as `writer`'s copy (a new session's by default). */
export function adoptRow(
  queryClient: QueryClient,
  userId: string,
  row: PortfolioRow,
  shown: SavedPortfolio = row,
  writer: CopyWriter = newCopyWriter(),
): void {
  writeAccountCopy(userId, row.id, {
    ...writer,
    templateId: shown.templateId,
    title: row.title,
    baseVersion: row.version,
    data: shown.data,
    dirty: !sameSaved(shown, row),
  });
  queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
  void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
}

/** The account accepted `sent` as `row` (the session's copy on this device may have moved on since). */
export function noteSaved(queryClient: QueryClient, userId: string, row: PortfolioRow, sent: SavedPortfolio, session: string): void {
  markCopySaved(userId, row.id, session, row.version, sent);
  queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
  void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
}

/** Something other than the content changed on the server (title, publishing, look). */
export function patchRow(queryClient: QueryClient, userId: string, id: string, change: Partial<PortfolioRow>): void {
  queryClient.setQueryData<PortfolioRow>(portfolioKeys.one(userId, id), (old) => (old ? { ...old, ...change } : old));
  // Every view of the user's pages (My portfolios, /account in another remote) and their space read again.
  void invalidatePortfolios(queryClient, userId);
}

/**
 * The portfolio is gone (deleted): nothing of it stays on this device. Given up for a copy by one
 * editor session (`session`): that session's copy goes, other tabs' unsaved work stays.
 */
export function forgetRow(queryClient: QueryClient, userId: string, id: string, session?: string): void {
  removeAccountCopy(userId, id, session);
  queryClient.removeQueries({ queryKey: portfolioKeys.one(userId, id) });
}
