import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, useRequireSession } from '@folioforge/shared';
import styles from './RequireAuth.module.scss';

export interface RequireAuthWidgetProps {
  /** What the visitor is about to do, e.g. "save your portfolio". */
  action?: string;
  /** What a signed-in user sees (the save or pay button). */
  children?: ReactNode;
}

/**
 * A federated widget for actions that need an account: signed-in users get the children, visitors a
 * prompt to log in that brings them back to this page afterwards (the host keeps its own draft).
 */
export default function RequireAuthWidget({ action = 'continue', children }: RequireAuthWidgetProps) {
  const { status, redirectToLogin } = useRequireSession();
  if (status === 'signedIn') return <>{children}</>;
  if (status === 'loading')
    return (
      <p role="status" className={styles.prompt}>
        Checking your session…
      </p>
    );
  return (
    <div className={styles.prompt} role="region" aria-label="Log in needed">
      <p>Log in to {action}. You will come back here with your work as you left it.</p>
      <div className={styles.actions}>
        <Button onClick={() => redirectToLogin()}>Log in</Button>
        <Link to="/register">Register</Link>
      </div>
    </div>
  );
}
