import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { draftFileId, draftFileStore } from './fileStore';
import { readDraftEntry, writeDraftEntry, type DraftEntry } from './draftStorage';
import type { FileFieldKind } from '../editing/fileRules';

/** Typing is saved at most this often: one localStorage write per burst of keys, not one per key. */
export const DRAFT_SAVE_DELAY_MS = 300;

type EntryToSave = Omit<DraftEntry, 'updatedAt'>;

export interface PortfolioDraft {
  /** What was stored for this entry when the screen opened (undefined: nothing yet). */
  saved: DraftEntry | undefined;
  /**
   * Saves the entry `readEntry` gives, read when the save happens: within DRAFT_SAVE_DELAY_MS, and
   * for certain when the page is hidden or the screen closes. Cheap enough to call on every key.
   */
  scheduleSave: (readEntry: () => EntryToSave) => void;
  storeFile: (fieldKey: string, file: File) => Promise<void>;
  removeFile: (fieldKey: string) => Promise<void>;
  /** The chosen files the saved entry lists, read back from IndexedDB (missing ones are skipped). */
  loadSavedFiles: () => Promise<Record<string, File>>;
  /**
   * Signed in: stores a chosen file in the account's storage (progress 0 … 1) and resolves to the
   * reference the row keeps. Absent on a visitor's device drafts, whose files stay in this browser.
   */
  uploadFile?: (fieldKey: string, kind: FileFieldKind, file: File, onProgress: (fraction: number) => void) => Promise<string>;
  /** Signed in: short-lived URLs to show stored files by, per reference. */
  signStoredFiles?: (refs: readonly string[]) => Promise<Record<string, string>>;
}

/**
 * A draft of one screen's values: `storageKey` names the screen's document (DESIGN_DRAFT_KEY,
 * GENERATOR_DRAFT_KEY) and `entryKey` the entry in it (the template id on /design). Saving an
 * entry also makes it the document's last one, which is how /design knows what to reopen.
 */
export function usePortfolioDraft(storageKey: string, entryKey: string): PortfolioDraft {
  const [saved] = useState(() => readDraftEntry(storageKey, entryKey));
  const pending = useRef<(() => EntryToSave) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const readEntry = pending.current;
    pending.current = null;
    if (readEntry) writeDraftEntry(storageKey, entryKey, readEntry());
  }, [storageKey, entryKey]);

  const scheduleSave = useCallback(
    (readEntry: () => EntryToSave) => {
      pending.current = readEntry;
      // The timer already running covers this change too: typing never re-arms it.
      timer.current ??= setTimeout(flush, DRAFT_SAVE_DELAY_MS);
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
