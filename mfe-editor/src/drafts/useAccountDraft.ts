import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getRuntimeConfig, getSupabase, useAuthStore } from '@folioforge/shared';
import { fileValuesOf, isStorageRef } from '@folioforge/templates';
import { savePortfolio, savePortfolioKeepalive, type SavedPortfolio } from '../portfolios/portfolioApi';
import { toSaved, writeAccountCopy } from '../portfolios/accountCopies';
import {
  bucketFor,
  newFilePath,
  removeStoredFiles,
  signedUrlsFor,
  uploadPortfolioFile,
  uploadPreparedImage,
} from '../portfolios/portfolioFiles';
import { noteSaved } from '../portfolios/savedRows';
import type { OpenPortfolio } from '../portfolios/useOpenPortfolio';
import { CloudSaver, type SaveState } from './cloudSaver';
import { DRAFT_SAVE_DELAY_MS, type DraftTarget, type Shown } from './draftTarget';

export interface AccountDraftOptions {
  userId: string;
  portfolio: OpenPortfolio;
  /** Files the editor still shows or can bring back (undo): a save that drops one does not delete it. */
  filesInUse?: () => Set<string>;
}

export interface AccountDraft {
  target: DraftTarget;
  saver: CloudSaver;
}

/**
 * A portfolio kept in the account: written to this device at once (dirty until accepted) and to the
 * account by a CloudSaver about a second after typing pauses, and at once when the page is hidden or
 * closed. Files chosen go up to the account's storage.
 */
export function useAccountDraft({ userId, portfolio, filesInUse }: AccountDraftOptions): AccountDraft {
  const { id: portfolioId, opened, writer } = portfolio;
  const queryClient = useQueryClient();
  const latest = useRef<(() => Shown) | null>(null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const localPending = useRef(false);
  const inUse = useRef(filesInUse);
  inUse.current = filesInUse;

  // What the account held after the last save: its stored files, to remove the ones a save drops.
  const lastSaved = useRef<SavedPortfolio>(opened.saved ?? toSaved(opened));
  const readData = useCallback((): SavedPortfolio => {
    const shown = latest.current?.() ?? { templateId: opened.templateId, portfolio: opened.data };
    return toSaved({ templateId: shown.templateId, data: shown.portfolio });
  }, [opened]);

  const [saver] = useState(
    () =>
      new CloudSaver({
        version: opened.baseVersion,
        savedData: opened.saved,
        readData,
        send: (data, expectedVersion, { keepalive }) =>
          keepalive
            ? savePortfolioKeepalive(getRuntimeConfig(), useAuthStore.getState().session?.access_token, portfolioId, expectedVersion, data)
            : savePortfolio(getSupabase(), portfolioId, expectedVersion, data),
        onSaved: (row, sent) => {
          noteSaved(queryClient, userId, row, sent, writer.session);
          // Files the account no longer names (replaced, removed) leave storage, unless undo can still bring them back.
          const kept = new Set([...fileValuesOf(sent.data), ...(inUse.current?.() ?? [])]);
          const dropped = fileValuesOf(lastSaved.current.data).filter((value) => isStorageRef(value) && !kept.has(value));
          lastSaved.current = sent;
          if (dropped.length) {
            removeStoredFiles(getSupabase(), userId, dropped).catch((error: unknown) =>
              console.warn('[FolioForge] could not remove a replaced file:', error),
            );
          }
        },
      }),
  );

  const writeLocal = useCallback(() => {
    clearTimeout(localTimer.current);
    localTimer.current = undefined;
    if (!localPending.current || !latest.current) return;
    localPending.current = false;
    const shown = latest.current();
    const data = { templateId: shown.templateId, data: shown.portfolio };
    writeAccountCopy(userId, portfolioId, {
      ...writer,
      templateId: shown.templateId,
      title: portfolio.title,
      baseVersion: saver.getVersion(),
      data: shown.portfolio,
      // Only what differs from the version it names is unsaved: an untouched copy never comes back as changes.
      dirty: saver.differsFromSaved(data),
    });
  }, [portfolio.title, portfolioId, saver, userId, writer]);

  const firstCall = useRef(true);
  const scheduleSave = useCallback(
    (read: () => Shown) => {
      latest.current = read;
      localPending.current = true;
      localTimer.current ??= setTimeout(writeLocal, DRAFT_SAVE_DELAY_MS);
      // The editor saves once as it opens: nothing changed then, unless this device held unsaved work.
      if (firstCall.current) {
        firstCall.current = false;
        if (!opened.unsaved) return;
      }
      saver.markChanged();
    },
    [opened.unsaved, saver, writeLocal],
  );

  useEffect(() => {
    const leave = () => {
      writeLocal();
      saver.flush({ keepalive: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    const onOnline = () => saver.retry();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      // Leaving the screen inside the app: what is pending goes now. Not disposed: an offline retry
      // still carries it to the account later (and StrictMode runs this cleanup once on mount).
      writeLocal();
      saver.flush();
    };
  }, [saver, writeLocal]);

  const target = useMemo<DraftTarget>(
    () => ({
      scheduleSave,
      uploadFile: (kind, file, onProgress) =>
        uploadPortfolioFile({
          config: getRuntimeConfig(),
          accessToken: useAuthStore.getState().session?.access_token,
          ref: { bucket: bucketFor(kind), path: newFilePath(userId, portfolioId, kind, file) },
          file,
          kind,
          onProgress,
        }),
      uploadImage: (prepared, fileName, onProgress) =>
        uploadPreparedImage({
          client: getSupabase(),
          config: getRuntimeConfig(),
          accessToken: useAuthStore.getState().session?.access_token,
          userId,
          portfolioId,
          prepared,
          fileName,
          onProgress,
        }),
      signStoredFiles: (refs) => signedUrlsFor(getSupabase(), userId, refs),
    }),
    [portfolioId, scheduleSave, userId],
  );

  return { target, saver };
}

/** The saver's state, for the save status beside the form. */
export function useSaveState(saver: CloudSaver): SaveState {
  return useSyncExternalStore(
    useCallback((onChange) => saver.subscribe(onChange), [saver]),
    () => saver.getState(),
  );
}
