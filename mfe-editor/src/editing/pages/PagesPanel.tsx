// The site's pages in the editor: Home and up to SITE_LIMITS.pages more, each to choose for the form
// and the preview, rename, readdress, show in the navigation or not, move, duplicate or remove. Only
// the page being edited shows its settings (name, address, navigation, password); the others are one
// line each with their address, so a site of many pages does not push the form off a phone's screen.
// Every change is a step of the editor's undo (Ctrl+Z brings a removed page back); the page being
// edited is named in the address (`&page=<id>`), so a reload keeps it.
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@folioforge/shared';
import { HOME_PAGE_ID, SITE_LIMITS, type Portfolio } from '@folioforge/templates';
import { pageOfSearch, searchWithPage } from '../../portfolios/editorPaths';
import { useEditor, useEditorList, useEditorState } from '../editorHooks';
import type { PortfolioEditor } from '../portfolioEditor';
import {
  addPage,
  cannotAddPage,
  changePageSlug,
  duplicatePage,
  movePage,
  oldAddressesOf,
  pageName,
  pageOf,
  pageSlugProblem,
  pageTitleProblem,
  removePage,
  renamePage,
  setInNavigation,
  setPageProtected,
} from './pageEdits';
import fieldStyles from '../fields/FieldInput.module.scss';
import formStyles from '../form/PortfolioForm.module.scss';
import styles from './PagesPanel.module.scss';

const NO_PAGES: readonly string[] = [];

/** Focus keys of the panel's controls (`data-page-focus`): where focus goes after a change, its undo or redo. */
const focusKey = {
  edit: (id: string) => `page-edit:${id}`,
  title: (id: string) => `page-title:${id}`,
  up: (id: string) => `page-up:${id}`,
  down: (id: string) => `page-down:${id}`,
  duplicate: (id: string) => `page-duplicate:${id}`,
  add: 'page-add',
  undoRemove: 'page-undo-remove',
};

/**
 * Whether the owner's plan puts pages behind a password (Pro, Premium): true or false once known,
 * undefined while it is not (being read, or nobody is signed in: a draft on this device).
 */
const PasswordAllowed = createContext<boolean | undefined>(undefined);

export function PagesPanel({ passwordAllowed }: { passwordAllowed?: boolean }) {
  const editor = useEditor();
  const ids = useEditorList((state) => state.portfolio.pages?.map((page) => page.id) ?? NO_PAGES);
  const panelRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const [removed, setRemoved] = useState<{ name: string; after: Portfolio } | null>(null);
  usePageInAddress(editor);
  usePanelFocus(panelRef);

  // The same function each time: the rows are memoised.
  const remove = useCallback(
    (id: string) => {
      const name = pageName(pageOf(editor.portfolio, id));
      const after = removePage(editor.portfolio, id);
      editor.change(after, { label: `Removed the page ${name}`, focus: focusKey.undoRemove, undoFocus: focusKey.edit(id) });
      setRemoved({ name, after });
    },
    [editor],
  );
  const noticeDone = useCallback(() => setRemoved(null), []);

  return (
    <section ref={panelRef} className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Pages
      </h3>
      <p className={styles.hint}>
        Home and up to {SITE_LIMITS.pages} more pages, each at its own address. Choose a page to edit its sections; the preview shows it.
      </p>
      <PasswordAllowed.Provider value={passwordAllowed}>
        <ul className={styles.list}>
          <HomeRow />
          {ids.map((id, index) => (
            <PageRow key={id} id={id} index={index} count={ids.length} onRemove={remove} />
          ))}
        </ul>
      </PasswordAllowed.Provider>
      {removed ? <RemovedNotice removed={removed} onDone={noticeDone} /> : null}
      <AddPage />
    </section>
  );
}

/** Shown while nothing has changed since the removal: "Removed Talks. Undo". */
function RemovedNotice({ removed, onDone }: { removed: { name: string; after: Portfolio }; onDone: () => void }) {
  const editor = useEditor();
  const current = useEditorState((state) => state.portfolio === removed.after);
  useEffect(() => {
    if (!current) onDone();
  }, [current, onDone]);
  if (!current) return null;
  return (
    <p className={styles.removed}>
      Removed the page “{removed.name}”.{' '}
      <button type="button" className={formStyles.tool} onClick={editor.undo} data-page-focus={focusKey.undoRemove}>
        Undo
      </button>
    </p>
  );
}

/** The button that chooses a page for the form and the preview. */
function EditButton({ id, name }: { id: string; name: string }) {
  const editor = useEditor();
  const chosen = useEditorState((state) => state.pageId === id);
  return (
    <button
      type="button"
      className={styles.choose}
      aria-pressed={chosen}
      onClick={() => editor.showPage(id)}
      data-page-focus={focusKey.edit(id)}
    >
      Edit {name}
      {chosen ? (
        // Pressed says it to screen readers.
        <span className={styles.editing} aria-hidden="true">
          {' '}
          · editing
        </span>
      ) : null}
    </button>
  );
}

function HomeRow() {
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <EditButton id={HOME_PAGE_ID} name="Home" />
      </div>
      <p className={styles.hint}>Always first, at the site's own address.</p>
    </li>
  );
}

