import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { TemplateField, TemplateValues } from '@folioforge/templates';
import type { StoredFileMeta } from '../drafts/draftStorage';
import { draftEntryFromValues } from '../drafts/draftValues';
import type { PortfolioDraft } from '../drafts/usePortfolioDraft';
import { useObjectUrls } from './useObjectUrls';

export interface EditableValuesOptions {
  fields: readonly TemplateField[];
  sampleValues: TemplateValues;
  initialValues: TemplateValues;
  /** Files to show from the start, e.g. handed over in navigation state. */
  initialFiles?: Readonly<Record<string, File>>;
  draft: PortfolioDraft;
  /** Bring back the files the draft lists (a reload); false when the screen starts from other values. */
  restoreSavedFiles: boolean;
}

interface EditedState {
  values: TemplateValues;
  chosenFiles: Readonly<Record<string, StoredFileMeta>>;
  /** Counts the times every value was replaced at once (a reset), for the form to redraw its inputs. */
  revision: number;
}

/**
 * A screen's values, outside React state so that a key press re-renders only the preview, not
 * the screen or the form around it (their inputs keep their own text). Read with
 * `useEditedValues` and `useEditedValue`.
 */
export type EditedValuesStore = StoreApi<EditedState>;

/**
 * Every value: for the preview. A state subscription rather than useSyncExternalStore (zustand's
 * useStore), which queues an after-paint task on every change: one more task per key press.
 */
export function useEditedValues(store: EditedValuesStore): TemplateValues {
  const [values, setValues] = useState(() => store.getState().values);
  useLayoutEffect(() => {
    setValues(store.getState().values);
    return store.subscribe((state) => setValues(state.values));
  }, [store]);
  return values;
}

/** One field's value ('' when it has none). */
export const useEditedValue = (store: EditedValuesStore, fieldKey: string): string =>
  useStore(store, (state) => state.values[fieldKey] ?? '');

/** Changes when every value was replaced at once. */
export const useValuesRevision = (store: EditedValuesStore): number => useStore(store, (state) => state.revision);

export interface EditableValues {
  /** Stable. */
  valuesStore: EditedValuesStore;
  /** Names of the files chosen per field (absent: the field shows its sample or nothing). */
  chosenFiles: Readonly<Record<string, StoredFileMeta>>;
  /** Stable: safe to hand to memoised fields. */
  setFieldValue: (fieldKey: string, value: string) => void;
  /** Stable. The file must already have passed the picker's check. */
  chooseFile: (fieldKey: string, file: File) => void;
  /** Replaces every value (e.g. reset to the sample), redraws the form with them and forgets chosen files. */
  replaceValues: (values: TemplateValues) => void;
}

const metaOf = (file: File): StoredFileMeta => ({ name: file.name, type: file.type, size: file.size });

/**
 * A screen's values (the one source both the form and the preview read), with chosen files shown
 * through object URLs and every change saved to the draft. The calling component re-renders when
 * the chosen files change, not on typing.
 */
export function useEditableValues({
  fields,
  sampleValues,
  initialValues,
  initialFiles,
  draft,
  restoreSavedFiles,
}: EditableValuesOptions): EditableValues {
  const [valuesStore] = useState(() => createStore<EditedState>()(() => ({ values: initialValues, chosenFiles: {}, revision: 0 })));
  // Subscribed so that useObjectUrls' after-commit step runs once a replaced file is off screen.
  const chosenFiles = useStore(valuesStore, (state) => state.chosenFiles);
  const objectUrls = useObjectUrls();
  // Fields the visitor picked in this visit: a slower restore must not overwrite them.
  const pickedThisVisit = useRef(new Set<string>());

  const showFile = useCallback(
    (fieldKey: string, file: File) => {
      const url = objectUrls.create(fieldKey, file);
      valuesStore.setState((current) => ({
        values: { ...current.values, [fieldKey]: url },
        chosenFiles: { ...current.chosenFiles, [fieldKey]: metaOf(file) },
      }));
    },
    [objectUrls, valuesStore],
  );

  const setFieldValue = useCallback(
    (fieldKey: string, value: string) => {
      valuesStore.setState((current) =>
        current.values[fieldKey] === value ? current : { values: { ...current.values, [fieldKey]: value } },
      );
    },
    [valuesStore],
  );

  const chooseFile = useCallback(
    (fieldKey: string, file: File) => {
      pickedThisVisit.current.add(fieldKey);
      showFile(fieldKey, file);
      draft
        .storeFile(fieldKey, file)
        .catch((error: unknown) => console.warn('[FolioForge] could not keep the chosen file for later:', error));
    },
    [draft, showFile],
  );

  const replaceValues = useCallback(
    (next: TemplateValues) => {
      for (const fieldKey of Object.keys(valuesStore.getState().chosenFiles)) {
        objectUrls.release(fieldKey);
        draft.removeFile(fieldKey).catch(() => undefined);
      }
      pickedThisVisit.current.clear();
      valuesStore.setState((current) => ({ values: next, chosenFiles: {}, revision: current.revision + 1 }));
    },
    [draft, objectUrls, valuesStore],
  );

  // Files handed over at opening, and files saved by an earlier visit, become object URLs here
  // (never during render, so StrictMode's double render leaks nothing).
  useEffect(() => {
    let cancelled = false;
    for (const [fieldKey, file] of Object.entries(initialFiles ?? {})) chooseFile(fieldKey, file);
    if (restoreSavedFiles) {
      void draft.loadSavedFiles().then((files) => {
        if (cancelled) return;
        for (const [fieldKey, file] of Object.entries(files)) if (!pickedThisVisit.current.has(fieldKey)) showFile(fieldKey, file);
      });
    }
    return () => {
      cancelled = true;
    };
    // Once per opening: later changes of these inputs are the visitor's own edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Saved as opened (which makes this the draft to reopen) and after every change.
  useEffect(() => {
    const readEntry = () => {
      const { values, chosenFiles: files } = valuesStore.getState();
      return draftEntryFromValues(fields, sampleValues, values, files);
    };
    const save = () => draft.scheduleSave(readEntry);
    save();
    return valuesStore.subscribe(save);
  }, [draft, fields, sampleValues, valuesStore]);

  return { valuesStore, chosenFiles, setFieldValue, chooseFile, replaceValues };
}
