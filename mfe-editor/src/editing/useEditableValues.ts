import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { TemplateField, TemplateValues } from '@folioforge/templates';
import type { StoredFileMeta } from '../drafts/draftStorage';
import { draftEntryFromValues, isFileKind, richTextSanitizerFor } from '../drafts/draftValues';
import { EditHistory } from './editHistory';
import { isStorageRef } from '../portfolios/portfolioFiles';
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
  /** Per field, the times its value was set from outside its input (undo, redo): the field redraws. */
  fieldRevisions: Readonly<Record<string, number>>;
  /** The field undo or redo changed, for the form to put the caret back in it. */
  focusRequest: { fieldKey: string; serial: number } | null;
  canUndo: boolean;
  canRedo: boolean;
  /** File fields whose file is stored in the account: the reference the row keeps (`storage:…`). */
  fileRefs: Readonly<Record<string, string>>;
  /** Uploads under way or refused, per file field. */
  uploads: Readonly<Record<string, UploadState>>;
}

export type UploadState =
  { kind: 'uploading'; fileName: string; fraction: number } | { kind: 'failed'; message: string } | { kind: 'stored' };

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

/** Changes when undo or redo set some fields' values from outside their inputs. */
export const useFieldRevisions = (store: EditedValuesStore): Readonly<Record<string, number>> =>
  useStore(store, (state) => state.fieldRevisions);

export const useFocusRequest = (store: EditedValuesStore) => useStore(store, (state) => state.focusRequest);

/** The upload state of one file field (undefined: none this visit). */
export const useUploadState = (store: EditedValuesStore, fieldKey: string): UploadState | undefined =>
  useStore(store, (state) => state.uploads[fieldKey]);

export const useUndoAvailability = (store: EditedValuesStore): { canUndo: boolean; canRedo: boolean } => {
  const canUndo = useStore(store, (state) => state.canUndo);
  const canRedo = useStore(store, (state) => state.canRedo);
  return { canUndo, canRedo };
};

