import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { pageLinkChoices, type PageLinkChoice, type Portfolio, type Section } from '@folioforge/templates';
import type { FileFieldKind } from '../portfolios/fileRules';
import type { EditorState, PortfolioEditor } from './portfolioEditor';
import { pageSections } from './portfolioEdits';

/** The sections of the page being edited (the home page's, or a page's). */
export const editedSections = (state: Pick<EditorState, 'portfolio' | 'pageId'>): readonly Section[] =>
  pageSections(state.portfolio, state.pageId);

/** The editor of the screen, for the form's parts (set by the editor screen). */
export const EditorContext = createContext<PortfolioEditor | null>(null);

export function useEditor(): PortfolioEditor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside an editor screen');
  return editor;
}

/** A part of the editor's state; the component re-renders when it changes. */
export function useEditorState<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditor().store, selector);
}

/**
 * A list-like part of the state, compared item by item (e.g. the ids of the sections): the same array
 * while its items are the same. Every change runs each list's selector (ten or so per key press), so
 * the comparison is a loop, not zustand's `shallow`, which builds two Maps for every array it compares.
 */
export function useEditorList<T>(selector: (state: EditorState) => readonly T[]): readonly T[] {
  const last = useRef<readonly T[] | null>(null);
  return useStore(useEditor().store, (state) => {
    const next = selector(state);
    const previous = last.current;
    if (previous && sameItems(previous, next)) return previous;
    last.current = next;
    return next;
  });
}

/**
 * A part of the state read from the sections of the page being edited alone (a section's kind, an item's field…), for `key`
 * (what the selector reads them for: a section's id, a field's path). A key press in the profile
 * leaves the sections as they were, so the selector is not run again: each of the form's hundred or
 * so such subscriptions then costs a comparison, not a search through the sections.
 */
export function useSectionsState<T>(key: string, selector: (sections: readonly Section[]) => T): T {
  const last = useRef<{ sections: readonly Section[]; key: string; value: T } | null>(null);
  return useStore(useEditor().store, (state) => {
    const sections = editedSections(state);
    const previous = last.current;
    if (previous && previous.sections === sections && previous.key === key) return previous.value;
    const value = selector(sections);
    last.current = { sections, key, value };
    return value;
  });
}

/**
 * The pages a link can be chosen from (Home, each page by its current title, the blog). The same array
 * while no page is added, removed, renamed or moved: a key press in a page's sections changes none.
 */
export function usePageLinkChoicesOfSite(): readonly PageLinkChoice[] {
  const flat = useEditorList((state) => pageLinkChoices(state.portfolio).flatMap((choice) => [choice.href, choice.title]));
  return useMemo(() => {
    const choices: PageLinkChoice[] = [];
    for (let index = 0; index < flat.length; index += 2) choices.push({ href: flat[index] ?? '', title: flat[index + 1] ?? '' });
    return choices;
  }, [flat]);
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, index) => Object.is(item, b[index]));

/** What the preview draws: the whole site and the page of it being edited. */
export interface PreviewState {
  portfolio: Portfolio;
  pageId: string;
}

/**
 * The portfolio, for the preview. A state subscription rather than useSyncExternalStore (zustand's
 * useStore), which queues an after-paint task on every change: one more task per key press.
 */
export function usePreviewPortfolio(editor: PortfolioEditor): PreviewState {
  const read = (state: EditorState): PreviewState => ({ portfolio: state.portfolio, pageId: state.pageId });
  const [preview, setPreview] = useState(() => read(editor.store.getState()));
  useLayoutEffect(() => {
    const keep = (state: EditorState) =>
      setPreview((current) => (current.portfolio === state.portfolio && current.pageId === state.pageId ? current : read(state)));
    keep(editor.store.getState());
    return editor.store.subscribe(keep);
  }, [editor]);
  return preview;
}

/** What the form's file pickers do (the screen decides: kept on this device, or uploaded to the account). */
export interface FileActions {
  choose: (path: string, kind: FileFieldKind, file: File) => void;
  remove: (path: string) => void;
}

export const FileActionsContext = createContext<FileActions>({ choose: () => undefined, remove: () => undefined });
