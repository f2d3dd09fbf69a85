import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DraftTarget } from '../drafts/draftTarget';
import { EditorContext, FileActionsContext } from './editorHooks';
import type { PortfolioEditor } from './portfolioEditor';
import { ProblemsNotice } from './ProblemsNotice';
import { UndoRedoButtons, useUndoShortcuts } from './UndoRedo';
import { useDraftSaving } from './useDraftSaving';
import { useEditorFiles } from './useEditorFiles';
import styles from './EditorScreen.module.scss';

export interface EditorScreenProps {
  editor: PortfolioEditor;
  target: DraftTarget;
  /** The page's heading (h1). */
  heading: string;
  /** Shown on screen, or only to screen readers (the design screen's panel title says it). */
  headingVisible?: boolean;
  /** The form panel's title, e.g. 'Input Section'. */
  panelTitle: string;
  /** The preview panel's title, e.g. 'Template Preview'. */
  previewTitle: string;
  /** Above the form: the account's bar, or a note about where the draft is kept. */
  top?: ReactNode;
  form: ReactNode;
  /** Below the form: buy, reset, switch template, publish. */
  bottom?: ReactNode;
  preview: ReactNode;
  /** The preview region's test id (kept from the screens before). */
  previewTestId: string;
}

type View = 'edit' | 'preview';
type Width = 'desktop' | 'phone';

/**
 * The editor's frame, shared by /design and /portfo: the form beside a live preview on wide screens;
 * below 900 px an Edit / Preview switch (both stay drawn: the preview follows every edit, the form
 * keeps its state, and the field you were in gets the caret back); on wide screens the preview can
 * be shown at a phone's width.
 */
export function EditorScreen(props: EditorScreenProps) {
  const { editor, target, heading, headingVisible = false, panelTitle, previewTitle, top, form, bottom, preview, previewTestId } = props;
  const files = useEditorFiles(editor, target);
  useDraftSaving(editor, target);
  const screenRef = useRef<HTMLDivElement>(null);
  useUndoShortcuts(screenRef, editor.undo, editor.redo);
  const panelTitleId = useId();
  const previewTitleId = useId();
  const editTabId = useId();
  const previewTabId = useId();
  const [view, setView] = useState<View>('edit');
  const [width, setWidth] = useState<Width>('desktop');
  const lastField = useLastField(screenRef);
  useStickyTop(screenRef);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusLeftBehind(headingRef);
  const frameRef = useRef<HTMLDivElement>(null);
  useDesktopZoom(frameRef);

  const show = useCallback((next: View) => setView(next), []);
  // Back on the form, the caret returns to the field it was in.
  useLayoutEffect(() => {
    if (view === 'edit') lastField.restore();
  }, [lastField, view]);

  return (
    <EditorContext.Provider value={editor}>
      <FileActionsContext.Provider value={files}>
        <div className={styles.screen} ref={screenRef} data-view={view}>
          <h1 ref={headingRef} tabIndex={-1} className={headingVisible ? styles.heading : styles.visuallyHidden}>
            {heading}
          </h1>
          <div className={styles.switch} role="tablist" aria-label="Edit or preview">
            <button
              type="button"
              role="tab"
              id={editTabId}
              aria-selected={view === 'edit'}
              aria-controls={`${editTabId}-panel`}
              onClick={() => show('edit')}
            >
              Edit
            </button>
            <button
              type="button"
              role="tab"
              id={previewTabId}
              aria-selected={view === 'preview'}
              aria-controls={`${previewTabId}-panel`}
              onClick={() => show('preview')}
            >
              Preview
            </button>
          </div>
          <div className={styles.panels}>
            <section
              id={`${editTabId}-panel`}
              className={styles.inputPanel}
              aria-labelledby={panelTitleId}
              data-panel="edit"
              onBlur={(event) => lastField.remember(event.target)}
            >
              <h2 id={panelTitleId} className={styles.panelTitle}>
                {panelTitle}
              </h2>
              {top}
              <ProblemsNotice />
              <UndoRedoButtons />
              {form}
              {bottom}
            </section>
            <section
              id={`${previewTabId}-panel`}
              className={styles.previewPanel}
              aria-labelledby={previewTitleId}
              data-testid={previewTestId}
              data-panel="preview"
            >
              <div className={styles.previewHead}>
                <h2 id={previewTitleId} className={styles.previewTitle}>
                  {previewTitle}
                </h2>
                <div className={styles.widths} role="group" aria-label="Preview width">
                  <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
                    Desktop
                  </button>
                  <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
                    Phone
                  </button>
                </div>
              </div>
              <div className={styles.previewFrame} data-width={width} ref={frameRef}>
                <div className={styles.previewPage}>{preview}</div>
              </div>
            </section>
          </div>
        </div>
      </FileActionsContext.Provider>
    </EditorContext.Provider>
  );
}