export interface EditableValues {
  /** Stable. */
  valuesStore: EditedValuesStore;
  /** Names of the files chosen per field (absent: the field shows its sample or nothing). */
  chosenFiles: Readonly<Record<string, StoredFileMeta>>;
  /** Stable: safe to hand to memoised fields. */
  setFieldValue: (fieldKey: string, value: string) => void;
  /** Stable. The file must already have passed the picker's check. */
  chooseFile: (fieldKey: string, file: File) => void;
  /**
   * Replaces every value (e.g. reset to the sample), redraws the form with them and forgets chosen
   * files. One undoable step, unless `undoable` is false (another version loaded: history starts over).
   */
  replaceValues: (values: TemplateValues, options?: { undoable?: boolean }) => void;
  /** Stable. Takes back the last step (typing in a field, a reset); the caret goes to the field changed. */
  undo: () => void;
  redo: () => void;
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
  const [valuesStore] = useState(() => {
    // Stored files open as their references; the preview shows them once signed URLs are in.
    const fileRefs: Record<string, string> = {};
    const values = { ...initialValues };
    for (const field of fields) {
      const value = values[field.key];
      if (isFileKind(field) && isStorageRef(value)) {
        fileRefs[field.key] = value;
        values[field.key] = '';
      }
    }
    return createStore<EditedState>()(() => ({
      values,
      chosenFiles: {},
      revision: 0,
      fieldRevisions: {},
      focusRequest: null,
      canUndo: false,
      canRedo: false,
      fileRefs,
      uploads: {},
    }));
  });
  const [history] = useState(() => new EditHistory());
  // Pictures and resumes are not undone: their object URLs are revoked once replaced.
  const textKeys = useMemo(() => new Set(fields.filter((field) => !isFileKind(field)).map((field) => field.key)), [fields]);
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
      valuesStore.setState((current) => {
        const before = current.values[fieldKey] ?? '';
        if (before === value) return current;
        if (textKeys.has(fieldKey)) history.recordField(fieldKey, before, value);
        return { values: { ...current.values, [fieldKey]: value }, canUndo: history.canUndo, canRedo: history.canRedo };
      });
    },
    [history, textKeys, valuesStore],
  );

  /** Puts a history step's values on screen: the fields it changed redraw, the caret goes to the first. */
  const applyStep = useCallback(
    (values: TemplateValues, fieldKey: string | null) => {
      valuesStore.setState((current) => {
        const changed = Object.keys(values);
        const fieldRevisions = { ...current.fieldRevisions };
        for (const key of changed) fieldRevisions[key] = (fieldRevisions[key] ?? 0) + 1;
        const focusKey = fieldKey ?? changed.find((key) => current.values[key] !== values[key]) ?? null;
        return {
          values: { ...current.values, ...values },
          fieldRevisions,
          focusRequest: focusKey ? { fieldKey: focusKey, serial: (current.focusRequest?.serial ?? 0) + 1 } : current.focusRequest,
          canUndo: history.canUndo,
          canRedo: history.canRedo,
        };
      });
    },
    [history, valuesStore],
  );

  const undo = useCallback(() => {
    const step = history.undo();
    if (step) applyStep(step.before, step.fieldKey);
  }, [applyStep, history]);

  const redo = useCallback(() => {
    const step = history.redo();
    if (step) applyStep(step.after, step.fieldKey);
  }, [applyStep, history]);

  /** Signed in: the file goes to the account's storage, with its progress shown; refused, the field goes back. */
  const uploadFile = useCallback(
    (fieldKey: string, file: File, before: { value: string; meta: StoredFileMeta | undefined; ref: string | undefined }) => {
      const upload = draft.uploadFile;
      const field = fields.find((candidate) => candidate.key === fieldKey);
      if (!upload || !field || !isFileKind(field)) return;
      const setUpload = (state: UploadState) => valuesStore.setState((current) => ({ uploads: { ...current.uploads, [fieldKey]: state } }));
      setUpload({ kind: 'uploading', fileName: file.name, fraction: 0 });
      upload(fieldKey, field.kind === 'image' ? 'image' : 'pdf', file, (fraction) =>
        setUpload({ kind: 'uploading', fileName: file.name, fraction }),
      ).then(
        (ref) =>
          valuesStore.setState((current) => ({
            fileRefs: { ...current.fileRefs, [fieldKey]: ref },
            uploads: { ...current.uploads, [fieldKey]: { kind: 'stored' } },
          })),
        (error: unknown) => {
          objectUrls.release(fieldKey);
          valuesStore.setState((current) => {
            const chosen = { ...current.chosenFiles };
            if (before.meta) chosen[fieldKey] = before.meta;
            else delete chosen[fieldKey];
            const fileRefs = { ...current.fileRefs };
            if (before.ref) fileRefs[fieldKey] = before.ref;
            return {
              values: { ...current.values, [fieldKey]: before.value },
              chosenFiles: chosen,
              fileRefs,
              uploads: {
                ...current.uploads,
                [fieldKey]: { kind: 'failed', message: error instanceof Error ? error.message : String(error) },
              },
            };
          });
        },
      );
    },
    [draft, fields, objectUrls, valuesStore],
  );

  const chooseFile = useCallback(
    (fieldKey: string, file: File) => {
      pickedThisVisit.current.add(fieldKey);
      const current = valuesStore.getState();
      const before = { value: current.values[fieldKey] ?? '', meta: current.chosenFiles[fieldKey], ref: current.fileRefs[fieldKey] };
      showFile(fieldKey, file);
      if (draft.uploadFile) {
        // The account's copy changes only once the new file is stored: until then the row keeps the old one.
        uploadFile(fieldKey, file, before);
        return;
      }
      draft
        .storeFile(fieldKey, file)
        .catch((error: unknown) => console.warn('[FolioForge] could not keep the chosen file for later:', error));
    },
    [draft, showFile, uploadFile, valuesStore],
  );

  /** Stored files show through signed URLs (fetched after opening; the references stay what is saved). */
  const showStoredFiles = useCallback(
    async (refs: Readonly<Record<string, string>>, cancelled: () => boolean) => {
      if (!draft.signStoredFiles || Object.keys(refs).length === 0) return;
      try {
        const urls = await draft.signStoredFiles(Object.values(refs));
        if (cancelled()) return;
        valuesStore.setState((current) => {
          const values = { ...current.values };
          for (const [fieldKey, ref] of Object.entries(refs)) {
            const url = urls[ref];
            if (url && current.fileRefs[fieldKey] === ref && !pickedThisVisit.current.has(fieldKey)) values[fieldKey] = url;
          }
          return { values };
        });
      } catch (error) {
        console.warn('[FolioForge] could not show the stored files:', error);
      }
    },
    [draft, valuesStore],
  );

  const replaceValues = useCallback(
    (next: TemplateValues, { undoable = true }: { undoable?: boolean } = {}) => {
      for (const fieldKey of Object.keys(valuesStore.getState().chosenFiles)) {
        objectUrls.release(fieldKey);
        draft.removeFile(fieldKey).catch(() => undefined);
      }
      pickedThisVisit.current.clear();
      const current = valuesStore.getState().values;
      // A reset also lets go of stored files (the next save removes them from storage).
      const fileRefs: Record<string, string> = {};
      for (const field of fields) if (isFileKind(field) && isStorageRef(next[field.key])) fileRefs[field.key] = next[field.key]!;
      const onlyText = (values: TemplateValues) => Object.fromEntries([...textKeys].map((key) => [key, values[key] ?? '']));
      if (undoable) history.recordAll(onlyText(current), onlyText(next));
      else history.clear();
      valuesStore.setState((state) => ({
        values: Object.fromEntries(Object.entries(next).map(([key, value]) => [key, fileRefs[key] ? '' : value])),
        fileRefs,
        uploads: {},
        chosenFiles: {},
        revision: state.revision + 1,
        canUndo: history.canUndo,
        canRedo: history.canRedo,
      }));
      void showStoredFiles(fileRefs, () => false);
    },
    [draft, fields, history, objectUrls, showStoredFiles, textKeys, valuesStore],
  );

  // Files handed over at opening, and files saved by an earlier visit, become object URLs here
  // (never during render, so StrictMode's double render leaks nothing).
  useEffect(() => {
    let cancelled = false;
    for (const [fieldKey, file] of Object.entries(initialFiles ?? {})) chooseFile(fieldKey, file);
    void showStoredFiles(valuesStore.getState().fileRefs, () => cancelled);
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
  const sanitizeForSave = useMemo(() => richTextSanitizerFor(fields), [fields]);
  useEffect(() => {
    const readEntry = () => {
      const { values, chosenFiles: files, fileRefs } = valuesStore.getState();
      const entry = draftEntryFromValues(fields, sampleValues, sanitizeForSave(values), files);
      // A stored file is saved as its reference, not as the URL it shows through.
      for (const [fieldKey, ref] of Object.entries(fileRefs)) {
        entry.values[fieldKey] = ref;
        delete entry.files[fieldKey];
      }
      return entry;
    };
    const save = () => draft.scheduleSave(readEntry);
    save();
    return valuesStore.subscribe(save);
  }, [draft, fields, sampleValues, sanitizeForSave, valuesStore]);

  return { valuesStore, chosenFiles, setFieldValue, chooseFile, replaceValues, undo, redo };
}
