import { memo, useCallback, useEffect, useId, useState } from 'react';
import { postBodyToSafeHtml, preloadRegion, RichText, richTextToSafeHtml, type RichTextBlocks } from '@folioforge/shared';
import { LaterPart } from '../LaterPart';
import { SampleNote } from './TextInput';
import styles from './RichTextField.module.scss';

const loadRichTextEditor = () => import(/* webpackChunkName: "rich-text-editor" */ './RichTextEditor');
const RICH_TEXT_EDITOR = 'rich-text-editor';

/** Loads the editor's chunk when the page has nothing better to do, so the first focus finds it there. */
export function preloadRichTextEditor(): void {
  preloadRegion(loadRichTextEditor, RICH_TEXT_EDITOR);
}

export interface RichTextFieldProps {
  path: string;
  label: string;
  /** The accessible name where the label repeats (e.g. 'Project 3 description'). */
  accessibleLabel?: string;
  /** The stored value: the editor's HTML, or plain text from before rich text (opened as paragraphs). */
  initialValue: string;
  /** The sample text the field holds (the initial value): shown greyed until the owner writes their own, then gone. */
  sample?: string;
  /** The field holds the sample still (nothing written over it): a note says so. */
  stillSample?: boolean;
  onChange: (path: string, value: string) => void;
  /**
   * The blocks it offers, by the allow-list its value follows: a field's (bold, italic, lists, links) or
   * a post body's, with headings, quotes and code besides.
   */
  blocks?: RichTextBlocks;
}

/**
 * A long field with bold, italic, lists and links (a post's body: headings, quotes and code too). It shows its text until the visitor goes into it;
 * then the editor (Tiptap, loaded apart) takes its place with the caret in it. Its value is HTML, ''
 * when empty. The text keeps focus until the editor has it: removed first, it would drop focus on
 * the page's <body> (a screen reader says "document", the next Tab starts from the top).
 */
export const RichTextField = memo(function RichTextField({
  path,
  label,
  accessibleLabel,
  initialValue,
  sample,
  stillSample = false,
  onChange,
  blocks = 'field',
}: RichTextFieldProps) {
  const labelId = useId();
  const sampleId = `${labelId}-sample`;
  const name = accessibleLabel ?? label;
  // Sample text is not the owner's to edit: the editor opens empty for their own words.
  const [initialHtml] = useState(() => {
    if (sample !== undefined) return '';
    return blocks === 'post' ? postBodyToSafeHtml(initialValue) : richTextToSafeHtml(initialValue);
  });
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
      data-sample={sample === undefined ? undefined : ''}
      aria-describedby={stillSample ? sampleId : undefined}
      className={`${styles.input} ${styles.preview} ${sample === undefined ? '' : styles.sample}`.trimEnd()}
      onFocus={open}
      onMouseDown={open}
    >
      <RichText value={initialValue} blocks={blocks} />
    </div>
  );

  return (
    <div className={styles.field}>
      {/* A contenteditable cannot be a label's control: the editor carries the name itself (aria-label). */}
      <label id={labelId} className={styles.label}>
        {label}
      </label>
      {editing ? (
        <LaterPart
          name={RICH_TEXT_EDITOR}
          load={loadRichTextEditor}
          props={{ path, name, initialHtml, onChange, onFocused: onEditorFocused, blocks }}
          loading={null}
        />
      ) : null}
      {/* The same element all along (never a Suspense fallback's copy), so the focus it holds stays. */}
      {editorFocused ? null : preview}
      {stillSample ? <SampleNote id={sampleId} /> : null}
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