interface PageRowProps {
  id: string;
  index: number;
  count: number;
  onRemove: (id: string) => void;
}

const PageRow = memo(function PageRow({ id, index, count, onRemove }: PageRowProps) {
  const editor = useEditor();
  const title = useEditorState((state) => pageOf(state.portfolio, id)?.title ?? '');
  const inNavigation = useEditorState((state) => pageOf(state.portfolio, id)?.inNavigation ?? true);
  const slug = useEditorState((state) => pageOf(state.portfolio, id)?.slug ?? '');
  const asksForPassword = useEditorState((state) => pageOf(state.portfolio, id)?.protected === true);
  const chosen = useEditorState((state) => state.pageId === id);
  const full = useEditorState((state) => cannotAddPage(state.portfolio));
  const name = pageName({ title });
  const place = `page ${index + 2}`;
  const titleId = useId();
  const titleProblemId = useId();
  const titleProblem = pageTitleProblem(title);

  const move = (to: number, direction: 'up' | 'down') => {
    // Focus stays on the button pressed, or goes to the other one once this one cannot move further.
    const stays = direction === 'up' ? to > 0 : to < count - 1;
    const focus = (direction === 'up') === stays ? focusKey.up(id) : focusKey.down(id);
    editor.change(movePage(editor.portfolio, id, to), { label: `Moved ${name} to position ${to + 2} of ${count + 1}`, focus });
  };
  const duplicate = () => {
    const copy = duplicatePage(editor.portfolio, id);
    editor.change(copy.portfolio, { label: `Duplicated ${name}`, focus: focusKey.title(copy.id), undoFocus: focusKey.duplicate(id) });
    // The copy is edited next (its name first), as a new page is.
    editor.showPage(copy.id);
  };

  return (
    <li className={chosen ? `${styles.row} ${styles.chosenRow}` : styles.row}>
      <div className={styles.rowHead}>
        <EditButton id={id} name={name} />
        <div className={styles.tools} role="group" aria-label={`${name} page`}>
          <button
            type="button"
            className={formStyles.tool}
            onClick={() => move(index - 1, 'up')}
            disabled={index === 0}
            aria-label={`Move ${name} up`}
            data-page-focus={focusKey.up(id)}
          >
            Move up
          </button>
          <button
            type="button"
            className={formStyles.tool}
            onClick={() => move(index + 1, 'down')}
            disabled={index === count - 1}
            aria-label={`Move ${name} down`}
            data-page-focus={focusKey.down(id)}
          >
            Move down
          </button>
          <button
            type="button"
            className={formStyles.tool}
            onClick={duplicate}
            disabled={Boolean(full)}
            aria-label={`Duplicate ${name}`}
            data-page-focus={focusKey.duplicate(id)}
          >
            Duplicate
          </button>
          <button type="button" className={formStyles.tool} onClick={() => onRemove(id)} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </div>
      {chosen ? (
        <>
          <div className={styles.field}>
            <label htmlFor={titleId} className={fieldStyles.label}>
              Name of {place}
            </label>
            <input
              id={titleId}
              className={fieldStyles.input}
              value={title}
              maxLength={SITE_LIMITS.pageTitleLength + 20}
              aria-invalid={titleProblem ? true : undefined}
              aria-describedby={titleProblem ? titleProblemId : undefined}
              data-page-focus={focusKey.title(id)}
              // Typing is undone as a text field's is: grouped until a pause.
              onChange={(event) => editor.setValue(focusKey.title(id), renamePage(editor.portfolio, id, event.target.value))}
            />
            {titleProblem ? (
              <p id={titleProblemId} className={styles.problem}>
                {titleProblem}
              </p>
            ) : null}
          </div>
          <AddressField id={id} place={place} />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={inNavigation}
              onChange={(event) =>
                editor.change(setInNavigation(editor.portfolio, id, event.target.checked), {
                  label: event.target.checked ? `${name} is in the navigation` : `${name} is left out of the navigation`,
                })
              }
            />{' '}
            Show {name} in the navigation
          </label>
          <ProtectedField id={id} name={name} />
        </>
      ) : (
        <p className={styles.hint}>
          At …/{slug}/{inNavigation ? '' : ' · not in the navigation'}
          {asksForPassword ? " · asks for the site's password" : ''}
        </p>
      )}
    </li>
  );
});

/**
 * A page behind the site's password (Pro and Premium). Its link stays in the navigation and leads to
 * the password form. Ticked on another plan, it can still be unticked; it cannot be ticked.
 */
