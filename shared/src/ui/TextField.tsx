import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './TextField.module.scss';

interface FieldChrome {
  label: string;
  /** Help under the field, e.g. the server's password rule. */
  hint?: string;
  /** A problem with this field; marks it invalid for assistive tech. */
  error?: string;
}

type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function TextField({ label, hint, error, id, className, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={fieldId} className={styles.label}>
        {label}
      </label>
      <input
        id={fieldId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...input}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({ label, hint, error, id, className, ...textarea }: TextAreaFieldProps) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={fieldId} className={styles.label}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className={styles.input}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...textarea}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
