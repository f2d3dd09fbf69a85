import { useCallback, useEffect, useMemo, useRef } from 'react';
import { writeDeviceDraft } from './deviceDrafts';
import { DRAFT_SAVE_DELAY_MS, type DraftTarget, type Shown } from './draftTarget';

/**
 * A visitor's draft on this device: saved within DRAFT_SAVE_DELAY_MS of a change, and for certain when
 * the page is hidden or the screen closes. Its files stay on this device (`device:` references).
 */
export function useDeviceDraft(draftId: string): DraftTarget {
  const pending = useRef<(() => Shown) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const read = pending.current;
    pending.current = null;
    if (!read) return;
    const { templateId, portfolio } = read();
    writeDeviceDraft({ id: draftId, templateId, portfolio });
  }, [draftId]);

  const scheduleSave = useCallback(
    (read: () => Shown) => {
      pending.current = read;
      // The timer already running covers this change too: typing never re-arms it.
      timer.current ??= setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    // pagehide also covers reloads and tab closes, where a pending timer would be lost.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return useMemo(() => ({ scheduleSave }), [scheduleSave]);
}