function ProtectedField({ id, name }: { id: string; name: string }) {
  const editor = useEditor();
  const allowed = useContext(PasswordAllowed);
  const checked = useEditorState((state) => pageOf(state.portfolio, id)?.protected === true);
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={checked}
          disabled={!checked && allowed !== true}
          aria-describedby={hintId}
          onChange={(event) =>
            editor.change(setPageProtected(editor.portfolio, id, event.target.checked), {
              label: event.target.checked ? `${name} asks for the site's password` : `${name} is open to everyone`,
            })
          }
        />{' '}
        Ask for the site's password on {name}
      </label>
      <p id={hintId} className={styles.hint}>
        {allowed === true ? (
          <>
            Visitors need the password you set under Publish. Its link stays in the navigation and leads to the password form; search
            engines do not see the page.
          </>
        ) : allowed === false ? (
          <>
            Pages behind a password come with the Pro and Premium plans. <Link to="/pricing">See the plans</Link>
          </>
        ) : (
          <>Pages behind a password come with the Pro and Premium plans: sign in to use them.</>
        )}
      </p>
    </div>
  );
}

/**
 * A page's address: what is typed stays in the field, checked as typed, the message beside it; it
 * becomes the page's address when the field is left or Enter pressed, and only when it can be (so
 * the old address is kept as one redirect, not one per key).
 */
function AddressField({ id, place }: { id: string; place: string }) {
  const editor = useEditor();
  const slug = useEditorState((state) => pageOf(state.portfolio, id)?.slug ?? '');
  const oldAddresses = useEditorList((state) => oldAddressesOf(state.portfolio, id));
  const [typed, setTyped] = useState(slug);
  const [shownSlug, setShownSlug] = useState(slug);
  // The address changed from elsewhere (undo, redo): the field shows it.
  if (slug !== shownSlug) {
    setShownSlug(slug);
    setTyped(slug);
  }
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const problem = typed === slug ? undefined : pageSlugProblem(editor.portfolio, id, typed);
  const commit = () => {
    if (typed === slug || problem) return;
    editor.change(changePageSlug(editor.portfolio, id, typed), {
      label: `The page's address is ${typed} now; ${slug} leads to it`,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        Address of {place}
      </label>
      <input
        id={inputId}
        className={fieldStyles.input}
        value={typed}
        spellCheck={false}
        autoCapitalize="none"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {problem ? (
        <p id={problemId} className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <p id={hintId} className={styles.hint}>
        The page is at …/{slug}/ of the site.
        {oldAddresses.length
          ? ` Its old address${oldAddresses.length > 1 ? 'es' : ''} ${oldAddresses.map((old) => `…/${old}/`).join(', ')} lead${oldAddresses.length > 1 ? '' : 's'} here.`
          : ''}
      </p>
    </div>
  );
}

/** A new page by its name: its address is made from it. */
function AddPage() {
  const editor = useEditor();
  const full = useEditorState((state) => cannotAddPage(state.portfolio));
  const [title, setTitle] = useState('');
  const [tried, setTried] = useState(false);
  const inputId = useId();
  const problemId = useId();
  const fullId = useId();
  const problem = tried ? pageTitleProblem(title) : undefined;
  const add = () => {
    if (full) return;
    if (pageTitleProblem(title)) {
      setTried(true);
      return;
    }
    const added = addPage(editor.portfolio, title);
    const name = pageName({ title: title.trim() });
    editor.change(added.portfolio, { label: `Added the page ${name}`, focus: focusKey.edit(added.id), undoFocus: focusKey.add });
    // The new page is the one edited now: its sections start here.
    editor.showPage(added.id);
    setTitle('');
    setTried(false);
  };
  const describedBy = [problem ? problemId : '', full ? fullId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.add}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        New page's name
      </label>
      <input
        id={inputId}
        className={fieldStyles.input}
        value={title}
        maxLength={SITE_LIMITS.pageTitleLength + 20}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') add();
        }}
      />
      {problem ? (
        <p id={problemId} className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <Button variant="secondary" onClick={add} disabled={Boolean(full)} aria-describedby={describedBy} data-page-focus={focusKey.add}>
        Add page
      </Button>
      {full ? (
        <p id={fullId} className={styles.hint}>
          {full}
        </p>
      ) : null}
    </div>
  );
}

/** The page being edited is named in the address: read from it once, written to it (replacing) as it changes. */
function usePageInAddress(editor: PortfolioEditor) {
  const [search, setSearch] = useSearchParams();
  const pageId = useEditorState((state) => state.pageId);
  const asked = useRef(pageOfSearch(search));
  useLayoutEffect(() => {
    if (asked.current) editor.showPage(asked.current);
    asked.current = undefined;
  }, [editor]);
  useEffect(() => {
    const shown = editor.store.getState().pageId;
    if ((pageOfSearch(search) ?? HOME_PAGE_ID) !== shown)
      setSearch(searchWithPage(search, shown), { replace: true, preventScrollReset: true });
  }, [editor, pageId, search, setSearch]);
}

/**
 * After a change of pages, its undo or redo, focus goes to the control named by the request, when
 * that control is in the panel (the form takes the others); from the Undo and Redo buttons it stays there.
 */
function usePanelFocus(panelRef: RefObject<HTMLElement>) {
  const request = useEditorState((state) => state.focusRequest);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!request || !panel) return;
    const target = panel.querySelector<HTMLElement>(`[data-page-focus="${CSS.escape(request.target)}"]`);
    if (!target) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !panel.contains(active) && active.closest('[data-editor-toolbar]')) return;
    target.focus();
  }, [panelRef, request]);
}
