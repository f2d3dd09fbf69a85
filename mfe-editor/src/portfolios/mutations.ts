// My portfolios' changes as TanStack Query mutations: the list changes at once (optimistic) and
// goes back if the server refuses; deleting waits a few seconds for an Undo before it is sent, but a
// published portfolio's page is taken down at once (Undo brings the portfolio back unpublished).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { deletePortfolio, unpublishPortfolio } from '../publishing/publishApi';
import { createOnce } from './createOnce';
import { renamePortfolio, TITLE_MAX_LENGTH, type PortfolioRow } from './portfolioApi';
import { portfolioKeys } from './queries';
import { createPortfolioCopy } from './portfolioFiles';
import { forgetRow } from './savedRows';

/** How long a deleted portfolio can be brought back. */
export const UNDO_DELETE_MS = 6000;

export function useRenamePortfolio(userId: string) {
  const queryClient = useQueryClient();
  const listKey = portfolioKeys.list(userId);
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renamePortfolio(getSupabase(), id, title),
    onMutate: async ({ id, title }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<PortfolioRow[]>(listKey);
      queryClient.setQueryData<PortfolioRow[]>(listKey, (rows) => rows?.map((row) => (row.id === id ? { ...row, title } : row)));
      return { before };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(listKey, context?.before),
    onSuccess: (row) => queryClient.setQueryData(portfolioKeys.one(userId, row.id), row),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function copyTitle(title: string): string {
  return `${title || 'Untitled portfolio'} (copy)`.slice(0, TITLE_MAX_LENGTH);
}

export function useDuplicatePortfolio(userId: string) {
  const queryClient = useQueryClient();
  const listKey = portfolioKeys.list(userId);
  return useMutation({
    // A double click makes one copy: the second asks for the copy already on its way.
    mutationFn: (source: PortfolioRow) =>
      createOnce(`duplicate:${source.id}`, () =>
        createPortfolioCopy(getSupabase(), userId, { templateId: source.templateId, title: copyTitle(source.title), data: source.data }),
      ),
    onSuccess: (row) =>
      queryClient.setQueryData<PortfolioRow[]>(listKey, (rows) => [row, ...(rows ?? []).filter((item) => item.id !== row.id)]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export interface PendingDelete {
  row: PortfolioRow;
  /** The page that was taken down when Delete was chosen (Undo does not put it back up). */
  tookDown: 'taking-down' | 'taken-down' | 'failed' | undefined;
  /** Brings it back (before the time is up). */
  undo: () => void;
}

/**
 * Delete with Undo: the portfolio leaves the list at once and is deleted on the server (its page,
 * row and files, through the publish function) once UNDO_DELETE_MS pass without Undo, or at once when
 * the screen closes. A published portfolio's page is taken down at once, so nothing public outlives
 * the choice: Undo brings the portfolio back as an unpublished draft.
 */
export function useDeleteWithUndo(userId: string) {
  const queryClient = useQueryClient();
  const listKey = portfolioKeys.list(userId);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; commit: () => void }>());

  const remove = useMutation({
    mutationFn: async (row: PortfolioRow) => {
      // The function takes the row and its files; this device forgets its copy.
      await deletePortfolio(row.id);
      forgetRow(queryClient, userId, row.id);
    },
    onError: (error, row) => {
      setFailure(`“${row.title || 'Untitled portfolio'}” could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const { mutate } = remove;

  const deleteLater = useCallback(
    (row: PortfolioRow) => {
      setFailure(null);
      queryClient.setQueryData<PortfolioRow[]>(listKey, (rows) => rows?.filter((item) => item.id !== row.id));
      const showTakeDown = (tookDown: PendingDelete['tookDown']) =>
        setPending((current) => (current?.row.id === row.id ? { ...current, tookDown } : current));
      const takingDown = row.published
        ? unpublishPortfolio(row.id).then(
            () => showTakeDown('taken-down'),
            (error: unknown) => {
              console.warn('[FolioForge] the page of a deleted portfolio could not be taken down yet:', error);
              showTakeDown('failed');
            },
          )
        : Promise.resolve();
      const commit = () => {
        timers.current.delete(row.id);
        setPending((current) => (current?.row.id === row.id ? null : current));
        // After the take-down has answered: the function changes one page at a time.
        void takingDown.then(() => mutate(row));
      };
      const undo = () => {
        const entry = timers.current.get(row.id);
        if (!entry) return;
        clearTimeout(entry.timer);
        timers.current.delete(row.id);
        // Its page stays down: the portfolio comes back as a draft to publish again.
        const restored = row.published ? { ...row, published: false, slug: null } : row;
        queryClient.setQueryData<PortfolioRow[]>(listKey, (rows) =>
          [...(rows ?? []).filter((item) => item.id !== row.id), restored].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
        );
        queryClient.setQueryData<PortfolioRow>(portfolioKeys.one(userId, row.id), (old) =>
          old ? { ...old, published: false, slug: null } : old,
        );
        setPending(null);
        if (row.published) void queryClient.invalidateQueries({ queryKey: listKey });
      };
      timers.current.set(row.id, { timer: setTimeout(commit, UNDO_DELETE_MS), commit });
      setPending({ row, undo, tookDown: row.published ? 'taking-down' : undefined });
    },
    [listKey, mutate, queryClient, userId],
  );

  // Leaving the screen (or the page) ends the undo window: the delete goes now.
  useEffect(() => {
    const pendingTimers = timers.current;
    const commitAll = () => {
      for (const { timer, commit } of [...pendingTimers.values()]) {
        clearTimeout(timer);
        commit();
      }
    };
    window.addEventListener('pagehide', commitAll);
    return () => {
      window.removeEventListener('pagehide', commitAll);
      commitAll();
    };
  }, []);

  return { deleteLater, pending, failure };
}
