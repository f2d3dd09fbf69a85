import { memo } from 'react';
import { Button } from '@folioforge/shared';
import type { CloudSaver } from '../drafts/cloudSaver';
import { useSaveState } from '../drafts/useAccountDraft';
import styles from './SaveStatus.module.scss';

/**
 * Where the account's copy stands, beside the form: Saved, Saving…, Offline (kept on this device),
 * or why a save failed, with a retry. A polite live region: screen readers hear changes, not keys.
 */
export const SaveStatus = memo(function SaveStatus({ saver }: { saver: CloudSaver }) {
  const state = useSaveState(saver);
  return (
    <div className={styles.status} data-state={state.kind}>
      <p role="status" aria-live="polite" className={styles.text}>
        {state.kind === 'saved' && 'Saved'}
        {state.kind === 'saving' && 'Saving…'}
        {state.kind === 'offline' && 'Offline — kept on this device, will retry'}
        {state.kind === 'failed' && `Could not save: ${state.message}`}
        {state.kind === 'conflict' && 'Not saved: a newer version exists'}
      </p>
      {state.kind === 'failed' || state.kind === 'offline' ? (
        <Button variant="ghost" className={styles.retry} onClick={() => saver.retry()}>
          Retry now
        </Button>
      ) : null}
    </div>
  );
});
