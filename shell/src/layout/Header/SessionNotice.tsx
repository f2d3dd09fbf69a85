import { useAuthStore } from '@folioforge/shared';
import styles from './Header.module.scss';

/**
 * The store's notice about the session (ended after a failed refresh, signed out in another tab),
 * shown once under the header until dismissed. The live region is always present so the text is read
 * out when it appears.
 */
export function SessionNotice({ extra, onDismissExtra }: { extra: string | null; onDismissExtra(): void }) {
  const notice = useAuthStore((state) => state.notice);
  const setNotice = useAuthStore((state) => state.setNotice);
  const message = extra ?? notice;
  return (
    <div role="status" aria-live="polite" className={styles.noticeRegion}>
      {message ? (
        <div className={styles.notice}>
          <span>{message}</span>
          <button type="button" className={styles.dismiss} onClick={() => (extra ? onDismissExtra() : setNotice(null))}>
            Dismiss<span className="visually-hidden"> this message</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
