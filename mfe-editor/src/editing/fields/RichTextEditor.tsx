// The rich text editor (Tiptap), in a chunk of its own: the form draws long fields as their text
// first and loads this when one is focused (or the page is idle), so the editor's first screen does
// not wait for it and thirty items do not mean thirty editors.
import { useId, useLayoutEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { DOMSerializer, type Schema } from '@tiptap/pm/model';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isSafeHref, inertDocumentOf, sanitizeRichTextNodes } from '@folioforge/shared';
import styles from './RichTextField.module.scss';

/**
 * Only what the toolbar offers: paragraphs, bold, italic, lists, links. The form keeps one undo history
 * across fields (PortfolioEditor), so the editor's own is off.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    codeBlock: false,
    code: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    undoRedo: false,
    dropcursor: false,
    gapcursor: false,
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isSafeHref(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
];

const serializers = new WeakMap<Schema, DOMSerializer>();

/**
 * The editor's content as sanitised HTML ('' when empty). Built straight into an inert document and
 * sanitised there: Tiptap's getHTML makes a new document on every call, and sanitising its string
 * would parse it into another one, twice the work on every key press.
 */
function valueOf(editor: Editor): string {
  if (editor.isEmpty) return '';
  let serializer = serializers.get(editor.schema);
  if (!serializer) {
    serializer = DOMSerializer.fromSchema(editor.schema);
    serializers.set(editor.schema, serializer);
  }
  return sanitizeRichTextNodes(serializer.serializeFragment(editor.state.doc.content, { document: inertDocumentOf(window) }));
}

export interface RichTextEditorProps {
  /** The field's path: the editor carries it as data-field, for undo to put the caret back. */
  path: string;
  /** The accessible name. */
  name: string;
  /** Sanitised HTML to start from. */
  initialHtml: string;
  onChange: (path: string, value: string) => void;
  /**
   * Called once the editor, just drawn, has the focus and the caret at the end (the visitor clicked or
   * tabbed into the field's text, which stays until then).
   */
  onFocused: () => void;
}

export default function RichTextEditor({ path, name, initialHtml, onChange, onFocused }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    immediatelyRender: true,
    // Typing must not re-render this component: the toolbar follows the selection on its own.
    shouldRerenderOnTransaction: false,
    editorProps: {
      // ProseMirror measures the caret on every key to scroll it into view (a forced layout). Only a
      // field taller than its box needs that; the browser keeps the caret on screen for the page.
      handleScrollToSelection: (view) => view.dom.scrollHeight <= view.dom.clientHeight,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': name,
        'data-field': path,
        class: styles.input ?? '',
      },
    },
    // The preview follows at once, as it does for an input's change event (not a render scheduled for later).
    onUpdate: ({ editor: changed }) => flushSync(() => onChange(path, valueOf(changed))),
  });

  // Before the browser paints. Tiptap's focus command puts the caret at the end at once but moves
  // DOM focus a frame later, so the view takes it here too (its DOM is in the page: EditorContent,
  // a child, mounted first).
  useLayoutEffect(() => {
    editor.commands.focus('end');
    editor.view.focus();
    onFocused();
    // Only as it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  return (
    <>
      <Toolbar editor={editor} fieldName={name} />
      <EditorContent editor={editor} className={styles.content} />
    </>
  );
}

function Toolbar({ editor, fieldName }: { editor: Editor; fieldName: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const mark = (label: string, pressed: boolean, run: () => void, shortcut?: string) => (
    <button
      type="button"
      className={styles.tool}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      // Keeps the selection in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className={styles.toolbar} role="toolbar" aria-label={`Formatting for ${fieldName}`}>
        {mark('Bold', active.bold, () => editor.chain().focus().toggleBold().run(), 'Control+B')}
        {mark('Italic', active.italic, () => editor.chain().focus().toggleItalic().run(), 'Control+I')}
        {mark('Bullets', active.bulletList, () => editor.chain().focus().toggleBulletList().run())}
        {mark('Numbers', active.orderedList, () => editor.chain().focus().toggleOrderedList().run())}
        {mark('Link', active.link || linking, () => setLinking((open) => !open))}
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
    </>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `${useId()}-link`;
  const errorId = `${inputId}-error`;
  // A form inside the editor's form would nest forms: a group with its own submit handling instead.
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const url = href.trim();
    if (!isSafeHref(url)) {
      setProblem('Links must start with https://, http://, mailto: or tel:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  return (
    <div className={styles.linkForm} role="group" aria-label="Link">
      <label htmlFor={inputId}>Link address</label>
      <input
        id={inputId}
        type="url"
        value={href}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
          if (event.key === 'Escape') onDone();
        }}
      />
      <button type="button" className={styles.tool} onClick={() => apply()}>
        Apply link
      </button>
      <button
        type="button"
        className={styles.tool}
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onDone();
        }}
      >
        Remove link
      </button>
      {problem ? (
        <p id={errorId} role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