/**
 * The page's own sticky header (the site's banner) covers the top of the screen: the phone's Edit /
 * Preview switch sticks just below it. Measured, since the header belongs to the page around; by a
 * ResizeObserver, which reports after the browser's own layout: read as the screen mounts, the
 * header's style and size would cost a layout of the whole page inside React's commit.
 */
function useStickyTop(screenRef: React.RefObject<HTMLElement>) {
  useEffect(() => {
    const screen = screenRef.current;
    // The first header outside the editor (the templates in the preview have their own).
    const banner = Array.from(document.querySelectorAll<HTMLElement>('header')).find((header) => !screen?.contains(header));
    if (!screen || !banner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const top = getComputedStyle(banner).position === 'sticky' ? `${banner.getBoundingClientRect().height}px` : '0px';
      screen.style.setProperty('--ff-sticky-top', top);
    });
    observer.observe(banner);
    return () => observer.disconnect();
  }, [screenRef]);
}

/**
 * The control that brought the visitor here (Use Template, Open) went with the page before; the
 * focus it held is on <body>, where the next Tab would start from the top of the site. The screen's
 * heading takes it, so a screen reader says where they are and Tab goes on into the form.
 */
function useFocusLeftBehind(headingRef: React.RefObject<HTMLHeadingElement>) {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) headingRef.current?.focus({ preventScroll: true });
  }, [headingRef]);
}

/** The width the Desktop preview draws the page at (EditorScreen.module.scss's $preview-desktop-width). */
export const PREVIEW_DESKTOP_WIDTH = 1280;

/**
 * The Desktop preview's scale: the frame's inner width over a desktop's, never above 1 (CSS `zoom`,
 * which scales layout too, so the frame scrolls the scaled page and its sticky header still sticks).
 */
function useDesktopZoom(frameRef: React.RefObject<HTMLElement>) {
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const zoom = Math.min(1, frame.clientWidth / PREVIEW_DESKTOP_WIDTH);
      frame.style.setProperty('--ff-preview-zoom', zoom.toFixed(4));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frameRef]);
}

/** The form field the visitor was in, and where the caret was, to go back to it. */
function useLastField(screenRef: React.RefObject<HTMLElement>) {
  const [memory] = useState(() => {
    let field: HTMLElement | null = null;
    let selection: [number, number] | null = null;
    return {
      /** The field focus is leaving (for the Preview tab, or anywhere). */
      remember(active: EventTarget) {
        if (!(active instanceof HTMLElement) || !active.matches('input, textarea, select, [contenteditable="true"], [data-field]')) return;
        field = active;
        selection =
          active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
            ? [active.selectionStart ?? 0, active.selectionEnd ?? 0]
            : null;
      },
      restore() {
        const form = screenRef.current?.querySelector('[data-panel="edit"]');
        if (!field?.isConnected || !form?.contains(field)) return;
        field.focus();
        if (selection && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
          try {
            field.setSelectionRange(...selection);
          } catch {
            /* email and URL inputs have no selection API */
          }
        }
        field = null;
      },
    };
  });
  return memory;
}
