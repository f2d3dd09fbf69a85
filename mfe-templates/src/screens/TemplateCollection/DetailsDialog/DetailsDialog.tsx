import { useId, useRef, type FormEvent } from 'react';
import { Button, DETAILS_FIELDS, TextField, useFocusTrap, type DetailsValues } from '@folioforge/shared';
import styles from './DetailsDialog.module.scss';

export interface DetailsDialogProps {
  templateName: string;
  /** Controlled: the collection keeps the values, so they survive close and reopen. */
  values: DetailsValues;
  onChange: (values: DetailsValues) => void;
  onSubmit: (values: DetailsValues) => void;
  onClose: () => void;
}

/**
 * The details popup: a modal dialog (focus moved in and kept there, Escape or Close to leave, focus
 * back on the button that opened it). Submit opens /design with these values laid over the template's start.
 */
export function DetailsDialog({ templateName, values, onChange, onSubmit, onClose }: DetailsDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(dialogRef, true, onClose);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    // The backdrop is presentational: clicking it is a pointer shortcut for Close (Escape does the same).
    <div role="presentation" className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.dialog}>
        <h2 id={titleId} className={styles.title}>
          Enter Details for {templateName}
        </h2>
        <form onSubmit={submit} noValidate>
          {DETAILS_FIELDS.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              name={field.key}
              type={field.type}
              autoComplete={
                field.key === 'email'
                  ? 'email'
                  : field.key === 'phone'
                    ? 'tel'
                    : field.key === 'name'
                      ? 'name'
                      : field.key === 'address'
                        ? 'street-address'
                        : 'url'
              }
              value={values[field.key]}
              onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
            />
          ))}
          <div className={styles.actions}>
            <Button type="submit">Submit</Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
