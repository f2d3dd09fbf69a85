import type { ReactNode } from 'react';
import styles from './AuthLayout.module.scss';

interface AuthLayoutProps {
  /** The screen's heading (Login, Register …), the page's one h1. */
  heading: string;
  /** The side panel beside the form (Login and Register have one; the others do without). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The card every auth screen sits in: heading and form, and on wide screens a side panel. */
export function AuthLayout({ heading, aside, children }: AuthLayoutProps) {
  return (
    <div className={`${styles.layout} ${aside ? styles.withAside : ''}`}>
      <section className={styles.card} aria-labelledby="auth-heading">
        <h1 id="auth-heading" className={styles.heading} tabIndex={-1}>
          {heading}
        </h1>
        {children}
      </section>
      {aside ? <aside className={styles.aside}>{aside}</aside> : null}
    </div>
  );
}

/** The brand panel of Login and Register: product name, tagline and a way across. */
export function BrandPanel({ question, children }: { question: string; children: ReactNode }) {
  return (
    <>
      <p className={styles.brand}>FolioForge</p>
      <p className={styles.tagline}>Create and showcase a professional portfolio with ease.</p>
      <p className={styles.question}>{question}</p>
      {children}
    </>
  );
}
