// The rich text editor (Tiptap), in a chunk of its own: the form draws long fields as their text
// first and loads this when one is focused (or the page is idle), so the editor's first screen does
// not wait for it and thirty items do not mean thirty editors.
import { useId, useLayoutEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { DOMSerializer, type Schema } from '@tiptap/pm/model';
import { EditorContent, useEditor, useEditorState, type Editor, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { inertDocumentOf, isSafeHref, isSafeOrPageHref, sanitizeRichTextNodes, type RichTextBlocks } from '@folioforge/shared';
import { PageChooser } from './PageChooser';
import { ADDRESS_CHOICE, linkTargetOf, REMOVED_PAGE_MESSAGE, usePageLinkChoices } from './pageLinks';
import styles from './RichTextField.module.scss';

const LINK = {
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  // A link to a page of the site (`page:<id>`) too: the sanitiser keeps it in the same tab.
  isAllowedUri: (url: string) => isSafeOrPageHref(url),
  HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
} as const;

/**
 * Only what the toolbar offers, by the allow-list the field follows (shared/src/ui/safe/sanitizeRichText.ts):
 * a field has paragraphs, bold, italic, lists and links; a post's body has headings, quotes and code
 * besides. The form keeps one undo history across fields (PortfolioEditor), so the editor's own is off.
 */
const EXTENSIONS: Readonly<Record<RichTextBlocks, Extensions>> = {
  field: [
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
      link: LINK,
    }),
  ],
  post: [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      codeBlock: { enableTabIndentation: false },
      horizontalRule: false,
      strike: false,
      underline: false,
      undoRedo: false,
      dropcursor: false,
      gapcursor: false,
      trailingNode: false,
      link: LINK,
    }),
  ],
};

const serializers = new WeakMap<Schema, DOMSerializer>();

/**
 * The editor's content as sanitised HTML ('' when empty). Built straight into an inert document and
 * sanitised there: Tiptap's getHTML makes a new document on every call, and sanitising its string
 * would parse it into another one, twice the work on every key press.
 */
function valueOf(editor: Editor, blocks: RichTextBlocks): string {
  if (editor.isEmpty) return '';
  let serializer = serializers.get(editor.schema);
  if (!serializer) {
    serializer = DOMSerializer.fromSchema(editor.schema);
    serializers.set(editor.schema, serializer);
  }
  return sanitizeRichTextNodes(
    serializer.serializeFragment(editor.state.doc.content, { document: inertDocumentOf(window) }),
    window,
    blocks,
  );
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
  /** The allow-list it follows: a field's, or a post body's with headings, quotes and code. */
  blocks?: RichTextBlocks;
}

export default function RichTextEditor({ path, name, initialHtml, onChange, onFocused, blocks = 'field' }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS[blocks],
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
    onUpdate: ({ editor: changed }) => flushSync(() => onChange(path, valueOf(changed, blocks))),
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
      <Toolbar editor={editor} fieldName={name} blocks={blocks} />
      <EditorContent editor={editor} className={styles.content} />
    </>
  );
}

function Toolbar({ editor, fieldName, blocks }: { editor: Editor; fieldName: string; blocks: RichTextBlocks }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      heading: current.isActive('heading', { level: 2 }),
      subheading: current.isActive('heading', { level: 3 }),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      code: current.isActive('code'),
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
        {blocks === 'post' ? (
          <>
            {mark('Heading', active.heading, () => editor.chain().focus().toggleHeading({ level: 2 }).run(), 'Control+Alt+2')}
            {mark('Subheading', active.subheading, () => editor.chain().focus().toggleHeading({ level: 3 }).run(), 'Control+Alt+3')}
          </>
        ) : null}
        {mark('Bold', active.bold, () => editor.chain().focus().toggleBold().run(), 'Control+B')}
        {mark('Italic', active.italic, () => editor.chain().focus().toggleItalic().run(), 'Control+I')}
        {mark('Bullets', active.bulletList, () => editor.chain().focus().toggleBulletList().run())}
        {mark('Numbers', active.orderedList, () => editor.chain().focus().toggleOrderedList().run())}
        {blocks === 'post' ? (
          <>
            {mark('Quote', active.blockquote, () => editor.chain().focus().toggleBlockquote().run(), 'Control+Shift+B')}
            {mark('Code block', active.codeBlock, () => editor.chain().focus().toggleCodeBlock().run(), 'Control+Alt+C')}
            {mark('Code', active.code, () => editor.chain().focus().toggleCode().run(), 'Control+E')}
          </>
        ) : null}
        {mark('Link', active.link || linking, () => setLinking((open) => !open))}
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
    </>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const choices = usePageLinkChoices();
  const [current] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [target, setTarget] = useState(() => (linkTargetOf(current, choices).kind === 'address' ? ADDRESS_CHOICE : current.trim()));
  const [href, setHref] = useState(() => (target === ADDRESS_CHOICE && current ? current : 'https://'));
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `${useId()}-link`;
  const chooserId = `${inputId}-page`;
  const errorId = `${inputId}-error`;
  const removed = target !== ADDRESS_CHOICE && linkTargetOf(target, choices).kind === 'removedPage';
  const shownProblem = problem ?? (removed ? REMOVED_PAGE_MESSAGE : null);
  // A form inside the editor's form would nest forms: a group with its own submit handling instead.
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    if (target !== ADDRESS_CHOICE) {
      if (removed) {
        setProblem(REMOVED_PAGE_MESSAGE);
        return;
      }
      editor.chain().focus().extendMarkRange('link').setLink({ href: target }).run();
      onDone();
      return;
    }
    const url = href.trim();
    if (!isSafeHref(url)) {
      setProblem('Links must start with https://, http://, mailto: or tel:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') apply(event);
    if (event.key === 'Escape') onDone();
  };
  return (
    <div className={styles.linkForm} role="group" aria-label="Link">
      {choices ? (
        <>
          <label htmlFor={chooserId}>Leads to</label>
          <PageChooser
            id={chooserId}
            name="Link leads to"
            value={target}
            choices={choices}
            addressLabel="An address"
            removed={removed}
            describedBy={shownProblem ? errorId : undefined}
            onChoose={(chosen) => {
              setTarget(chosen);
              setProblem(null);
            }}
          />
        </>
      ) : null}
      {target === ADDRESS_CHOICE ? (
        <>
          <label htmlFor={inputId}>Link address</label>
          <input
            id={inputId}
            type="url"
            value={href}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={keys}
          />
        </>
      ) : null}
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
      {shownProblem ? (
        <p id={errorId} role="alert" className={styles.error}>
          {shownProblem}
        </p>
      ) : null}
    </div>
  );
}
