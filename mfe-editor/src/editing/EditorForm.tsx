import type { FormEvent, ReactNode } from 'react';
import type { TemplateField } from '@folioforge/shared/src/templates/types';
import type { StoredFileMeta } from '../drafts/draftStorage';
import { FieldInput, type FieldInputProps } from './FieldInput';
import { useEditedValue, type EditedValuesStore } from './useEditableValues';

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
  return (
    <form aria-label={label} onSubmit={keepOnPage} noValidate>
      {fields.map((field) => (
        <EditedField
          key={field.key}
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

/** A field reading its own value, so typing in it re-renders it alone (and the preview). */
function EditedField({ valuesStore, ...props }: Omit<FieldInputProps, 'value'> & { valuesStore: EditedValuesStore }) {
  return <FieldInput {...props} value={useEditedValue(valuesStore, props.field.key)} />;
}
