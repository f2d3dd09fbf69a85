// My portfolios' changes as TanStack Query mutations: the list changes at once (optimistic) and
// goes back if the server refuses; deleting waits a few seconds for an Undo before it is sent.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { createOnce } from './createOnce';
import { deletePortfolioRow, renamePortfolio, TITLE_MAX_LENGTH, type PortfolioRow } from './portfolioApi';
import { portfolioKeys } from './queries';
import { createPortfolioCopy, removePortfolioFiles } from './portfolioFiles';
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
  /** Brings it back (before the time is up). */
  undo: () => void;
}

/**
 * Delete with Undo: the portfolio leaves the list at once and is deleted on the server (row and
 * files) once UNDO_DELETE_MS pass without Undo, or at once when the screen closes.
 */
export function useDeleteWithUndo(userId: string) {
  const queryClient = useQueryClient();
  const listKey = portfolioKeys.list(userId);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; commit: () => void }>());

  const remove = useMutation({
    mutationFn: async (row: PortfolioRow) => {
      await deletePortfolioRow(getSupabase(), row.id);
      // The row is gone; its files follow (a failure here leaves files, never a broken portfolio).
      await removePortfolioFiles(getSupabase(), userId, row.id).catch((error: unknown) =>
        console.warn('[FolioForge] could not remove the files of a deleted portfolio:', error),
      );
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
      const commit = () => {
        timers.current.delete(row.id);
        setPending((current) => (current?.row.id === row.id ? null : current));
        mutate(row);
      };
      const undo = () => {
        const entry = timers.current.get(row.id);
        if (!entry) return;
        clearTimeout(entry.timer);
        timers.current.delete(row.id);
        queryClient.setQueryData<PortfolioRow[]>(listKey, (rows) =>
          [...(rows ?? []).filter((item) => item.id !== row.id), row].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
        );
        setPending(null);
      };
      timers.current.set(row.id, { timer: setTimeout(commit, UNDO_DELETE_MS), commit });
      setPending({ row, undo });
    },
    [listKey, mutate, queryClient],
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
