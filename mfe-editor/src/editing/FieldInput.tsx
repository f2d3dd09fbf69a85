import { memo, useId, useState, type ChangeEvent } from 'react';
import type { TemplateField } from '@folioforge/templates';
// Deep path: /portfo uses this field too and must not pull in every template's preview.
import { isSafeHref } from '@folioforge/shared';
import type { StoredFileMeta } from '../drafts/draftStorage';
import { ACCEPT, LIMITS_HINT, rejectionFor, type FileFieldKind } from './fileRules';
import type { UploadState } from './useEditableValues';
import { RichTextField } from './RichTextField';
import styles from './FieldInput.module.scss';

/** What a link or file field shows about its value besides the text itself. */
export type ValueSummary = 'empty' | 'filled' | 'unsafeLink';

export const summariseValue = (field: TemplateField, value: string): ValueSummary => {
  if (value.trim() === '') return 'empty';
  return field.kind === 'url' && !isSafeHref(value) ? 'unsafeLink' : 'filled';
};

export interface FieldInputProps {
  field: TemplateField;
  /**
   * The text the input starts with. The input keeps its own text after that (uncontrolled), so
   * typing re-renders nothing on the form's side: every key re-renders only the preview.
   */
  initialValue: string;
  /** For link and file fields, which follow their value; absent for plain text. */
  valueSummary?: ValueSummary;
  /** The file chosen for a file field in this draft, if any. */
  chosenFile: StoredFileMeta | undefined;
  onTextChange: (fieldKey: string, value: string) => void;
  onFileChosen: (fieldKey: string, file: File) => void;
  /** Signed in: where the chosen file's upload to the account stands. */
  upload?: UploadState;
}

const INPUT_TYPE: Readonly<Record<'text' | 'email' | 'phone' | 'url', string>> = { text: 'text', email: 'email', phone: 'tel', url: 'url' };
const AUTOCOMPLETE: Partial<Record<string, string>> = { name: 'name', email: 'email', phone: 'tel' };

/** One form field drawn from its definition: the kind picks the control. */
export const FieldInput = memo(function FieldInput({
  field,
  initialValue,
  valueSummary,
  chosenFile,
  onTextChange,
  onFileChosen,
  upload,
}: FieldInputProps) {
  const id = useId();
  if (field.kind === 'image' || field.kind === 'pdf') {
    return (
      <FilePicker
        id={id}
        field={field}
        kind={field.kind}
        hasValue={valueSummary === 'filled'}
        chosenFile={chosenFile}
        onFileChosen={onFileChosen}
        upload={upload}
      />
    );
  }
  if (field.kind === 'longText') return <RichTextField field={field} initialValue={initialValue} onTextChange={onTextChange} />;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => onTextChange(field.key, event.target.value);
  const common = {
    id,
    name: field.key,
    defaultValue: initialValue,
    onChange,
    className: styles.input,
    'aria-label': field.accessibleLabel,
  };
  // A typed link that the preview will show as text: say why while the visitor can still fix it.
  const linkHint = valueSummary === 'unsafeLink' ? 'Shown as text, not a link: start it with https://, mailto: or tel:' : null;
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
      </label>
      <input
        {...common}
        type={INPUT_TYPE[field.kind]}
        autoComplete={AUTOCOMPLETE[field.key] ?? 'off'}
        inputMode={field.kind === 'url' ? 'url' : undefined}
        aria-describedby={linkHint ? hintId : undefined}
      />
      {linkHint ? (
        <p id={hintId} className={styles.hint}>
          {linkHint}
        </p>
      ) : null}
    </div>
  );
});

interface FilePickerProps {
  id: string;
  field: TemplateField;
  kind: FileFieldKind;
  /** The field has a picture or resume without a chosen file: the template's sample. */
  hasValue: boolean;
  chosenFile: StoredFileMeta | undefined;
  onFileChosen: (fieldKey: string, file: File) => void;
  upload: UploadState | undefined;
}

function FilePicker({ id, field, kind, hasValue, chosenFile, onFileChosen, upload }: FilePickerProps) {
  const [pickRejection, setRejection] = useState<string | null>(null);
  // The server's refusal (its content, its size) counts as much as the picker's own check.
  const rejection = pickRejection ?? (upload?.kind === 'failed' ? upload.message : null);
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const limitsId = `${id}-limits`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = rejectionFor(file, kind);
    // Cleared either way, so choosing the same file again still fires a change.
    input.value = '';
    setRejection(problem);
    if (!problem) onFileChosen(field.key, file);
  };

  const current =
    upload?.kind === 'stored' && chosenFile
      ? `Stored in your account: ${chosenFile.name}`
      : chosenFile
        ? `Chosen: ${chosenFile.name}`
        : hasValue
          ? `Using ${upload ? 'your' : 'the sample'} ${kind === 'image' ? 'picture' : 'resume'}`
          : 'No file chosen';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
      </label>
      <input
        id={id}
        name={field.key}
        type="file"
        accept={ACCEPT[kind]}
        onChange={onChange}
        className={styles.fileInput}
        aria-label={field.accessibleLabel}
        aria-invalid={rejection ? true : undefined}
        aria-describedby={rejection ? `${errorId} ${limitsId} ${statusId}` : `${limitsId} ${statusId}`}
      />
      <p id={limitsId} className={styles.hint}>
        {LIMITS_HINT[kind]}
      </p>
      {upload?.kind === 'uploading' ? (
        <div role="status" className={styles.upload}>
          <span>
            Uploading {upload.fileName}… {Math.round(upload.fraction * 100)}%
          </span>
          <progress className={styles.progress} max={1} value={upload.fraction} aria-label={`Upload of ${upload.fileName}`} />
        </div>
      ) : (
        <p id={statusId} className={styles.hint}>
          {current}
        </p>
      )}
      {rejection ? (
        <p id={errorId} role="alert" className={styles.error}>
          {rejection}
        </p>
      ) : null}
    </div>
  );
}
