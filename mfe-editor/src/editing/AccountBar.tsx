import { memo, useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import type { TemplateField, TemplateValues } from '@folioforge/templates';
import { removeAccountCopy, writeAccountCopy } from '../drafts/accountCopies';
import type { CloudSaver } from '../drafts/cloudSaver';
import { valuesFromDraftEntry } from '../drafts/draftValues';
import { useSaveState } from '../drafts/useAccountDraft';
import { fetchPortfolio } from '../portfolios/portfolioApi';
import { createPortfolioCopy } from '../portfolios/portfolioFiles';
import { portfolioKeys } from '../portfolios/queries';
import type { OpenPortfolio } from '../portfolios/useOpenPortfolio';
import { ConflictChoice } from './ConflictChoice';
import { SaveStatus } from './SaveStatus';
import styles from './SaveStatus.module.scss';

export interface AccountEditing {
  userId: string;
  portfolio: OpenPortfolio;
  saver: CloudSaver;
}

interface AccountBarProps {
  account: AccountEditing;
  fields: readonly TemplateField[];
  sampleValues: TemplateValues;
  /** Puts other values on screen (and in the form) at once. */
  replaceValues: (values: TemplateValues, options?: { undoable?: boolean }) => void;
}

/** Above the form of a portfolio kept in the account: its title, where its save stands, and the stale-version choice. */
export const AccountBar = memo(function AccountBar({ account, fields, sampleValues, replaceValues }: AccountBarProps) {
  const { userId, portfolio, saver } = account;
  const state = useSaveState(saver);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const loadNewer = useCallback(async () => {
    const row = await fetchPortfolio(getSupabase(), userId, portfolio.id);
    // Another version is on screen now: undo must not bring back what it replaced and save it over it.
    replaceValues(valuesFromDraftEntry(fields, sampleValues, { values: row.data, files: {}, updatedAt: 0 }), { undoable: false });
    saver.resetTo(row.version, row.data);
    writeAccountCopy(userId, portfolio.id, {
      templateId: row.templateId,
      title: row.title,
      baseVersion: row.version,
      data: row.data,
      files: {},
      dirty: false,
    });
    queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
  }, [fields, portfolio.id, queryClient, replaceValues, sampleValues, saver, userId]);

  const keepMine = useCallback(async () => {
    const data = saver.currentData();
    const title = `${portfolio.title || 'Portfolio'} (my copy)`.slice(0, 120);
    // Its own copies of the stored files: the other portfolio may replace or delete them.
    const row = await createPortfolioCopy(getSupabase(), userId, { templateId: portfolio.templateId, title, data });
    writeAccountCopy(userId, row.id, {
      templateId: row.templateId,
      title: row.title,
      baseVersion: row.version,
      data: row.data,
      files: {},
      dirty: false,
    });
    // The other portfolio keeps its newer version; this device's stale copy of it is dropped.
    removeAccountCopy(userId, portfolio.id);
    queryClient.setQueryData(portfolioKeys.one(userId, row.id), row);
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.list(userId) });
    navigate({ pathname: location.pathname, search: `?portfolio=${encodeURIComponent(row.id)}` }, { replace: true });
  }, [location.pathname, navigate, portfolio, queryClient, saver, userId]);

  return (
    <div className={styles.bar}>
      <p className={styles.where}>
        Editing <strong>{portfolio.title || 'Untitled portfolio'}</strong>, kept in your account.{' '}
        <Link to="/portfolios">My portfolios</Link>
      </p>
      <SaveStatus saver={saver} />
      {state.kind === 'conflict' ? <ConflictChoice onLoadNewer={loadNewer} onKeepMine={keepMine} /> : null}
    </div>
  );
});
