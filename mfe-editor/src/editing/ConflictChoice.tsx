import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@folioforge/shared';
import styles from './SaveStatus.module.scss';

export interface ConflictChoiceProps {
  /** Replaces what is on screen with the account's newer version. */
  onLoadNewer: () => Promise<void>;
  /** Keeps what is on screen as a new portfolio (the newer version stays as it is). */
  onKeepMine: () => Promise<void>;
}

/**
 * Shown when the account refused a save because another tab or device saved a newer version:
 * nothing is overwritten until the visitor picks one of the two ways out.
 */
export function ConflictChoice({ onLoadNewer, onKeepMine }: ConflictChoiceProps) {
  const [busy, setBusy] = useState<'newer' | 'mine' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  // The question needs an answer before saving goes on: focus moves to it.
  useEffect(() => boxRef.current?.focus(), []);

  const choose = (which: 'newer' | 'mine', action: () => Promise<void>) => {
    setBusy(which);
    setProblem(null);
    action().catch((error: unknown) => {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(null);
    });
  };

  return (
    <div ref={boxRef} tabIndex={-1} role="alertdialog" aria-modal="false" aria-labelledby={titleId} className={styles.conflict}>
      <p id={titleId} className={styles.conflictTitle}>
        A newer version of this portfolio was saved in another tab or on another device. Your changes here are kept on this device and not
        saved over it.
      </p>
      <div className={styles.conflictButtons}>
        <Button variant="primary" busy={busy === 'newer'} disabled={busy !== null} onClick={() => choose('newer', onLoadNewer)}>
          Load the newer version
        </Button>
        <Button variant="secondary" busy={busy === 'mine'} disabled={busy !== null} onClick={() => choose('mine', onKeepMine)}>
          Keep mine as a new portfolio
        </Button>
      </div>
      {problem ? (
        <p role="alert" className={styles.conflictProblem}>
          That did not work: {problem}
        </p>
      ) : null}
    </div>
  );
}
