import { Button } from './Button';
import styles from './UnavailableNotice.module.scss';

const UNAVAILABLE_MESSAGE = 'This part of FolioForge is unavailable right now';

/** What a region shows when its remote is down or threw: the rest of the page keeps working. */
export function UnavailableNotice({ onRetry, detail }: { onRetry?: () => void; detail?: string }) {
  return (
    <div role="alert" className={styles.notice}>
      <p className={styles.title}>{UNAVAILABLE_MESSAGE}</p>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
