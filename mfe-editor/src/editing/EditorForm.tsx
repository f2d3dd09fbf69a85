import type { FormEvent, ReactNode } from 'react';
import type { TemplateField, TemplateValues } from '@folioforge/shared/src/templates/types';
import type { StoredFileMeta } from '../drafts/draftStorage';
import { FieldInput } from './FieldInput';

export interface EditorFormProps {
  fields: readonly TemplateField[];
  values: TemplateValues;
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
export function EditorForm({ fields, values, chosenFiles, onTextChange, onFileChosen, label, children }: EditorFormProps) {
  return (
    <form aria-label={label} onSubmit={keepOnPage} noValidate>
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          chosenFile={chosenFiles[field.key]}
          onTextChange={onTextChange}
          onFileChosen={onFileChosen}
        />
      ))}
      {children}
    </form>
  );
}
