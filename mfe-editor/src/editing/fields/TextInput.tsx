import { memo, useId, type ChangeEvent } from 'react';
import { isSafeHref } from '@folioforge/shared';
import type { FieldKind } from '@folioforge/templates';
import styles from './FieldInput.module.scss';

const INPUT_TYPE: Readonly<Record<'text' | 'email' | 'phone' | 'url', string>> = { text: 'text', email: 'email', phone: 'tel', url: 'url' };

export interface TextInputProps {
  path: string;
  kind: 'text' | 'email' | 'phone' | 'url';
  label: string;
  /** The accessible name where the label repeats (e.g. 'Project 3 URL'). */
  accessibleLabel?: string;
  /**
   * The text the input starts with. The input keeps its own text after that (uncontrolled), so typing
   * re-renders nothing on the form's side: every key re-renders only the preview's part.
   */
  initialValue: string;
  /** The sample text the field holds (the initial value), shown as a placeholder to replace. */
  sample?: string;
  /** The field holds the sample still (nothing typed over it): a note says so. */
  stillSample?: boolean;
  maxLength: number;
  autoComplete?: string;
  /** The id of a datalist of suggestions. */
  list?: string;
  /** For links: what the value is now, to say when it will show as text. */
  value?: string;
  onChange: (path: string, value: string) => void;
}

/** A one-line field. Never longer than its limit (the schema's, said in its title). */
export const TextInput = memo(function TextInput({
  path,
  kind,
  label,
  accessibleLabel,
  initialValue,
  sample,
  stillSample = false,
  maxLength,
  autoComplete,
  list,
  value,
  onChange,
}: TextInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const sampleId = `${id}-sample`;
  // A typed link that the page will show as text: say why while the visitor can still fix it.
  const linkHint =
    kind === 'url' && value !== undefined && value.trim() !== '' && !isSafeHref(value)
      ? 'Shown as text, not a link: start it with https://, mailto: or tel:'
      : null;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={path}
        className={styles.input}
        type={INPUT_TYPE[kind]}
        defaultValue={sample === undefined ? initialValue : ''}
        placeholder={sample}
        maxLength={maxLength}
        aria-label={accessibleLabel}
        autoComplete={autoComplete ?? 'off'}
        list={list}
        inputMode={kind === 'url' ? 'url' : undefined}
        aria-describedby={[stillSample ? sampleId : '', linkHint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(path, event.target.value)}
      />
      {stillSample ? <SampleNote id={sampleId} /> : null}
      {linkHint ? (
        <p id={hintId} className={styles.hint}>
          {linkHint}
        </p>
      ) : null}
    </div>
  );
});

/**
 * Beside a field that holds sample text: what the greyed text is, for a screen reader (the field's
 * description). Not drawn: a line that went with the first key press would move the form under the caret.
 */
export function SampleNote({ id }: { id: string }) {
  return (
    <p id={id} className={styles.sampleNote}>
      Sample text, shown on your page until you write your own.
    </p>
  );
}

export const isTextKind = (kind: FieldKind): kind is TextInputProps['kind'] =>
  kind === 'text' || kind === 'email' || kind === 'phone' || kind === 'url';
