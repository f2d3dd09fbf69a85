import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { draftFileId, draftFileStore } from './fileStore';
import { readDraftEntry, writeDraftEntry, type DraftEntry } from './draftStorage';

/** Typing bursts are saved once they pause: one localStorage write instead of one per key. */
export const DRAFT_SAVE_DELAY_MS = 300;

export interface PortfolioDraft {
  /** What was stored for this entry when the screen opened (undefined: nothing yet). */
  saved: DraftEntry | undefined;
  /** Saves the entry soon (debounced), and for certain when the page is hidden or the screen closes. */
  scheduleSave: (entry: Omit<DraftEntry, 'updatedAt'>) => void;
  storeFile: (fieldKey: string, file: File) => Promise<void>;
  removeFile: (fieldKey: string) => Promise<void>;
  /** The chosen files the saved entry lists, read back from IndexedDB (missing ones are skipped). */
  loadSavedFiles: () => Promise<Record<string, File>>;
}

/**
 * A draft of one screen's values: `storageKey` names the screen's document (DESIGN_DRAFT_KEY,
 * GENERATOR_DRAFT_KEY) and `entryKey` the entry in it (the template id on /design). Saving an
 * entry also makes it the document's last one, which is how /design knows what to reopen.
 */
export function usePortfolioDraft(storageKey: string, entryKey: string): PortfolioDraft {
  const [saved] = useState(() => readDraftEntry(storageKey, entryKey));
  const pending = useRef<Omit<DraftEntry, 'updatedAt'> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (pending.current) writeDraftEntry(storageKey, entryKey, pending.current);
    pending.current = null;
  }, [storageKey, entryKey]);

  const scheduleSave = useCallback(
    (entry: Omit<DraftEntry, 'updatedAt'>) => {
      pending.current = entry;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    // pagehide also covers reloads and tab closes, where a pending timer would be lost.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return useMemo<PortfolioDraft>(
    () => ({
      saved,
      scheduleSave,
      storeFile: (fieldKey, file) => draftFileStore().put(draftFileId(storageKey, entryKey, fieldKey), file),
      removeFile: (fieldKey) => draftFileStore().remove(draftFileId(storageKey, entryKey, fieldKey)),
      loadSavedFiles: () => loadEntryFiles(storageKey, entryKey, saved),
    }),
    [saved, scheduleSave, storageKey, entryKey],
  );
}

/** Reads the files an entry lists; a file that cannot be read is left out (the sample shows instead). */
export async function loadEntryFiles(storageKey: string, entryKey: string, entry: DraftEntry | undefined): Promise<Record<string, File>> {
  const files: Record<string, File> = {};
  for (const fieldKey of Object.keys(entry?.files ?? {})) {
    try {
      const file = await draftFileStore().get(draftFileId(storageKey, entryKey, fieldKey));
      if (file) files[fieldKey] = file;
    } catch (error) {
      console.warn(`[FolioForge] could not restore the chosen file of ${fieldKey}:`, error);
    }
  }
  return files;
}
