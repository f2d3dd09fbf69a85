// The editor of an account portfolio kept live (Supabase Realtime): another tab's or device's save of
// it is told at once — loaded where nothing is unsaved, asked about where something is — and the
// user's other open editors are seen through presence on their private channel.
import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { builtOnFirstUse, eqFilter, getSupabase, joinEditors, realtimeTopics, useWatchedTables } from '@folioforge/shared';
import type { CloudSaver } from '../drafts/cloudSaver';
import { fetchPortfolio, type PortfolioRow } from '../portfolios/portfolioApi';

export interface LiveEditing {
  /** The newer version on screen came from another tab or device (until the next edit). */
  updatedElsewhere: boolean;
  /** The same portfolio is open in another tab or on another device. */
  alsoOpen: boolean;
}

// A change only says which version the account holds now; the row itself is read through PostgREST.
const savedVersion = builtOnFirstUse(() => z.object({ version: z.number() }));

export function useLiveEditing(
  { userId, portfolioId, session, saver }: { userId: string; portfolioId: string; session: string; saver: CloudSaver },
  showRow: (row: PortfolioRow) => void,
): LiveEditing {
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  const [alsoOpen, setAlsoOpen] = useState(false);

  /** Reads the account's row; newer than the screen's, it loads unless something was typed meanwhile. */
  const readNewest = useCallback(async () => {
    const row = await fetchPortfolio(getSupabase(), userId, portfolioId);
    if (row.version <= saver.getVersion()) return;
    if (saver.hasUnsavedChanges()) {
      saver.noteSavedElsewhere(row.version);
      return;
    }
    showRow(row);
    setUpdatedElsewhere(true);
  }, [portfolioId, saver, showRow, userId]);
  const readNewestQuietly = useCallback(
    () => void readNewest().catch((error: unknown) => console.warn('[FolioForge] could not read the newer version:', error)),
    [readNewest],
  );

  useEffect(() => saver.onNewerSaved(readNewestQuietly), [readNewestQuietly, saver]);
  // The note is about what is on screen: the next edit makes it untrue.
  useEffect(() => saver.subscribe((state) => state.kind === 'saving' && setUpdatedElsewhere(false)), [saver]);

  useWatchedTables(
    getSupabase(),
    realtimeTopics.portfolio(portfolioId),
    [{ table: 'portfolios', event: 'UPDATE', filter: eqFilter('id', portfolioId) }],
    {
      onChange: ({ record }) => {
        const change = savedVersion().safeParse(record);
        if (change.success) saver.noteSavedElsewhere(change.data.version);
      },
      // Back after a dropped connection: a save made meanwhile was not told, so ask.
      onRejoined: readNewestQuietly,
    },
  );

  useEffect(
    () =>
      joinEditors(getSupabase(), realtimeTopics.user(userId), session, { portfolioId }, (others) =>
        setAlsoOpen(others.some((other) => other.portfolioId === portfolioId)),
      ),
    [portfolioId, session, userId],
  );

  return { updatedElsewhere, alsoOpen };
}
