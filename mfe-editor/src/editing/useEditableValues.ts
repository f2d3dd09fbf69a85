import { useCallback, useEffect, useRef, useState } from 'react';
import type { TemplateField, TemplateValues } from '@folioforge/shared/src/templates/types';
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

export interface EditableValues {
  values: TemplateValues;
  /** Names of the files chosen per field (absent: the field shows its sample or nothing). */
  chosenFiles: Readonly<Record<string, StoredFileMeta>>;
  /** Stable: safe to hand to memoised fields. */
  setFieldValue: (fieldKey: string, value: string) => void;
  /** Stable. The file must already have passed the picker's check. */
  chooseFile: (fieldKey: string, file: File) => void;
  /** Replaces every value (e.g. reset to the sample) and forgets chosen files. */
  replaceValues: (values: TemplateValues) => void;
}

const metaOf = (file: File): StoredFileMeta => ({ name: file.name, type: file.type, size: file.size });

/**
 * A screen's values as React state (the one source both the form and the preview read), with
 * chosen files shown through object URLs and every change saved to the draft.
 */
export function useEditableValues({ fields, sampleValues, initialValues, initialFiles, draft, restoreSavedFiles }: EditableValuesOptions): EditableValues {
  const [values, setValues] = useState(initialValues);
  const [chosenFiles, setChosenFiles] = useState<Record<string, StoredFileMeta>>({});
  const objectUrls = useObjectUrls();
  // Fields the visitor picked in this visit: a slower restore must not overwrite them.
  const pickedThisVisit = useRef(new Set<string>());

  const showFile = useCallback(
    (fieldKey: string, file: File) => {
      const url = objectUrls.create(fieldKey, file);
      setValues((current) => ({ ...current, [fieldKey]: url }));
      setChosenFiles((current) => ({ ...current, [fieldKey]: metaOf(file) }));
    },
    [objectUrls],
  );

  const setFieldValue = useCallback((fieldKey: string, value: string) => {
    setValues((current) => (current[fieldKey] === value ? current : { ...current, [fieldKey]: value }));
  }, []);

  const chooseFile = useCallback(
    (fieldKey: string, file: File) => {
      pickedThisVisit.current.add(fieldKey);
      showFile(fieldKey, file);
      draft.storeFile(fieldKey, file).catch((error: unknown) => console.warn('[FolioForge] could not keep the chosen file for later:', error));
    },
    [draft, showFile],
  );

  // The chosen files as of the last render, for callbacks that must stay stable.
  const chosenFilesRef = useRef(chosenFiles);
  chosenFilesRef.current = chosenFiles;

  const replaceValues = useCallback(
    (next: TemplateValues) => {
      for (const fieldKey of Object.keys(chosenFilesRef.current)) {
        objectUrls.release(fieldKey);
        draft.removeFile(fieldKey).catch(() => undefined);
      }
      pickedThisVisit.current.clear();
      setChosenFiles({});
      setValues(next);
    },
    [draft, objectUrls],
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

  useEffect(() => {
    draft.scheduleSave(draftEntryFromValues(fields, sampleValues, values, chosenFiles));
  }, [draft, fields, sampleValues, values, chosenFiles]);

  return { values, chosenFiles, setFieldValue, chooseFile, replaceValues };
}
