import { useEffect } from 'react';
import type { DraftTarget } from '../drafts/draftTarget';
import type { PortfolioEditor } from './portfolioEditor';

/** Saved as opened (which makes this the draft to reopen) and after every change of the portfolio or its template. */
export function useDraftSaving(editor: PortfolioEditor, target: DraftTarget): void {
  useEffect(() => {
    const read = () => {
      const { templateId, portfolio } = editor.store.getState();
      return { templateId, portfolio };
    };
    target.scheduleSave(read);
    return editor.store.subscribe((state, previous) => {
      if (state.portfolio !== previous.portfolio || state.templateId !== previous.templateId) target.scheduleSave(read);
    });
  }, [editor, target]);
}
