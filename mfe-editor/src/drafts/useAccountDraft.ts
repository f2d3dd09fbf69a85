import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getRuntimeConfig, getSupabase, useAuthStore } from '@folioforge/shared';
import type { TemplateValues } from '@folioforge/templates';
import { savePortfolio, savePortfolioKeepalive, type PortfolioRow } from '../portfolios/portfolioApi';
import { portfolioKeys } from '../portfolios/queries';
import { bucketFor, isStorageRef, newFilePath, removeStoredFiles, signedUrlsFor, uploadPortfolioFile } from '../portfolios/portfolioFiles';
import type { OpenPortfolio } from '../portfolios/useOpenPortfolio';
import { markCopySaved, writeAccountCopy } from './accountCopies';
import { CloudSaver, type SaveState } from './cloudSaver';
import type { DraftEntry } from './draftStorage';
import { accountFilesKey, draftFileId, draftFileStore } from './fileStore';
import { loadEntryFiles, DRAFT_SAVE_DELAY_MS, type PortfolioDraft } from './usePortfolioDraft';

type EntryToSave = Omit<DraftEntry, 'updatedAt'>;

export interface AccountDraftOptions {
  userId: string;
  portfolio: OpenPortfolio;
  /** The row's data for a set of values, as stored (e.g. rich text sanitised); identity by default. */
  toSavedData?: (values: TemplateValues) => TemplateValues;
}

export interface AccountDraft {
  draft: PortfolioDraft;
  saver: CloudSaver;
}

const identity = (values: TemplateValues) => values;

/**
 * The draft of a portfolio kept in the account: the same interface the device drafts offer the
 * editor, written to this device at once (dirty until accepted) and to the account by a CloudSaver
 * about a second after typing pauses, and at once when the page is hidden or closed.
 */
export function useAccountDraft({ userId, portfolio, toSavedData = identity }: AccountDraftOptions): AccountDraft {
  const { id: portfolioId, opened } = portfolio;
  const queryClient = useQueryClient();
  const latest = useRef<(() => EntryToSave) | null>(null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const localPending = useRef(false);
  const toSaved = useRef(toSavedData);
  toSaved.current = toSavedData;

  // What the account held after the last save: its stored files, to remove the ones a save drops.
  const lastSaved = useRef<TemplateValues>(opened.savedData ?? opened.data);
  const readData = useCallback(() => toSaved.current(latest.current?.().values ?? opened.data), [opened]);

  const [saver] = useState(
    () =>
      new CloudSaver({
        version: opened.baseVersion,
        savedData: opened.savedData,
        readData,
        send: (data, expectedVersion, { keepalive }) =>
          keepalive
            ? savePortfolioKeepalive(getRuntimeConfig(), useAuthStore.getState().session?.access_token, portfolioId, expectedVersion, data)
            : savePortfolio(getSupabase(), portfolioId, expectedVersion, data),
        onSaved: (row: PortfolioRow, data: TemplateValues) => {
          markCopySaved(userId, portfolioId, row.version, data);
          // Files the account no longer names (replaced, reset to the sample) leave storage now.
          const dropped = Object.values(lastSaved.current).filter((value) => isStorageRef(value) && !Object.values(data).includes(value));
          lastSaved.current = data;
          if (dropped.length) {
            removeStoredFiles(getSupabase(), userId, dropped).catch((error: unknown) =>
              console.warn('[FolioForge] could not remove a replaced file:', error),
            );
          }
          queryClient.setQueryData(portfolioKeys.one(userId, portfolioId), row);
          void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
        },
      }),
  );

  const writeLocal = useCallback(() => {
    clearTimeout(localTimer.current);
    localTimer.current = undefined;
    if (!localPending.current || !latest.current) return;
    localPending.current = false;
    const entry = latest.current();
    writeAccountCopy(userId, portfolioId, {
      templateId: portfolio.templateId,
      title: portfolio.title,
      baseVersion: saver.getVersion(),
      data: toSaved.current(entry.values),
      files: entry.files,
      dirty: true,
    });
  }, [portfolio.templateId, portfolio.title, portfolioId, saver, userId]);

  const firstCall = useRef(true);
  const scheduleSave = useCallback(
    (readEntry: () => EntryToSave) => {
      latest.current = readEntry;
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

  const draft = useMemo<PortfolioDraft>(() => {
    const saved: DraftEntry = { values: opened.data, files: opened.files, updatedAt: 0 };
    const filesKey = accountFilesKey(userId);
    return {
      saved,
      scheduleSave,
      storeFile: (fieldKey, file) => draftFileStore().put(draftFileId(filesKey, portfolioId, fieldKey), file),
      removeFile: (fieldKey) => draftFileStore().remove(draftFileId(filesKey, portfolioId, fieldKey)),
      loadSavedFiles: () => loadEntryFiles(filesKey, portfolioId, saved),
      uploadFile: (fieldKey, kind, file, onProgress) =>
        uploadPortfolioFile({
          config: getRuntimeConfig(),
          accessToken: useAuthStore.getState().session?.access_token,
          ref: { bucket: bucketFor(kind), path: newFilePath(userId, portfolioId, fieldKey, file) },
          file,
          kind,
          onProgress,
        }),
      signStoredFiles: (refs) => signedUrlsFor(getSupabase(), userId, refs),
    };
  }, [opened, portfolioId, scheduleSave, userId]);

  return { draft, saver };
}

/** The saver's state, for the save status beside the form. */
export function useSaveState(saver: CloudSaver): SaveState {
  return useSyncExternalStore(
    useCallback((onChange) => saver.subscribe(onChange), [saver]),
    () => saver.getState(),
  );
}
