import { useId } from 'react';
import { Button } from '@folioforge/shared';
import type { AccountCopy } from '../portfolios/accountCopies';
import styles from './SaveStatus.module.scss';

const when = (time: number) => new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface UnsavedCopiesOfferProps {
  copies: readonly AccountCopy[];
  /** This tab's id: its own copies are said to be from this tab. */
  tab: string;
  /** Puts the copy on screen in place of the saved version (a refused save then asks which to keep). */
  onReview: (copy: AccountCopy) => void;
  onDiscard: (copy: AccountCopy) => void;
}

/**
 * Unsaved work on this device that did not open: another tab's, or made on a version older than the
 * one saved since. The saved version is on screen; the visitor chooses what happens to each copy.
 */
export function UnsavedCopiesOffer({ copies, tab, onReview, onDiscard }: UnsavedCopiesOfferProps) {
  const baseId = useId();
  if (copies.length === 0) return null;
  return (
    <ul className={styles.offers} aria-label="Unsaved changes on this device">
      {copies.map((copy) => {
        const textId = `${baseId}-${copy.session}`;
        return (
          <li key={copy.session} className={styles.offer}>
            <p id={textId} className={styles.offerText}>
              {copy.tab === tab
                ? 'You have unsaved changes from this tab, made before a newer version was saved'
                : 'You have unsaved changes from another tab'}
              {copy.updatedAt ? ` (last edited ${when(copy.updatedAt)})` : ''}. What you see is the newest saved version.
            </p>
            <div className={styles.conflictButtons}>
              <Button variant="secondary" aria-describedby={textId} onClick={() => onReview(copy)}>
                Review
              </Button>
              <Button variant="ghost" aria-describedby={textId} onClick={() => onDiscard(copy)}>
                Discard
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
