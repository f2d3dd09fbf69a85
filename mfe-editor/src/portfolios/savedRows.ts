// The one owner of a saved row's copies on this device: the server-state cache (My portfolios, the
// publish panel) and this device's copy (accountCopies.ts). Whatever learns what the account holds —
// a new portfolio, a save, a newer version loaded, a rename, a publish — tells it here, once.
import type { QueryClient } from '@tanstack/react-query';
import { markCopySaved, removeAccountCopy, sameSaved, writeAccountCopy } from './accountCopies';
import type { PortfolioRow, SavedPortfolio } from './portfolioApi';
import { invalidatePortfolios, portfolioKeys } from '@folioforge/shared';

/** The account holds `row`, and this device now shows exactly it (made, loaded, copied). */
export function adoptRow(queryClient: QueryClient, userId: string, row: PortfolioRow, shown: SavedPortfolio = row): void {
  writeAccountCopy(userId, row.id, {
    templateId: shown.templateId,
    title: row.title,
    baseVersion: row.version,
    data: shown.data,
    dirty: !sameSaved(shown, row),
  });
  queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
  void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
}

/** The account accepted `sent` as `row` (this device's copy may have moved on since). */
export function noteSaved(queryClient: QueryClient, userId: string, row: PortfolioRow, sent: SavedPortfolio): void {
  markCopySaved(userId, row.id, row.version, sent);
  queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
  void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
}

/** Something other than the content changed on the server (title, publishing, look). */
export function patchRow(queryClient: QueryClient, userId: string, id: string, change: Partial<PortfolioRow>): void {
  queryClient.setQueryData<PortfolioRow>(portfolioKeys.one(userId, id), (old) => (old ? { ...old, ...change } : old));
  // Every view of the user's pages (My portfolios, /account in another remote) and their space read again.
  void invalidatePortfolios(queryClient, userId);
}

/** The portfolio is gone (deleted, or given up for a copy): nothing of it stays on this device. */
export function forgetRow(queryClient: QueryClient, userId: string, id: string): void {
  removeAccountCopy(userId, id);
  queryClient.removeQueries({ queryKey: portfolioKeys.one(userId, id) });
}
