import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, getSupabase } from '@folioforge/shared';
import type { CloudSaver } from '../drafts/cloudSaver';
import { useSaveState } from '../drafts/useAccountDraft';
import { removeAccountCopy, type AccountCopy } from '../portfolios/accountCopies';
import { fetchPortfolio, renamePortfolio, type PortfolioRow } from '../portfolios/portfolioApi';
import { createPortfolioCopy } from '../portfolios/portfolioFiles';
import { adoptRow, forgetRow, patchRow } from '../portfolios/savedRows';
import { titleAfterSwitch } from '../templates/templateCatalog';
import type { OpenPortfolio } from '../portfolios/useOpenPortfolio';
import { ConflictChoice } from './ConflictChoice';
import { useEditor, useEditorState } from './editorHooks';
import { SaveStatus } from './SaveStatus';
import { UnsavedCopiesOffer } from './UnsavedCopiesOffer';
import { useLiveEditing } from './useLiveEditing';
import styles from './SaveStatus.module.scss';

export interface AccountEditing {
  userId: string;
  portfolio: OpenPortfolio;
  saver: CloudSaver;
}

/** Navigation state of an editor that continued an existing portfolio rather than making one. */
export const continuedFrom = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { continued?: unknown }).continued === true;

/**
 * Above the form of a portfolio kept in the account: its title, where its save stands, the way to a
 * new one when this one was continued, and the stale-version choice.
 */
export const AccountBar = memo(function AccountBar({ account, onStartNew }: { account: AccountEditing; onStartNew: () => void }) {
  const { userId, portfolio, saver } = account;
  const editor = useEditor();
  const state = useSaveState(saver);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const title = useTitleFollowingTemplate(account);

  const showRow = useCallback(
    (row: PortfolioRow) => {
      // Another version is on screen now: undo must not bring back what it replaced and save it over it.
      editor.replaceAll(row.data, { undoable: false });
      editor.setTemplate(row.templateId, { undoable: false });
      saver.resetTo(row.version, { templateId: row.templateId, data: row.data });
      adoptRow(queryClient, userId, row, row, portfolio.writer);
    },
    [editor, portfolio.writer, queryClient, saver, userId],
  );
  const loadNewer = useCallback(
    async () => showRow(await fetchPortfolio(getSupabase(), userId, portfolio.id)),
    [portfolio.id, showRow, userId],
  );
  const live = useLiveEditing({ userId, portfolioId: portfolio.id, session: portfolio.writer.session, saver }, showRow);

  const [offered, setOffered] = useState(portfolio.offered);
  const barRef = useRef<HTMLDivElement>(null);
  const settleOffer = useCallback(
    (copy: AccountCopy) => {
      removeAccountCopy(userId, portfolio.id, copy.session);
      setOffered((copies) => copies.filter((candidate) => candidate !== copy));
      // The offer's buttons are gone: focus stays in the bar rather than falling to the page.
      barRef.current?.focus();
    },
    [portfolio.id, userId],
  );
  const review = useCallback(
    (copy: AccountCopy) => {
      // The copy is on screen as made from its own version: saved over a newer one, the account refuses it and the visitor chooses.
      saver.resetTo(copy.baseVersion, null);
      editor.replaceAll(copy.data, { undoable: false });
      editor.setTemplate(copy.templateId, { undoable: false });
      settleOffer(copy);
    },
    [editor, saver, settleOffer],
  );

  const keepMine = useCallback(async () => {
    const mine = saver.currentData();
    const copyTitle = `${title || 'Portfolio'} (my copy)`.slice(0, 120);
    // Its own copies of the stored files: the other portfolio may replace or delete them.
    const row = await createPortfolioCopy(getSupabase(), userId, { templateId: mine.templateId, title: copyTitle, data: mine.data });
    adoptRow(queryClient, userId, row);
    // The other portfolio keeps its newer version; this session's stale copy of it is dropped (other tabs' stay).
    forgetRow(queryClient, userId, portfolio.id, portfolio.writer.session);
    navigate({ pathname: location.pathname, search: `?portfolio=${encodeURIComponent(row.id)}` }, { replace: true });
  }, [location.pathname, navigate, portfolio, queryClient, saver, title, userId]);

  return (
    <div className={styles.bar} ref={barRef} tabIndex={-1}>
      <p className={styles.where}>
        Editing <strong>{title || 'Untitled portfolio'}</strong>, kept in your account. <Link to="/portfolios">My portfolios</Link>
      </p>
      {continuedFrom(location.state) ? (
        <p className={styles.continued}>
          You are continuing this portfolio where you left it.{' '}
          <Button variant="ghost" onClick={onStartNew}>
            Start a new one
          </Button>
        </p>
      ) : null}
      <SaveStatus saver={saver} />
      {/* Live regions drawn empty from the start, so what fills them later is read out. */}
      <p role="status" className={styles.live}>
        {live.updatedElsewhere ? 'Updated from another tab or device' : null}
      </p>
      <p role="status" className={styles.live}>
        {live.alsoOpen ? 'Also open in another tab or on another device' : null}
      </p>
      <UnsavedCopiesOffer copies={offered} tab={portfolio.writer.tab} onReview={review} onDiscard={settleOffer} />
      {state.kind === 'conflict' ? <ConflictChoice onLoadNewer={loadNewer} onKeepMine={keepMine} /> : null}
    </div>
  );
});

/**
 * The portfolio's title, renamed with a switch of template while it still names the template the way
 * a new portfolio's title does ("Asha Verma · Personal Portfolio Template"); a title of its own stays.
 */
function useTitleFollowingTemplate({ userId, portfolio }: AccountEditing): string {
  const templateId = useEditorState((state) => state.templateId);
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(portfolio.title);
  const shown = useRef({ templateId, title });
  useEffect(() => {
    const { templateId: from, title: current } = shown.current;
    if (from === templateId) return;
    const next = titleAfterSwitch(current, from, templateId);
    shown.current = { templateId, title: next };
    if (next === current) return;
    setTitle(next);
    renamePortfolio(getSupabase(), portfolio.id, next).then(
      (row) => patchRow(queryClient, userId, row.id, { title: row.title }),
      (error: unknown) => console.warn('[FolioForge] could not rename the portfolio:', error),
    );
  }, [portfolio.id, queryClient, templateId, userId]);
  return title;
}
