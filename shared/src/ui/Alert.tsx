import type { ReactNode } from 'react';
import styles from './Alert.module.scss';

interface AlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}

/** An in-page message read out by screen readers: errors interrupt (role=alert), others wait (role=status). */
export function Alert({ tone, children, id }: AlertProps) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {children}
    </div>
  );
}
