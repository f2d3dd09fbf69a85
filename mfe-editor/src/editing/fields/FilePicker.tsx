import { memo, useId, useState, type ChangeEvent } from 'react';
import { Button } from '@folioforge/shared';
import { ACCEPT, LIMITS_HINT, rejectionFor, type FileFieldKind } from '../../portfolios/fileRules';
import type { UploadState } from '../portfolioEditor';
import styles from './FieldInput.module.scss';

export interface FilePickerProps {
  path: string;
  kind: FileFieldKind;
  label: string;
  accessibleLabel?: string;
  /** The field's value: '', a bundled sample, a file on this device, a stored file, an address. */
  value: string;
  /** The chosen file's name, when known. */
  fileName: string | undefined;
  upload: UploadState | undefined;
  onChoose: (path: string, kind: FileFieldKind, file: File) => void;
  onRemove: (path: string) => void;
}

/** What the field holds, in words: never "the sample" for the visitor's own file. */
function describe(kind: FileFieldKind, value: string, fileName: string | undefined, upload: UploadState | undefined): string {
  const thing = kind === 'image' ? 'picture' : 'resume';
  if (upload?.kind === 'stored') return `Stored in your account: ${upload.fileName}`;
  if (upload?.kind === 'prepared') return `Chosen: ${upload.fileName}, kept on this device until you log in`;
  if (value === '') return `No ${thing} chosen`;
  if (value.startsWith('sample:')) return `Using the sample ${thing}`;
  if (value.startsWith('device:')) return fileName ? `Chosen: ${fileName}` : `Your ${thing}, kept on this device`;
  if (value.startsWith('storage:')) return fileName ? `Stored in your account: ${fileName}` : `Your ${thing}, stored in your account`;
  return `A ${thing} from the web`;
}

export const FilePicker = memo(function FilePicker({
  path,
  kind,
  label,
  accessibleLabel,
  value,
  fileName,
  upload,
  onChoose,
  onRemove,
}: FilePickerProps) {
  const id = useId();
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
    if (!problem) onChoose(path, kind, file);
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={path}
        type="file"
        accept={ACCEPT[kind]}
        onChange={onChange}
        className={styles.fileInput}
        aria-label={accessibleLabel}
        aria-invalid={rejection ? true : undefined}
        aria-describedby={rejection ? `${errorId} ${limitsId} ${statusId}` : `${limitsId} ${statusId}`}
      />
      <p id={limitsId} className={styles.hint}>
        {LIMITS_HINT[kind]}
      </p>
      {upload?.kind === 'preparing' ? (
        <div role="status" className={styles.upload}>
          <span>
            Resizing {upload.fileName} for the web… {Math.round(upload.fraction * 100)}%
          </span>
          <progress className={styles.progress} max={1} value={upload.fraction} aria-label={`Resizing of ${upload.fileName}`} />
        </div>
      ) : upload?.kind === 'uploading' ? (
        <div role="status" className={styles.upload}>
          <span>
            Uploading {upload.fileName}… {Math.round(upload.fraction * 100)}%
          </span>
          <progress className={styles.progress} max={1} value={upload.fraction} aria-label={`Upload of ${upload.fileName}`} />
          {upload.saving ? <span>Resized: {upload.saving}</span> : null}
        </div>
      ) : (
        <div className={styles.fileStatus}>
          <p id={statusId} className={styles.hint}>
            {describe(kind, value, fileName, upload)}
            {(upload?.kind === 'stored' || upload?.kind === 'prepared') && upload.saving ? (
              <>
                <br />
                <span className={styles.saving}>Resized for the web: {upload.saving}</span>
              </>
            ) : null}
          </p>
          {value ? (
            <Button variant="ghost" onClick={() => onRemove(path)} aria-label={`Remove ${accessibleLabel ?? label}`}>
              Remove
            </Button>
          ) : null}
        </div>
      )}
      {rejection ? (
        <p id={errorId} role="alert" className={styles.error}>
          {rejection}
        </p>
      ) : null}
    </div>
  );
});
