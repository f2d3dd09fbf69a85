import type { ReactNode } from 'react';
import { DragHandle } from './SortableList';
import styles from './PortfolioForm.module.scss';

export interface RowToolsProps {
  /** What the row is called: "Project 4", "Education", "the GitHub link". */
  name: string;
  /** Names the group of buttons for screen readers. */
  groupLabel: string;
  /** The drag handle's `data-focus` key (focus goes back to it after a move). */
  handleKey: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  onDuplicate?: () => void;
  /** The duplicate button's `data-focus` key, when it is a place focus goes back to. */
  duplicateKey?: string;
  /** More buttons before Duplicate (a section's Hide). */
  children?: ReactNode;
}

/** A row's buttons: drag handle, Up, Down, anything more, Duplicate, Remove. */
export function RowTools({
  name,
  groupLabel,
  handleKey,
  index,
  count,
  onMove,
  onRemove,
  onDuplicate,
  duplicateKey,
  children,
}: RowToolsProps) {
  return (
    <div className={styles.rowTools} role="group" aria-label={groupLabel} data-editor-toolbar="">
      <DragHandle label={`Reorder ${name}`} focusKey={handleKey} className={styles.handle} />
      <button type="button" className={styles.tool} onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={`Move ${name} up`}>
        Up
      </button>
      <button
        type="button"
        className={styles.tool}
        onClick={() => onMove(index + 1)}
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
      >
        Down
      </button>
      {children}
      {onDuplicate ? (
        <button type="button" className={styles.tool} onClick={onDuplicate} data-focus={duplicateKey} aria-label={`Duplicate ${name}`}>
          Duplicate
        </button>
      ) : null}
      <button type="button" className={styles.tool} onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </div>
  );
}
