// The résumé made from the portfolio while it is edited: made in a worker once the opened screen
// leaves the browser idle (or once an uploaded PDF is removed), then again each time typing pauses. The preview's pages link it
// (templates' MadeResumeProvider) as the published page will; an uploaded PDF takes precedence.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isUploadedResume, MadeResumeProvider, type PageLook, type Portfolio } from '@folioforge/templates';
import type { PortfolioEditor } from '../../editing/portfolioEditor';
import type { ResumeMaker } from './resumeMaker';

/** How long typing pauses before the résumé is made again. */
export const RESUME_DEBOUNCE_MS = 600;

/** The longest the first résumé waits for the browser to be idle. */
const FIRST_RESUME_WAIT_MS = 2000;

/**
 * Runs `work` when the browser is idle: the PDF maker (a worker of 441 KB gzipped, and its fonts) then
 * loads after the editor's own files, not in their way. Returns the cancel.
 */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: FIRST_RESUME_WAIT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

export interface MadePdf {
  url: string;
  bytes: Uint8Array;
  fileName: string;
}

export type MadeResumeState =
  | { phase: 'idle' }
  | { phase: 'making'; previous?: MadePdf }
  | { phase: 'ready'; made: MadePdf }
  | { phase: 'failed'; message: string; previous?: MadePdf };

export interface MadeResumeApi {
  state: MadeResumeState;
  /** Whether the screen shows the viewer in its form (the design screen) or in its preview (the generator). */
  viewerInForm: boolean;
}

const Context = createContext<MadeResumeApi | null>(null);

/** The made résumé of the screen; null outside a screen that makes one. */
export const useMadeResume = (): MadeResumeApi | null => useContext(Context);

export const shownPdf = (state: MadeResumeState): MadePdf | undefined =>
  state.phase === 'ready' ? state.made : state.phase === 'idle' ? undefined : state.previous;

interface MadeResumeHostProps {
  editor: PortfolioEditor;
  maker: ResumeMaker;
  viewerInForm: boolean;
  /** The page's look as the owner's plan gives it: the résumé's accent and font. */
  look?: PageLook;
  children: ReactNode;
}

export function MadeResumeHost({ editor, maker, viewerInForm, look, children }: MadeResumeHostProps) {
  const [state, setState] = useState<MadeResumeState>({ phase: 'idle' });

  // Made once the screen has opened, so the preview links it as the published page will.
  useEffect(() => {
    let latest = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const make = (portfolio: Portfolio, templateId: string) => {
      const ticket = ++latest;
      // An upload is what every place shows: nothing to make until it is removed.
      if (isUploadedResume(portfolio.profile.resume)) return;
      setState((current) => ({ phase: 'making', previous: shownPdf(current) }));
      maker.make(portfolio, templateId, look).then(
        ({ pdf, fileName }) => {
          if (stopped || ticket !== latest) return;
          const url = URL.createObjectURL(new Blob([pdf as BlobPart], { type: 'application/pdf' }));
          setState({ phase: 'ready', made: { url, bytes: pdf, fileName } });
        },
        (error: unknown) => {
          if (stopped || ticket !== latest) return;
          console.warn('[FolioForge] the résumé could not be made:', error);
          setState((current) => ({
            phase: 'failed',
            message: 'Your résumé could not be made just now. Keep editing to try again, or reload the page.',
            previous: shownPdf(current),
          }));
        },
      );
    };
    const cancelFirst = whenIdle(() => {
      const { portfolio, templateId } = editor.store.getState();
      make(portfolio, templateId);
    });
    const unsubscribe = editor.store.subscribe((next, before) => {
      if (next.portfolio === before.portfolio && next.templateId === before.templateId) return;
      clearTimeout(timer);
      timer = setTimeout(() => make(next.portfolio, next.templateId), RESUME_DEBOUNCE_MS);
    });
    return () => {
      stopped = true;
      cancelFirst();
      clearTimeout(timer);
      unsubscribe();
    };
  }, [editor, maker, look]);

  // A replaced PDF's address is let go once the viewer moved on to the new one.
  const url = shownPdf(state)?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const api = useMemo(() => ({ state, viewerInForm }), [state, viewerInForm]);
  return (
    <Context.Provider value={api}>
      <MadeResumeProvider url={url}>{children}</MadeResumeProvider>
    </Context.Provider>
  );
}
