import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { TemplateField } from '@folioforge/templates';
import type { StoredFileMeta } from '../drafts/draftStorage';
import { FieldInput, summariseValue, type FieldInputProps } from './FieldInput';
import { useStore } from 'zustand';
import {
  useEditedValue,
  useFieldRevisions,
  useFocusRequest,
  useUploadState,
  useValuesRevision,
  type EditedValuesStore,
} from './useEditableValues';

export interface EditorFormProps {
  fields: readonly TemplateField[];
  valuesStore: EditedValuesStore;
  chosenFiles: Readonly<Record<string, StoredFileMeta>>;
  onTextChange: (fieldKey: string, value: string) => void;
  onFileChosen: (fieldKey: string, file: File) => void;
  /** Accessible name of the form. */
  label: string;
  children?: ReactNode;
}

// Nothing is submitted: every change is already in the preview and the draft. Enter must not reload.
const keepOnPage = (event: FormEvent) => event.preventDefault();

/** The form drawn from a list of field definitions, in their order. */
export function EditorForm({ fields, valuesStore, chosenFiles, onTextChange, onFileChosen, label, children }: EditorFormProps) {
  // Values replaced at once (a reset) redraw every field with its new text; undo and redo the fields they change.
  const revision = useValuesRevision(valuesStore);
  const fieldRevisions = useFieldRevisions(valuesStore);
  const formRef = useRef<HTMLFormElement>(null);
  useCaretAfterUndo(formRef, valuesStore);
  return (
    <form ref={formRef} aria-label={label} onSubmit={keepOnPage} noValidate>
      {fields.map((field) => (
        <EditedField
          key={`${field.key}@${revision}.${fieldRevisions[field.key] ?? 0}`}
          valuesStore={valuesStore}
          field={field}
          chosenFile={chosenFiles[field.key]}
          onTextChange={onTextChange}
          onFileChosen={onFileChosen}
        />
      ))}
      {children}
    </form>
  );
}

type EditedFieldProps = Omit<FieldInputProps, 'initialValue' | 'valueSummary'> & { valuesStore: EditedValuesStore };

// Links and files show something about their value besides the text the input holds itself.
const showsValue = (field: TemplateField) => field.kind === 'url' || field.kind === 'image' || field.kind === 'pdf';

/**
 * A field starting from its stored value. Its input keeps its own text, so a key press re-renders
 * nothing on the form's side (only the preview). Replacing every value remounts the field
 * (EditorForm keys it by the store's revision).
 */
function EditedField({ valuesStore, ...props }: EditedFieldProps) {
  const [initialValue] = useState(() => valuesStore.getState().values[props.field.key] ?? '');
  if (!showsValue(props.field)) return <FieldInput {...props} initialValue={initialValue} />;
  return <ValueShowingField {...props} valuesStore={valuesStore} initialValue={initialValue} />;
}

/** A link or file field: follows its value, for the note it shows about it (e.g. a link shown as text). */
function ValueShowingField({ valuesStore, ...props }: Omit<FieldInputProps, 'valueSummary'> & { valuesStore: EditedValuesStore }) {
  const value = useEditedValue(valuesStore, props.field.key);
  const upload = useUploadState(valuesStore, props.field.key);
  const stored = useStore(valuesStore, (state) => props.field.key in state.fileRefs);
  // A stored file shows once its signed URL is in; until then it is still "filled".
  const summary = stored && value === '' ? 'filled' : summariseValue(props.field, value);
  return <FieldInput {...props} valueSummary={summary} upload={upload} />;
}

/**
 * After undo or redo redrew a field, the caret goes into it (at the end), as in a text editor, when
 * the visitor was in the form; from the toolbar buttons focus stays on the button.
 */
function useCaretAfterUndo(formRef: RefObject<HTMLFormElement>, valuesStore: EditedValuesStore) {
  const request = useFocusRequest(valuesStore);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!request || !form) return;
    const active = document.activeElement;
    if (active && active !== document.body && !form.contains(active)) return;
    const target = form.querySelector<HTMLElement>(
      `[name="${CSS.escape(request.fieldKey)}"], [data-field="${CSS.escape(request.fieldKey)}"]`,
    );
    if (!target) return;
    target.focus();
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      const end = target.value.length;
      // Email and URL inputs have no selection API.
      try {
        target.setSelectionRange(end, end);
      } catch {
        /* the caret stays where focus put it */
      }
    }
  }, [formRef, request]);
}
