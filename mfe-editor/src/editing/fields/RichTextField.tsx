import { lazy, memo, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { RichText, richTextToSafeHtml } from '@folioforge/shared';
import styles from './RichTextField.module.scss';

const RichTextEditor = lazy(() => import(/* webpackChunkName: "rich-text-editor" */ './RichTextEditor'));

/** Loads the editor's chunk when the page has nothing better to do, so the first focus finds it there. */
export function preloadRichTextEditor(): void {
  void import(/* webpackChunkName: "rich-text-editor" */ './RichTextEditor');
}

export interface RichTextFieldProps {
  path: string;
  label: string;
  /** The accessible name where the label repeats (e.g. 'Project 3 description'). */
  accessibleLabel?: string;
  /** The stored value: the editor's HTML, or plain text from before rich text (opened as paragraphs). */
  initialValue: string;
  onChange: (path: string, value: string) => void;
}

/**
 * A long field with bold, italic, lists and links. It shows its text until the visitor goes into it;
 * then the editor (Tiptap, loaded apart) takes its place with the caret in it. Its value is HTML, ''
 * when empty. The text keeps focus until the editor has it: removed first, it would drop focus on
 * the page's <body> (a screen reader says "document", the next Tab starts from the top).
 */
export const RichTextField = memo(function RichTextField({ path, label, accessibleLabel, initialValue, onChange }: RichTextFieldProps) {
  const labelId = useId();
  const name = accessibleLabel ?? label;
  const [initialHtml] = useState(() => richTextToSafeHtml(initialValue));
  const [editing, setEditing] = useState(false);
  const [editorFocused, setEditorFocused] = useState(false);
  const open = () => setEditing(true);
  const onEditorFocused = useCallback(() => setEditorFocused(true), []);

  const preview = (
    // Focusable and named like the editor it becomes; clicking or tabbing in opens the editor there.
    <div
      role="textbox"
      aria-multiline="true"
      aria-label={name}
      tabIndex={0}
      data-field={path}
      data-rich-text-preview=""
      className={`${styles.input} ${styles.preview}`}
      onFocus={open}
      onMouseDown={open}
    >
      <RichText value={initialValue} />
    </div>
  );

  return (
    <div className={styles.field}>
      {/* A contenteditable cannot be a label's control: the editor carries the name itself (aria-label). */}
      <label id={labelId} className={styles.label}>
        {label}
      </label>
      {editing ? (
        <Suspense fallback={null}>
          <RichTextEditor path={path} name={name} initialHtml={initialHtml} onChange={onChange} onFocused={onEditorFocused} />
        </Suspense>
      ) : null}
      {/* The same element all along (never a Suspense fallback's copy), so the focus it holds stays. */}
      {editorFocused ? null : preview}
    </div>
  );
});

/**
 * Preloads the rich text editor as soon as the visitor starts working in the form (a pointer down or a
 * focus anywhere in it), not while the page is still starting: its first screen never waits for it,
 * and by the time a long field is reached it is usually there.
 */
export function usePreloadRichTextEditor(formRef: React.RefObject<HTMLElement>): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const stop = () => {
      form.removeEventListener('pointerdown', preload);
      form.removeEventListener('focusin', preload);
    };
    const preload = () => {
      preloadRichTextEditor();
      stop();
    };
    form.addEventListener('pointerdown', preload);
    form.addEventListener('focusin', preload);
    return stop;
  }, [formRef]);
}
